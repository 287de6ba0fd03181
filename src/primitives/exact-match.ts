import { isPlainObject } from '../internal/is-plain-object.js'
import { type Behaviour, type DataOf, fromFactory } from './behaviour.js'
import { plainObjectsEqual } from './deep-equal.js'
import { applyNormalizers, validateNormalizers } from './normalizers.js'
import type { Normalizer, Primitive } from './types.js'

const DEFAULT_NORMALIZE: readonly Normalizer[] = Object.freeze(['lowercase', 'strip'] as const)

/** The text of a scalar (string, number, boolean, `Date` as ISO), `undefined` for the rest. */
function scalarText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value
    case 'number':
    case 'boolean':
      return String(value)
    default:
      if (value instanceof Date) {
        return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
      }
      return undefined
  }
}

type Shape = 'nullish' | 'scalar' | 'array' | 'object' | 'other'

function shapeOf(value: unknown): Shape {
  if (value == null) return 'nullish'
  if (scalarText(value) !== undefined) return 'scalar'
  if (Array.isArray(value)) return 'array'
  return isPlainObject(value) ? 'object' : 'other'
}

/**
 * The `exactMatch` comparison: both nullish match; scalars compare as normalized strings;
 * arrays and plain objects compare structurally with every leaf compared by this same rule.
 */
export function exactEqual(a: unknown, b: unknown, normalize: readonly Normalizer[]): boolean {
  if (a == null || b == null) return a == null && b == null
  const sa = scalarText(a)
  const sb = scalarText(b)
  if (sa !== undefined || sb !== undefined) {
    if (sa === undefined || sb === undefined) return false
    // Normalizers are pure, so equal raw text stays equal: skip them on the common hit.
    if (sa === sb) return true
    return applyNormalizers(sa, normalize) === applyNormalizers(sb, normalize)
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!exactEqual(a[i], b[i], normalize)) return false
    return true
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false
  return plainObjectsEqual(a, b, exactEqual, normalize)
}

function readNormalize(fields: Record<string, unknown>, where: string): Normalizer[] {
  const value = fields.normalize
  return value === undefined
    ? (DEFAULT_NORMALIZE as Normalizer[])
    : validateNormalizers(value, where)
}

/** The registry entry of `exactMatch`. */
export const exactMatchBehaviour: Behaviour<DataOf<'ExactMatch'>> = {
  keys: ['normalize'],
  build: (fields, where) => {
    return { type: 'ExactMatch', normalize: readNormalize(fields, where) }
  },
  check: (data, value, expected) => exactEqual(value, expected, data.normalize),
  accepts: (_data, value, expected) => {
    const shape = shapeOf(value)
    if (shape === 'other') return false
    // A shape mismatch (array vs string, object vs array) is a wrong type.
    const other = shapeOf(expected)
    return shape === 'nullish' || other === 'nullish' || other === 'other' || shape === other
  },
}

/** Options of `exactMatch`. */
export interface ExactMatchOptions {
  /** Normalizers applied to both sides' strings, left to right; default `['lowercase', 'strip']`. */
  normalize?: readonly Normalizer[] | undefined
}

/**
 * Compares scalars as normalized strings (`1` matches `'1'`), arrays and objects structurally
 * with their string leaves normalized; both nullish match, one nullish fails.
 *
 * @example
 * exactMatch().check(' Aspirin ', 'aspirin') // true
 * exactMatch({ normalize: [] }).check('A', 'a') // false
 */
export function exactMatch(options?: ExactMatchOptions): Primitive<DataOf<'ExactMatch'>> {
  return fromFactory(exactMatchBehaviour, options, 'exactMatch()')
}

/** The registry entry of `orderedMatch`. */
export const orderedMatchBehaviour: Behaviour<DataOf<'OrderedMatch'>> = {
  keys: ['normalize'],
  build: (fields, where) => {
    return { type: 'OrderedMatch', normalize: readNormalize(fields, where) }
  },
  check: (data, value, expected) =>
    Array.isArray(value) && Array.isArray(expected) && exactEqual(value, expected, data.normalize),
  accepts: (_data, value) => Array.isArray(value),
}

/**
 * Compares two arrays element by element, in order, with the `exactMatch` rule for each element;
 * a non-array fails.
 *
 * @example
 * orderedMatch().check(['A', 'b '], ['a', 'B']) // true
 */
export function orderedMatch(options?: ExactMatchOptions): Primitive<DataOf<'OrderedMatch'>> {
  return fromFactory(orderedMatchBehaviour, options, 'orderedMatch()')
}
