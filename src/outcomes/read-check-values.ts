import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../primitives/index.js'

// The plain values a check node holds, read for the check walker (`read-check.ts`): each reader
// returns the value or throws an `InvalidArgumentError` naming where in the check tree it is.

/** An object with only `keys`. */
export function readObject(
  data: unknown,
  where: string,
  keys: readonly string[],
): Record<string, unknown> {
  if (!isPlainObject(data)) return invalid(where, `${describeValue(data)} is not an object`)
  assertKnownKeys(data, keys, where)
  return data
}

/** An array. */
export function readList(data: unknown, where: string): unknown[] {
  return Array.isArray(data) ? data : invalid(where, `${describeValue(data)} is not an array`)
}

/** A string. */
export function readString(data: unknown, where: string): string {
  return typeof data === 'string' ? data : invalid(where, `${describeValue(data)} is not a string`)
}

/** In validate mode the input is returned as it is, now known to have the shape of `T`. */
export function asIs<T>(value: object): T {
  return value as T
}

/** Throws the error of an invalid check at `where`. */
export function invalid(where: string, problem: string, fix?: string): never {
  throw new InvalidArgumentError(`Invalid outcome check at ${where}: ${problem}`, fix)
}
