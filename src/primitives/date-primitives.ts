import { InvalidArgumentError } from '../errors/index.js'
import { type Behaviour, compiledCache, type DataOf, fromFactory } from './behaviour.js'
import { invalidOption, readOneOf, requireNumber } from './option-readers.js'
import { toInstant, UNIT_MS } from './to-instant.js'
import type { DateUnit, Primitive } from './types.js'

/** The units of `dateTolerance`, in the order error messages list them. */
export const DATE_UNITS: readonly DateUnit[] = ['days', 'hours', 'minutes']

const DAY_MS = UNIT_MS.days

const acceptsDate = (_data: unknown, value: unknown): boolean => toInstant(value) !== undefined

/** The registry entry of `dateMatch`. */
export const dateMatchBehaviour: Behaviour<DataOf<'DateMatch'>> = {
  keys: [],
  build: () => ({ type: 'DateMatch' }),
  check: (_data, value, expected) => {
    const a = toInstant(value)
    const b = toInstant(expected)
    return a !== undefined && b !== undefined && Math.floor(a / DAY_MS) === Math.floor(b / DAY_MS)
  },
  accepts: acceptsDate,
}

/**
 * Passes when both values fall on the same UTC calendar date; takes `Date`s, ISO 8601 and other
 * `Date`-parsable strings (zone-less strings are UTC); unparsable values fail.
 *
 * @example
 * dateMatch().check('2024-01-15T23:00:00Z', '2024-01-15') // true
 */
export function dateMatch(): Primitive<DataOf<'DateMatch'>> {
  return fromFactory(dateMatchBehaviour, undefined, 'dateMatch()')
}

/** The registry entry of `dateTolerance`. */
export const dateToleranceBehaviour: Behaviour<DataOf<'DateTolerance'>> = {
  keys: ['tolerance', 'unit'],
  build: (fields, where) => ({
    type: 'DateTolerance',
    tolerance: requireNumber(fields, 'tolerance', { above: 0, orEqual: true }, where),
    unit: readOneOf(fields, 'unit', DATE_UNITS, 'days', where, 'unit'),
  }),
  check: (data, value, expected) => {
    const a = toInstant(value)
    const b = toInstant(expected)
    return (
      a !== undefined && b !== undefined && Math.abs(a - b) <= data.tolerance * UNIT_MS[data.unit]
    )
  },
  accepts: acceptsDate,
}

/** Options of `dateTolerance`. */
export interface DateToleranceOptions {
  /** The allowed distance between the two instants, in `unit`s. */
  tolerance: number
  /** `'days'` (default), `'hours'` or `'minutes'`. */
  unit?: DateUnit | undefined
}

/**
 * Passes when the two instants are at most `tolerance` units apart.
 *
 * @example
 * dateTolerance({ tolerance: 2, unit: 'hours' }).check('2024-01-15T11:30:00Z', '2024-01-15T10:00Z') // true
 */
export function dateTolerance(options: DateToleranceOptions): Primitive<DataOf<'DateTolerance'>> {
  return fromFactory(dateToleranceBehaviour, options, 'dateTolerance()')
}

/** Reads a date bound: a parsable string (kept as written) or a `Date` (stored as ISO). */
function readBound(fields: Record<string, unknown>, key: 'min' | 'max', where: string) {
  const value = fields[key]
  if (value === undefined) return undefined
  const instant = toInstant(value)
  if ((typeof value !== 'string' && !(value instanceof Date)) || instant === undefined) {
    return invalidOption(where, key, value, "a valid Date or a date string such as '2024-01-15'")
  }
  return { text: value instanceof Date ? value.toISOString() : value, instant }
}

interface Bounds {
  min: number
  max: number
}

// The bounds parsed once per primitive.
const parsedBounds = compiledCache(
  (data: DataOf<'DateRange'>): Bounds => ({
    min: toInstant(data.min) ?? Number.NEGATIVE_INFINITY,
    max: toInstant(data.max) ?? Number.POSITIVE_INFINITY,
  }),
)

/** The registry entry of `dateRange`. */
export const dateRangeBehaviour: Behaviour<DataOf<'DateRange'>> = {
  keys: ['min', 'max'],
  build: (fields, where) => {
    const min = readBound(fields, 'min', where)
    const max = readBound(fields, 'max', where)
    if (min !== undefined && max !== undefined && min.instant > max.instant) {
      throw new InvalidArgumentError(
        `Empty date range in ${where}: min '${min.text}' is after max '${max.text}'`,
        "Give a 'min' at or before 'max'.",
      )
    }
    const data: DataOf<'DateRange'> = {
      type: 'DateRange',
      ...(min === undefined ? {} : { min: min.text }),
      ...(max === undefined ? {} : { max: max.text }),
    }
    parsedBounds.prime(data, {
      min: min?.instant ?? Number.NEGATIVE_INFINITY,
      max: max?.instant ?? Number.POSITIVE_INFINITY,
    })
    return data
  },
  check: (data, value) => {
    const t = toInstant(value)
    if (t === undefined) return false
    const bounds = parsedBounds(data)
    return t >= bounds.min && t <= bounds.max
  },
  accepts: acceptsDate,
}

/** Options of `dateRange`. */
export interface DateRangeOptions {
  /** The earliest instant allowed (inclusive); a `Date` is stored as its ISO string. */
  min?: string | Date | undefined
  /** The latest instant allowed (inclusive); a date-only string means its UTC midnight. */
  max?: string | Date | undefined
}

/**
 * Passes when the value's instant lies between `min` and `max` (inclusive; either may be
 * absent); `expected` is ignored.
 *
 * @example
 * dateRange({ min: '2024-01-01', max: new Date('2024-12-31T23:59:59Z') }).check('2024-06-01') // true
 */
export function dateRange(options?: DateRangeOptions): Primitive<DataOf<'DateRange'>> {
  return fromFactory(dateRangeBehaviour, options, 'dateRange()')
}
