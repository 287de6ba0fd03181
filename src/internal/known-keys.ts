import { quoteList } from '../errors/format-message.js'
import { InvalidArgumentError } from '../errors/invalid-argument-error.js'
import { assertReadable } from './assert-readable.js'
import { describeValue } from './describe-value.js'

/**
 * Throws when `value` is not an object whose properties can be read (see `assertReadable`), or
 * has keys outside `valid`: unknown keys are an error, never ignored.
 *
 * @example
 * assertKnownKeys(spec, ['question', 'stateUpdate'], "addNode('ask', spec)")
 */
export function assertKnownKeys(value: object, valid: readonly string[], where: string): void {
  if (typeof value !== 'object' || value === null) throw notAnObject(value, valid, where)
  assertReadable(value, where)
  if (Array.isArray(value)) throw notAnObject(value, valid, where)
  const unknown = Object.keys(value).filter((k) => !valid.includes(k))
  if (unknown.length === 0) return
  const noun = unknown.length === 1 ? 'key' : 'keys'
  throw new InvalidArgumentError(
    `Unknown ${noun} ${quoteList(unknown)} in ${where}`,
    `Valid keys: ${quoteList(valid)}.`,
  )
}

function notAnObject(
  value: unknown,
  valid: readonly string[],
  where: string,
): InvalidArgumentError {
  return new InvalidArgumentError(
    `Expected an object in ${where}, got ${describeValue(value)}`,
    `Pass an object with the keys ${quoteList(valid)}.`,
  )
}
