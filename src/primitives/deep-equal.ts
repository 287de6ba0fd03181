import { isPlainObject } from '../internal/is-plain-object.js'

const hasOwn = Object.prototype.hasOwnProperty

/**
 * Structural equality of JSON-like data and `Date`s: scalars by `===` (and `NaN` equals `NaN`),
 * `Date`s by instant, arrays element by element, plain objects key by key, where a key holding
 * `undefined` counts as missing (as in JSON). Any other object (class instance, `RegExp`, `Map`,
 * function) is equal only to itself. Data must be acyclic.
 *
 * @example
 * deepEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] }) // true
 * deepEqual(1, '1') // false
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN is the one scalar not equal to itself; treat it as equal, like Set and Map do.
    return Number.isNaN(a) && Number.isNaN(b)
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  if (a instanceof Date || b instanceof Date) {
    if (!(a instanceof Date && b instanceof Date)) return false
    const ta = a.getTime()
    const tb = b.getTime()
    return ta === tb || (Number.isNaN(ta) && Number.isNaN(tb))
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false
  return plainObjectsEqual(a, b, deepEqual, undefined)
}

/**
 * Compares two plain objects key by key with `equal` (given `context`, so callers need no
 * closure), a key holding `undefined` counting as missing; shared by `deepEqual` and
 * `exactMatch` (which compares leaves its own way).
 */
export function plainObjectsEqual<C>(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  equal: (x: unknown, y: unknown, context: C) => boolean,
  context: C,
): boolean {
  // Count the defined keys of `b` instead of building key arrays: no allocation on this path.
  let definedInA = 0
  for (const key in a) {
    if (!hasOwn.call(a, key)) continue
    const va = a[key]
    if (va === undefined) continue
    definedInA++
    if (!equal(va, hasOwn.call(b, key) ? b[key] : undefined, context)) return false
  }
  let definedInB = 0
  for (const key in b) if (hasOwn.call(b, key) && b[key] !== undefined) definedInB++
  return definedInA === definedInB
}
