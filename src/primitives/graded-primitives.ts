// Graded primitives: `check` is a binary gate and `score` gives partial credit that falls off
// with distance, linearly (1 - r) or quadratically (1 - r²), r going from 0 to 1 over the band.
import { InvalidArgumentError } from '../errors/index.js'
import { type Behaviour, type DataOf, fromFactory } from './behaviour.js'
import { DISTANCE_MODES } from './numeric-primitives.js'
import { invalidOption, readNumber, readOneOf, requireNumber } from './option-readers.js'
import { toNumber } from './to-number.js'
import type { Decay, DistanceMode, Primitive } from './types.js'

/** The decay shapes, in the order error messages list them. */
export const DECAYS: readonly Decay[] = ['linear', 'quadratic']
/** The directions of `numericThresholdGraded`. */
export const DIRECTIONS: readonly ('min' | 'max')[] = ['min', 'max']

/** Credit for a position `r` in [0, 1] across the decay band. */
function credit(r: number, decay: Decay): number {
  if (!(r < 1)) return 0
  if (r <= 0) return 1
  return decay === 'quadratic' ? 1 - r * r : 1 - r
}

/**
 * The distance from `expected`, or `undefined` when it is not defined: a non-number on either
 * side, or a relative distance to 0 other than an exact hit.
 */
function distance(value: unknown, expected: unknown, mode: DistanceMode): number | undefined {
  const x = toNumber(value)
  const e = toNumber(expected)
  if (x === undefined || e === undefined) return undefined
  const d = Math.abs(x - e)
  if (!(d >= 0)) return undefined // Infinity - Infinity
  if (mode === 'absolute') return d
  if (e === 0) return d === 0 ? 0 : undefined
  return d / Math.abs(e)
}

const acceptsNumber = (_data: unknown, value: unknown): boolean => toNumber(value) !== undefined

/** The registry entry of `numericGraded`. */
export const numericGradedBehaviour: Behaviour<DataOf<'NumericGraded'>> = {
  keys: ['cutoff', 'fullCredit', 'mode', 'decay'],
  build: (fields, where) => {
    const cutoff = requireNumber(fields, 'cutoff', { above: 0 }, where)
    const fullCredit = readNumber(fields, 'fullCredit', { above: 0, orEqual: true }, where, false)
    if (fullCredit !== undefined && fullCredit >= cutoff) {
      invalidOption(where, 'fullCredit', fullCredit, `>= 0 and below 'cutoff' (${cutoff})`)
    }
    return {
      type: 'NumericGraded',
      cutoff,
      ...(fullCredit === undefined ? {} : { fullCredit }),
      mode: readOneOf(fields, 'mode', DISTANCE_MODES, 'relative', where, 'mode'),
      decay: readOneOf(fields, 'decay', DECAYS, 'linear', where, 'decay'),
    }
  },
  check: (data, value, expected) => {
    const d = distance(value, expected, data.mode)
    return d !== undefined && d <= (data.fullCredit ?? data.cutoff)
  },
  score: (data, value, expected) => {
    const d = distance(value, expected, data.mode)
    if (d === undefined) return 0
    const inner = data.fullCredit ?? 0
    return d <= inner ? 1 : credit((d - inner) / (data.cutoff - inner), data.decay)
  },
  accepts: acceptsNumber,
}

/** Options of `numericGraded`. */
export interface NumericGradedOptions {
  /** The distance at which credit reaches 0 (and, without `fullCredit`, the pass gate); > 0. */
  cutoff: number
  /** The distance up to which credit is full and `check` passes; 0 <= fullCredit < cutoff. */
  fullCredit?: number | undefined
  /** `'relative'` (default: a fraction of `expected`) or `'absolute'`. */
  mode?: DistanceMode | undefined
  /** `'linear'` (default) or `'quadratic'`. */
  decay?: Decay | undefined
}

/**
 * Distance-graded closeness to `expected`: without `fullCredit`, `check` passes within `cutoff`
 * and `score` falls from 1 at `expected` to 0 at `cutoff`; with `fullCredit`, `check` passes
 * within `fullCredit`, `score` is 1 there and falls to 0 at `cutoff`.
 *
 * @example
 * numericGraded({ cutoff: 0.2 }).score(105, 100) // 0.75
 * numericGraded({ cutoff: 10, fullCredit: 2, mode: 'absolute' }).score(106, 100) // 0.5
 */
export function numericGraded(options: NumericGradedOptions): Primitive<DataOf<'NumericGraded'>> {
  return fromFactory(numericGradedBehaviour, options, 'numericGraded()')
}

