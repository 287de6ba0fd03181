import { types } from 'node:util'
import { quotedMessage } from '../errors/quoted-message.js'

/** Longer strings are cut in messages: a message names a value, it does not print it. */
const MAX_STRING = 80

// The one way the library names a value in a message or a diagnostic. Every message that says
// what it got ("expected a string, got 42") uses it, so a value reads the same everywhere.

/**
 * Describes a value for a message: strings quoted (and cut), scalars as written (`42`, `true`,
 * `null`, `undefined`, `10n`), arrays and plain objects by kind (a tagged node by its `type`),
 * other objects by their class (`a Date`, `a Map`, `a Promise`). It never throws and runs none of
 * the value's own code except guarded reads of `type` and `constructor`: a Proxy, a throwing
 * getter, a null-prototype object or a symbol is described, not converted.
 *
 * @example
 * describeValue(42) // '42'
 * describeValue('high') // "'high'"
 * describeValue({ type: 'TurnAt', index: 0 }) // "an object of type 'TurnAt'"
 * describeValue(new Map()) // 'a Map'
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
  if (types.isBoxedPrimitive(value)) return 'a boxed primitive'
  let type: unknown
  let constructorName: unknown
  try {
    type = (value as { type?: unknown }).type
    const prototype: unknown = Object.getPrototypeOf(value)
    constructorName =
      prototype === null || prototype === Object.prototype
        ? undefined
        : (prototype as { constructor?: { name?: unknown } }).constructor?.name
  } catch {
    return 'an object whose properties throw when read'
  }
  if (typeof constructorName === 'string' && constructorName !== '' && constructorName !== 'Object')
    return `a ${describeText(constructorName)}`
  return typeof type === 'string' ? `an object of type '${describeText(type)}'` : 'an object'
}

function describeText(text: string): string {
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING - 1)}…` : text
}

/**
 * Describes what a user's code threw, for a message or a diagnostic: `Name: message` for an
 * Error (a library error's message without its docs line, as `thrownMessage` quotes it), else the
 * value described. It never throws, whatever was thrown (a null-prototype object, an Error whose
 * `message` getter throws).
 *
 * @example
 * describeThrown(new TypeError('boom')) // 'TypeError: boom'
 * describeThrown(Object.create(null)) // 'an object'
 */
export function describeThrown(thrown: unknown): string {
  if (!(thrown instanceof Error)) return describeValue(thrown)
  try {
    const { name } = thrown
    const quoted = quotedMessage(thrown)
    return `${typeof name === 'string' ? name : 'Error'}: ${quoted ?? describeValue(thrown.message)}`
  } catch {
    return 'an Error whose name or message cannot be read'
  }
}

/**
 * The message of what a user's code threw, to quote in another text (a message, a diagnostic,
 * what a tool reports to the model): an Error's message, else the value described. A library
 * error's message comes without its docs line: the text that quotes it is about something else
 * and names its own docs, and the error (kept as a cause) still has its `docs`.
 */
export function thrownMessage(thrown: unknown): string {
  try {
    return quotedMessage(thrown) ?? wholeMessage(thrown)
  } catch {
    return 'an Error whose message cannot be read'
  }
}

/**
 * The whole message of what was thrown, a library error's docs line included: for a text that
 * stands for the error itself (a turn's error is its cause's message), not one that quotes it.
 */
export function wholeMessage(thrown: unknown): string {
  if (!(thrown instanceof Error)) return describeValue(thrown)
  try {
    const { message } = thrown
    return typeof message === 'string' ? message : describeValue(message)
  } catch {
    return 'an Error whose message cannot be read'
  }
}

/**
 * Writes JSON data back as text, short and on one line, for the text of a condition or a check
 * (`{ eq: 'high' }`, `{"gte":3}`): strings in single quotes, anything that is not JSON data
 * described as `describeValue` does; long renderings are clipped.
 *
 * @example
 * renderData('high') // "'high'"
 * renderData({ gte: 3 }) // '{"gte":3}'
 */
export function renderData(value: unknown): string {
  if (typeof value === 'string') return clip(`'${value}'`)
  if (typeof value !== 'object' || value === null || types.isProxy(value))
    return describeValue(value)
  if (value instanceof Date) {
    return `Date(${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()})`
  }
  const prototype: unknown = Object.getPrototypeOf(value)
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
    return describeValue(value)
  }
  try {
    return clip(JSON.stringify(value) ?? describeValue(value))
  } catch {
    // Cyclic data or a bigint inside: what it is is all a message can say.
    return describeValue(value)
  }
}

/** Longer renderings are cut: a condition's text names its operand, it does not print it. */
const MAX_RENDERING = 60

function clip(text: string): string {
  return text.length > MAX_RENDERING ? `${text.slice(0, MAX_RENDERING - 1)}…` : text
}
