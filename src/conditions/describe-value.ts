// How messages name values: a type name for errors, a short rendering for diagnostics.
import { types } from 'node:util'
import { isPlainObject } from '../primitives/index.js'

const MAX_PREVIEW = 60

/**
 * The type of a value as messages name it: `null`, `array`, `object` for plain objects, the
 * class name for other objects (`Date`, `RegExp`, `Map`), else `typeof`.
 *
 * @example
 * typeName(3) // 'number'
 * typeName(new Date()) // 'Date'
 */
export function typeName(value: unknown): string {
  if (value === null) return 'null'
  // A Proxy may throw from any trap (or be revoked): named, never touched.
  if (typeof value === 'object' && types.isProxy(value)) return 'Proxy'
  if (Array.isArray(value)) return 'array'
  if (typeof value !== 'object') return typeof value
  if (isPlainObject(value)) return 'object'
  let ctor: unknown
  try {
    ctor = (value as { constructor?: unknown }).constructor
  } catch {
    return 'object'
  }
  return typeof ctor === 'function' && ctor.name !== '' ? ctor.name : 'object'
}

function clip(text: string): string {
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW - 1)}…` : text
}

/**
 * A short, single-line rendering of a value for a diagnostic or message: strings in single
 * quotes, JSON data as JSON, other objects by type; long renderings are clipped.
 *
 * @example
 * renderValue('high') // "'high'"
 * renderValue({ gte: 3 }) // '{"gte":3}'
 */
export function renderValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return clip(`'${value}'`)
    case 'undefined':
      return 'undefined'
    case 'bigint':
      return `${value}n`
    case 'function':
      return value.name === '' ? 'a function' : `function ${value.name}`
    case 'symbol':
      return value.toString()
    case 'number':
    case 'boolean':
      return String(value)
    default:
  }
  if (value === null) return 'null'
  if (types.isProxy(value)) return 'a Proxy'
  if (value instanceof Date)
    return `Date(${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()})`
  if (!Array.isArray(value) && !isPlainObject(value)) return `a ${typeName(value)}`
  try {
    return clip(JSON.stringify(value) ?? typeName(value))
  } catch {
    // Cyclic data or a bigint inside: the type is all a message can say.
    return `an ${typeName(value)}`
  }
}
