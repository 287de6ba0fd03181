import { InvalidArgumentError } from '../errors/index.js'
import { type Behaviour, type DataOf, fromFactory } from './behaviour.js'
import { readBoolean, readNumber, readOneOf, requireNumber } from './option-readers.js'
import { toNumber } from './to-number.js'
import type { DistanceMode, Primitive } from './types.js'

/** The distance modes, in the order error messages list them. */
export const DISTANCE_MODES: readonly DistanceMode[] = ['relative', 'absolute']

const acceptsNumber = (_data: unknown, value: unknown): boolean => toNumber(value) !== undefined

/** The registry entry of `numericExact`. */
export const numericExactBehaviour: Behaviour<DataOf<'NumericExact'>> = {
  keys: [],
  build: () => ({ type: 'NumericExact' }),
  check: (_data, value, expected) => {
    const x = toNumber(value)
    return x !== undefined && x === toNumber(expected)
  },
  accepts: acceptsNumber,
}

/**
 * Numeric equality; numbers and decimal numeric strings (trimmed) are numbers, anything else
 * fails.
 *
 * @example
 * numericExact().check(' 42 ', 42) // true
 */
export function numericExact(): Primitive<DataOf<'NumericExact'>> {
  return fromFactory(numericExactBehaviour, undefined, 'numericExact()')
}

/** The registry entry of `numericTolerance`. */
export const numericToleranceBehaviour: Behaviour<DataOf<'NumericTolerance'>> = {
  keys: ['tolerance', 'mode'],
  build: (fields, where) => ({
    type: 'NumericTolerance',
    tolerance: requireNumber(fields, 'tolerance', { above: 0, orEqual: true }, where),
    mode: readOneOf(fields, 'mode', DISTANCE_MODES, 'relative', where, 'mode'),
  }),
  check: (data, value, expected) => {
    const x = toNumber(value)
    const e = toNumber(expected)
    if (x === undefined || e === undefined) return false
    const diff = Math.abs(x - e)
    if (data.mode === 'absolute') return diff <= data.tolerance
    // Relative to 0 is undefined, so only an exact answer passes.
    if (e === 0) return diff === 0
    return diff / Math.abs(e) <= data.tolerance
  },
  accepts: acceptsNumber,
}

/** Options of `numericTolerance`. */
export interface NumericToleranceOptions {
  /** The allowed difference: a fraction of `expected` (relative) or in units (absolute). */
  tolerance: number
  /** `'relative'` (default) or `'absolute'`. */
  mode?: DistanceMode | undefined
}

/**
 * Passes when the value is within `tolerance` of `expected`; relative by default, where an
 * expected 0 requires an exact 0.
 *
 * @example
 * numericTolerance({ tolerance: 0.1 }).check(105, 100) // true
 */
export function numericTolerance(
  options: NumericToleranceOptions,
): Primitive<DataOf<'NumericTolerance'>> {
  return fromFactory(numericToleranceBehaviour, options, 'numericTolerance()')
}

/** The registry entry of `numericRange`. */
export const numericRangeBehaviour: Behaviour<DataOf<'NumericRange'>> = {
  keys: ['min', 'max', 'exclusiveMin', 'exclusiveMax'],
  build: (fields, where) => {
    const min = readNumber(fields, 'min', {}, where, false)
    const max = readNumber(fields, 'max', {}, where, false)
    const exclusiveMin = readBoolean(fields, 'exclusiveMin', false, where)
    const exclusiveMax = readBoolean(fields, 'exclusiveMax', false, where)
    if (min !== undefined && max !== undefined) {
      if (min > max || (min === max && (exclusiveMin || exclusiveMax))) {
        throw new InvalidArgumentError(
          `Empty range in ${where}: no number satisfies min ${min}${exclusiveMin ? ' (exclusive)' : ''} and max ${max}${exclusiveMax ? ' (exclusive)' : ''}`,
          "Give a 'min' below 'max' (or equal to it, with both bounds inclusive).",
        )
      }
    }
    return {
      type: 'NumericRange',
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
      exclusiveMin,
      exclusiveMax,
    }
  },
  check: (data, value) => {
    const x = toNumber(value)
    if (x === undefined) return false
    const { min, max } = data
    if (min !== undefined && (data.exclusiveMin ? x <= min : x < min)) return false
    if (max !== undefined && (data.exclusiveMax ? x >= max : x > max)) return false
    return true
  },
  accepts: acceptsNumber,
}

/** Options of `numericRange`. */
export interface NumericRangeOptions {
  /** The lower bound (inclusive unless `exclusiveMin`); absent: no lower bound. */
  min?: number | undefined
  /** The upper bound (inclusive unless `exclusiveMax`); absent: no upper bound. */
  max?: number | undefined
  /** Whether `min` itself fails. */
  exclusiveMin?: boolean | undefined
  /** Whether `max` itself fails. */
  exclusiveMax?: boolean | undefined
}

/**
 * Passes when the value lies within the bounds (inclusive by default); `expected` is ignored.
 *
 * @example
 * numericRange({ min: 1, max: 5, exclusiveMax: true }).check('4.9') // true
 */
export function numericRange(options?: NumericRangeOptions): Primitive<DataOf<'NumericRange'>> {
  return fromFactory(numericRangeBehaviour, options, 'numericRange()')
}

/** The registry entry of `numericMinimum`. */
export const numericMinimumBehaviour: Behaviour<DataOf<'NumericMinimum'>> = {
  keys: ['exclusive'],
  build: (fields, where) => ({
    type: 'NumericMinimum',
    exclusive: readBoolean(fields, 'exclusive', false, where),
  }),
  check: (data, value, expected) => {
    const x = toNumber(value)
    const e = toNumber(expected)
    if (x === undefined || e === undefined) return false
    return data.exclusive ? x > e : x >= e
  },
  accepts: acceptsNumber,
}

/** Options of `numericMinimum` and `numericMaximum`. */
export interface NumericBoundOptions {
  /** Whether `expected` itself fails. */
  exclusive?: boolean | undefined
}

/**
 * Passes when the value is at least `expected` (greater than it when `exclusive`).
 *
 * @example
 * numericMinimum().check(3, 3) // true
 */
export function numericMinimum(options?: NumericBoundOptions): Primitive<DataOf<'NumericMinimum'>> {
  return fromFactory(numericMinimumBehaviour, options, 'numericMinimum()')
}

/** The registry entry of `numericMaximum`. */
export const numericMaximumBehaviour: Behaviour<DataOf<'NumericMaximum'>> = {
  keys: ['exclusive'],
  build: (fields, where) => ({
    type: 'NumericMaximum',
    exclusive: readBoolean(fields, 'exclusive', false, where),
  }),
  check: (data, value, expected) => {
    const x = toNumber(value)
    const e = toNumber(expected)
    if (x === undefined || e === undefined) return false
    return data.exclusive ? x < e : x <= e
  },
  accepts: acceptsNumber,
}

/**
 * Passes when the value is at most `expected` (less than it when `exclusive`).
 *
 * @example
 * numericMaximum({ exclusive: true }).check(3, 3) // false
 */
export function numericMaximum(options?: NumericBoundOptions): Primitive<DataOf<'NumericMaximum'>> {
  return fromFactory(numericMaximumBehaviour, options, 'numericMaximum()')
}
