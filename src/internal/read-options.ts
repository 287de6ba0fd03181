import { assertKnownKeys, InvalidArgumentError, quoteList } from '../errors/index.js'
import { describeValue } from './describe-value.js'
import { isPlainObject } from './is-plain-object.js'

/**
 * Reads an options argument: `undefined` is `{}`; anything but a plain object, or a key outside
 * `validKeys`, is an error naming `where`.
 */
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
  if (validKeys.length === 0) {
    const keys = Object.keys(options)
    if (keys.length > 0) {
      const noun = keys.length === 1 ? 'key' : 'keys'
      throw new InvalidArgumentError(
        `Unknown ${noun} ${quoteList(keys)} in ${where}`,
        'It takes no options.',
      )
    }
  }
  assertKnownKeys(options, validKeys, where)
  return options
}
