import { InvalidArgumentError } from '../errors/index.js'
import { type Behaviour, type DataOf, fromFactory } from './behaviour.js'
import { deepEqual } from './deep-equal.js'
import { readOneOf, requireNumber } from './option-readers.js'
import type { Primitive, SetMode } from './types.js'

/** The set modes, in the order error messages list them. */
export const SET_MODES: readonly SetMode[] = ['exact', 'subset', 'superset', 'overlap']

/** Whether `list[0..end)` holds an element deep-equal to `item`. */
function contains(list: readonly unknown[], item: unknown, end: number = list.length): boolean {
  if (typeof item !== 'object' || item === null) {
    // Scalars: the native SameValueZero scan (NaN finds NaN, as in deepEqual).
    if (end === list.length) return list.includes(item)
    for (let i = 0; i < end; i++) {
      const x = list[i]
      if (x === item || (Number.isNaN(x) && Number.isNaN(item))) return true
    }
    return false
  }
  for (let i = 0; i < end; i++) if (deepEqual(list[i], item)) return true
  return false
}

function everyIn(items: readonly unknown[], pool: readonly unknown[]): boolean {
  for (let i = 0; i < items.length; i++) if (!contains(pool, items[i])) return false
  return true
}

/** Counts the distinct elements of `a` that are in `b`, stopping once `enough` are found. */
function sharedAtLeast(a: readonly unknown[], b: readonly unknown[], enough: number): boolean {
  let shared = 0
  for (let i = 0; i < a.length; i++) {
    const item = a[i]
    if (contains(b, item) && !contains(a, item, i) && ++shared >= enough) return true
  }
  return false
}

/** The registry entry of `setContainment`. */
export const setContainmentBehaviour: Behaviour<DataOf<'SetContainment'>> = {
  keys: ['mode', 'minOverlap'],
  build: (fields, where) => ({
    type: 'SetContainment',
    mode: readOneOf(fields, 'mode', SET_MODES, 'exact', where, 'set mode'),
    minOverlap:
      fields.minOverlap === undefined
        ? 1
        : requireNumber(fields, 'minOverlap', { above: 1, orEqual: true, integer: true }, where),
  }),
  check: (data, value, expected) => {
    if (!Array.isArray(value) || !Array.isArray(expected)) return false
    switch (data.mode) {
      case 'exact':
        return everyIn(value, expected) && everyIn(expected, value)
      case 'subset':
        return everyIn(value, expected)
      case 'superset':
        return everyIn(expected, value)
      default:
        return sharedAtLeast(value, expected, data.minOverlap)
    }
  },
  accepts: (_data, value) => Array.isArray(value),
}

/** Options of `setContainment`. */
export interface SetContainmentOptions {
  /** For mode `'overlap'`: how many distinct elements must be shared (default 1). */
  minOverlap?: number | undefined
}

/**
 * Compares two arrays as sets (order and duplicates ignored, elements by deep equality):
 * `'exact'` same elements, `'subset'` value ⊆ expected, `'superset'` value ⊇ expected,
 * `'overlap'` at least `minOverlap` shared. A non-array fails.
 *
 * @example
 * setContainment('subset').check(['a'], ['a', 'b']) // true
 * setContainment('overlap', { minOverlap: 2 }).check([1, 2, 3], [2, 3]) // true
 */
export function setContainment(
  mode?: SetMode,
  options?: SetContainmentOptions,
): Primitive<DataOf<'SetContainment'>> {
  const where = 'setContainment()'
  const p = fromFactory(setContainmentBehaviour, options, where, { mode })
  if (p.mode !== 'overlap' && options?.minOverlap !== undefined) {
    throw new InvalidArgumentError(
      `'minOverlap' given for set mode '${p.mode}' in ${where}`,
      "'minOverlap' only applies to mode 'overlap': use setContainment('overlap', { minOverlap }).",
    )
  }
  return p
}

/** The registry entry of `literalMatch`. */
export const literalMatchBehaviour: Behaviour<DataOf<'LiteralMatch'>> = {
  keys: [],
  build: () => ({ type: 'LiteralMatch' }),
  check: (_data, value, expected) => deepEqual(value, expected),
  accepts: () => true,
}

/**
 * Deep strict equality with no normalization (`1` does not match `'1'`); compares any value.
 *
 * @example
 * literalMatch().check({ a: [1] }, { a: [1] }) // true
 */
export function literalMatch(): Primitive<DataOf<'LiteralMatch'>> {
  return fromFactory(literalMatchBehaviour, undefined, 'literalMatch()')
}
