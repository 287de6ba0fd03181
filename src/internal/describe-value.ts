import { types } from 'node:util'

/** Longer strings are cut in messages: a message names a value, it does not print it. */
const MAX_STRING = 80

/**
 * Describes a value for an error message: strings quoted (and cut), arrays and objects by kind (a
 * tagged node by its `type`), scalars as written. It never throws and runs none of the value's
 * own code except a `type` read guarded against throwing: a Proxy, a throwing getter, a
 * null-prototype object or a symbol is described, not converted.
 *
 * @example
 * describeValue('high') // "'high'"
 * describeValue({ type: 'TurnAt', index: 0 }) // "an object of type 'TurnAt'"
 * describeValue(Object.create(null)) // 'an object'
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.length > MAX_STRING ? `'${value.slice(0, MAX_STRING - 1)}…'` : `'${value}'`
    case 'bigint':
      return `${value}n`
    case 'symbol':
      return value.toString()
    case 'function':
      return 'a function'
    case 'object':
      return value === null ? 'null' : describeObject(value)
    default:
      // undefined, numbers and booleans print as written.
      return String(value)
  }
}

function describeObject(value: object): string {
  // A Proxy may throw from any trap (or be revoked): name it without touching it.
  if (types.isProxy(value)) return 'a Proxy'
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array'
  if (value instanceof Date) return 'a Date'
  if (value instanceof RegExp) return 'a RegExp'
  if (types.isBoxedPrimitive(value)) return 'a boxed primitive'
  let type: unknown
  try {
    type = (value as { type?: unknown }).type
  } catch {
    return 'an object whose properties throw when read'
  }
  return typeof type === 'string' ? `an object of type '${describeText(type)}'` : 'an object'
}

function describeText(text: string): string {
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING - 1)}…` : text
}

/**
 * Describes what a user's code threw, for a message or a diagnostic: `Name: message` for an
 * Error, else the value described. It never throws, whatever was thrown (a null-prototype object,
 * an Error whose `message` getter throws).
 *
 * @example
 * describeThrown(new TypeError('boom')) // 'TypeError: boom'
 * describeThrown(Object.create(null)) // 'an object'
 */
export function describeThrown(thrown: unknown): string {
  if (!(thrown instanceof Error)) return describeValue(thrown)
  try {
    const { name, message } = thrown
    return `${typeof name === 'string' ? name : 'Error'}: ${typeof message === 'string' ? message : describeValue(message)}`
  } catch {
    return 'an Error whose name or message cannot be read'
  }
}

/** The message of what a user's code threw: an Error's message, else the value described. */
export function thrownMessage(thrown: unknown): string {
  if (!(thrown instanceof Error)) return describeValue(thrown)
  try {
    const { message } = thrown
    return typeof message === 'string' ? message : describeValue(message)
  } catch {
    return 'an Error whose message cannot be read'
  }
}
