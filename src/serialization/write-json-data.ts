import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../primitives/index.js'
import type { JsonObject, JsonValue } from './document-format.js'

function notJson(value: unknown, at: string): never {
  throw new InvalidArgumentError(
    `Cannot write ${at} to JSON: it holds ${describeValue(value)}`,
    'Metadata, ground truth and expected values are JSON data (strings, finite numbers, booleans, null, arrays, plain objects; a Date is written as its ISO string).',
  )
}

/**
 * Copies plain data as JSON data, the way `JSON.stringify` would (a key holding `undefined` is
 * left out, `undefined` in an array is `null`, a `Date` is its ISO string), but throws for what
 * JSON would lose silently (functions, class instances, `NaN`, bigint, cycles), naming `at`.
 *
 * @example
 * writeJsonData({ day: new Date(0), note: undefined }, 'nodes.ask.metadata') // { day: '1970-01-01T00:00:00.000Z' }
 */
export function writeJsonData(value: unknown, at: string): JsonValue {
  return copy(value, at, [])
}

/** Like `writeJsonData`, for a value that must be a plain object. */
export function writeJsonObject(value: unknown, at: string): JsonObject {
  if (!isPlainObject(value)) return notJson(value, at)
  return copy(value, at, []) as JsonObject
}

function copy(value: unknown, at: string, ancestors: object[]): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value : notJson(value, at)
    case 'object':
      break
    default:
      return notJson(value, at)
  }
  if (value === null) return null
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? notJson(value, at) : value.toISOString()
  }
  if (ancestors.includes(value)) {
    throw new InvalidArgumentError(`Cannot write ${at} to JSON: it holds a cycle`)
  }
  ancestors.push(value)
  let out: JsonValue
  if (Array.isArray(value)) {
    out = []
    // An index loop: holes and `undefined` elements are `null`, as in JSON.
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      out.push(item === undefined ? null : copy(item, `${at}.${i}`, ancestors))
    }
  } else if (isPlainObject(value)) {
    const object: JsonObject = {}
    for (const key of Object.keys(value)) {
      if (value[key] === undefined) continue
      // defineProperty, so a key such as '__proto__' stays an ordinary key.
      Object.defineProperty(object, key, {
        value: copy(value[key], `${at}.${key}`, ancestors),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    out = object
  } else {
    out = notJson(value, at)
  }
  ancestors.pop()
  return out
}
