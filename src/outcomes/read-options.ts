import { assertKnownKeys, InvalidArgumentError, quoteList } from '../errors/index.js'
import { isPlainObject } from '../primitives/index.js'
import { describeValue } from './describe-value.js'

/** Reads an options argument: `undefined` is `{}`; anything but a plain object is an error. */
export function readOptions(
  options: unknown,
  validKeys: readonly string[],
  where: string,
): Record<string, unknown> {
  if (options === undefined) return {}
  if (!isPlainObject(options)) {
    throw new InvalidArgumentError(
      `Invalid options in ${where}: ${describeValue(options)}`,
      `Pass an options object with the keys ${quoteList(validKeys)}.`,
    )
  }
  assertKnownKeys(options, validKeys, where)
  return options
}
