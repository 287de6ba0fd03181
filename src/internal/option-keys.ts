// The check every options object of the library shares: a plain object with known keys only,
// each value left to its reader, which checks it with the message that option needs (a
// primitive's fields, a check's `node`). No zod here: the matchers, the recording hooks and a
// recording session check their options on paths every test file loads, and an options object
// whose keys are all listed needs nothing but its keys read. Its messages are those of an options
// schema (options-schema.ts) for the same problems: one `InvalidArgumentError` listing them, an
// unknown key with the valid keys at its level.
import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { assertReadable } from './assert-readable.js'
import { describeValue } from './describe-value.js'
import { isPlainObject } from './is-plain-object.js'

/** What to do about an options object whose keys or shape are wrong (the problems list the keys). */
export const OPTIONS_FIX = 'Pass an options object with only the keys listed.'

/** How a check of one options object names it and says what to do. */
export interface OptionKeysContext {
  /** The options object in messages, e.g. `anyTurn(options)`. */
  where: string
  /** What to do about the problem (the last line of the message). */
  fix: string
}

/**
 * Checks an options argument by its keys: `undefined` is `{}`, anything but a plain object (a
 * class instance, a revoked Proxy, named without being read) is refused, and so is a value that
 * cannot be read (`assertReadable`) or a key not in `keys`. Returns a copy holding the listed keys
 * it has, in the list's order (an `undefined` value kept), for the reader to check each value.
 *
 * @example
 * const { node } = parseOptionKeys(options, ['node'], { where: 'anyTurn()', fix: OPTIONS_FIX })
 * // throws for { nodes: 'a' }: anyTurn() has an invalid option
 * //   - unknown key 'nodes' in options; valid keys: 'node'
 */
export function parseOptionKeys(
  options: unknown,
  keys: readonly string[],
  context: OptionKeysContext,
): Record<string, unknown> {
  if (options === undefined) return {}
  if (!isPlainObject(options)) {
    throw optionKeysError(`options: ${optionsObject(keys)}, got ${describeValue(options)}`, context)
  }
  // The values are the reader's to check: first make sure each can be read (a revoked Proxy deep
  // in one is named here, not thrown through by the reader's own checks).
  assertReadable(options, context.where)
  const unknown = Object.keys(options).filter((key) => !keys.includes(key))
  if (unknown.length > 0) {
    const takes = keys.length === 0 ? 'it takes none' : `valid keys: ${quoteList(keys)}`
    throw optionKeysError(
      `unknown key${unknown.length === 1 ? '' : 's'} ${quoteList(unknown)} in options; ${takes}`,
      context,
    )
  }
  const listed: Record<string, unknown> = {}
  for (const key of keys) if (Object.hasOwn(options, key)) listed[key] = options[key]
  return listed
}

/** What an options object of `keys` is, for the message when something else was passed. */
export function optionsObject(keys: readonly string[]): string {
  return `an options object ${keys.length === 0 ? '{}' : `{ ${keys.map((key) => `${key}?`).join(', ')} }`}`
}

function optionKeysError(problem: string, context: OptionKeysContext): InvalidArgumentError {
  return new InvalidArgumentError(`${context.where} has an invalid option`, context.fix, [problem])
}
