// Date parsing for the date primitives. JavaScript's `Date.parse` reads zone-less date-times in
// the machine's local zone, which would make a test pass in one time zone and fail in another;
// here every string without an explicit zone is read as UTC instead.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/
// An explicit zone: 'Z' after a digit, a zone name, or a numeric offset.
const HAS_ZONE = /\dZ$|\b(?:UTC|GMT|UT|[ECMP][SD]T)\b|[+-]\d{2}:?\d{2}$|\s[+-]\d{4}\b/i

/** The milliseconds in one unit of `dateTolerance`, and in a day (for calendar dates). */
export const UNIT_MS = { days: 86_400_000, hours: 3_600_000, minutes: 60_000 } as const

/**
 * Reads an instant (epoch milliseconds) from a `Date` or a date string: ISO 8601 or any string
 * `Date.parse` reads; strings without a zone are UTC (a date-only string is UTC midnight).
 * Unparsable values, impossible calendar days (`'2024-02-30'`) and other types give `undefined`.
 *
 * @example
 * toInstant('2024-01-15') // Date.UTC(2024, 0, 15)
 * toInstant('2024-01-15T10:00:00+02:00') // Date.UTC(2024, 0, 15, 8)
 */
export function toInstant(value: unknown): number | undefined {
  if (value instanceof Date) {
    const t = value.getTime()
    return Number.isNaN(t) ? undefined : t
  }
  if (typeof value !== 'string') return undefined
  const s = value.trim()
  let t: number
  if (DATE_ONLY.test(s)) {
    t = Date.parse(s)
    if (!dayExists(s, t)) return undefined
  } else if (ISO_WITHOUT_ZONE.test(s)) {
    t = Date.parse(`${s.slice(0, 10)}T${s.slice(11)}Z`)
    if (!dayExists(s, t)) return undefined
  } else if (s === '' || HAS_ZONE.test(s)) {
    t = Date.parse(s)
  } else {
    // Free-form text without a zone ('January 15, 2024'): ask for UTC, else take it as given.
    t = Date.parse(`${s} UTC`)
    if (Number.isNaN(t)) t = Date.parse(s)
  }
  return Number.isNaN(t) ? undefined : t
}

/** `Date.parse` rolls '2024-02-30' over to March 1; reject a day the month does not have. */
function dayExists(s: string, t: number): boolean {
  if (Number.isNaN(t)) return false
  const day = Number(s.slice(8, 10))
  return day <= 28 || new Date(t).getUTCDate() === day
}
