import { describeValue } from '../internal/describe-value.js'
// Readers for the scalar and JSON values of a document; each names the location of a bad value.
import { isPlainObject } from '../primitives/index.js'
import { invalid } from './document-errors.js'
import type { JsonObject, JsonValue } from './document-format.js'

/** Reads a plain object. */
export function readObject(value: unknown, at: string): Record<string, unknown> {
  return isPlainObject(value)
    ? value
    : invalid(at, `expected an object, got ${describeValue(value)}`)
}

/** Reads an array. */
export function readArray(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) invalid(at, `expected an array, got ${describeValue(value)}`)
  // A copy without holes: a sparse array's missing items are read (and refused) as undefined.
  return Array.from(value as unknown[])
}

/** Reads a string; `nonEmpty` rejects `''`. */
export function readString(value: unknown, at: string, nonEmpty = false): string {
  if (typeof value !== 'string') invalid(at, `expected a string, got ${describeValue(value)}`)
  if (nonEmpty && value === '') invalid(at, 'expected a non-empty string')
  return value
}

/** Reads a finite number. */
export function readNumber(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    invalid(at, `expected a finite number, got ${describeValue(value)}`)
  }
  return value
}

/** Reads a boolean. */
export function readBoolean(value: unknown, at: string): boolean {
  return typeof value === 'boolean'
    ? value
    : invalid(at, `expected a boolean, got ${describeValue(value)}`)
}

/**
 * Reads JSON data (a document given as an object may hold anything): a new copy made of plain
 * objects, arrays, strings, finite numbers, booleans and null; anything else is an error naming
 * its location.
 */
export function readJsonData(value: unknown, at: string): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value : invalid(at, `${String(value)} is not JSON data`)
    case 'object':
      break
    default:
      return invalid(at, `${describeValue(value)} is not JSON data`)
  }
  if (value === null) return null
  if (Array.isArray(value)) {
    const out: JsonValue[] = []
    for (let i = 0; i < value.length; i++) out.push(readJsonData(value[i], `${at}.${i}`))
    return out
  }
  if (!isPlainObject(value)) return invalid(at, `${describeValue(value)} is not JSON data`)
  const out: JsonObject = {}
  for (const key of Object.keys(value)) {
    // defineProperty, so a key such as '__proto__' stays an ordinary key.
    Object.defineProperty(out, key, {
      value: readJsonData(value[key], `${at}.${key}`),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/** Reads a JSON object (see `readJsonData`). */
export function readJsonObject(value: unknown, at: string): JsonObject {
  return readJsonData(readObject(value, at), at) as JsonObject
}