/** The registry entry of `numericRangeGraded`. */
export const numericRangeGradedBehaviour: Behaviour<DataOf<'NumericRangeGraded'>> = {
  keys: ['min', 'max', 'margin', 'mode', 'decay'],
  build: (fields, where) => {
    const min = requireNumber(fields, 'min', {}, where)
    const max = requireNumber(fields, 'max', {}, where)
    if (!(min < max)) {
      throw new InvalidArgumentError(
        `Empty range in ${where}: min ${min} is not below max ${max}`,
        "Give a 'min' below 'max'.",
      )
    }
    return {
      type: 'NumericRangeGraded',
      min,
      max,
      margin: requireNumber(fields, 'margin', { above: 0 }, where),
      mode: readOneOf(fields, 'mode', DISTANCE_MODES, 'relative', where, 'mode'),
      decay: readOneOf(fields, 'decay', DECAYS, 'linear', where, 'decay'),
    }
  },
  check: (data, value) => {
    const x = toNumber(value)
    return x !== undefined && x >= data.min && x <= data.max
  },
  score: (data, value) => {
    const x = toNumber(value)
    if (x === undefined) return 0
    const outside = x < data.min ? data.min - x : x > data.max ? x - data.max : 0
    if (outside === 0) return 1
    // Relative: the margin is a fraction of the range's width.
    const band = data.mode === 'absolute' ? data.margin : data.margin * (data.max - data.min)
    return credit(outside / band, data.decay)
  },
  accepts: acceptsNumber,
}

/** Options of `numericRangeGraded`. */
export interface NumericRangeGradedOptions {
  /** The lower end of the full-credit range (inclusive). */
  min: number
  /** The upper end of the full-credit range (inclusive); above `min`. */
  max: number
  /** How far outside the range credit reaches 0: in units, or (relative) a fraction of max - min. */
  margin: number
  /** `'relative'` (default) or `'absolute'`. */
  mode?: DistanceMode | undefined
  /** `'linear'` (default) or `'quadratic'`. */
  decay?: Decay | undefined
}

/**
 * `check` passes inside `[min, max]`; `score` is 1 inside and falls to 0 at `margin` outside
 * (`expected` is ignored).
 *
 * @example
 * numericRangeGraded({ min: 10, max: 20, margin: 0.5 }).score(22.5) // 0.5
 */
export function numericRangeGraded(
  options: NumericRangeGradedOptions,
): Primitive<DataOf<'NumericRangeGraded'>> {
  return fromFactory(numericRangeGradedBehaviour, options, 'numericRangeGraded()')
}

/** The registry entry of `numericThresholdGraded`. */
export const numericThresholdGradedBehaviour: Behaviour<DataOf<'NumericThresholdGraded'>> = {
  keys: ['direction', 'margin', 'mode', 'decay'],
  build: (fields, where) => {
    if (fields.direction === undefined) {
      invalidOption(where, 'direction', undefined, "'min' or 'max'")
    }
    return {
      type: 'NumericThresholdGraded',
      direction: readOneOf(fields, 'direction', DIRECTIONS, 'min', where, 'direction'),
      margin: requireNumber(fields, 'margin', { above: 0 }, where),
      mode: readOneOf(fields, 'mode', DISTANCE_MODES, 'relative', where, 'mode'),
      decay: readOneOf(fields, 'decay', DECAYS, 'linear', where, 'decay'),
    }
  },
  check: (data, value, expected) => {
    const x = toNumber(value)
    const e = toNumber(expected)
    if (x === undefined || e === undefined) return false
    return data.direction === 'min' ? x >= e : x <= e
  },
  score: (data, value, expected) => {
    if (numericThresholdGradedBehaviour.check(data, value, expected)) return 1
    const d = distance(value, expected, data.mode)
    return d === undefined ? 0 : credit(d / data.margin, data.decay)
  },
  accepts: acceptsNumber,
}

/** Options of `numericThresholdGraded`. */
export interface NumericThresholdGradedOptions {
  /** `'min'`: the value should be at least `expected`; `'max'`: at most `expected`. */
  direction: 'min' | 'max'
  /** How far past `expected` credit reaches 0: in units, or (relative) a fraction of expected. */
  margin: number
  /** `'relative'` (default) or `'absolute'`. */
  mode?: DistanceMode | undefined
  /** `'linear'` (default) or `'quadratic'`. */
  decay?: Decay | undefined
}

/**
 * A one-sided bound on `expected` with partial credit past it: `check` passes on the right side
 * of `expected`; `score` is 1 there and falls to 0 at `margin` past it.
 *
 * @example
 * numericThresholdGraded({ direction: 'min', margin: 0.1 }).score(95, 100) // 0.5
 */
export function numericThresholdGraded(
  options: NumericThresholdGradedOptions,
): Primitive<DataOf<'NumericThresholdGraded'>> {
  return fromFactory(numericThresholdGradedBehaviour, options, 'numericThresholdGraded()')
}
