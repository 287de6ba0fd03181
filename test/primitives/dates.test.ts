import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { dateMatch, dateRange, dateTolerance, toInstant } from '../../src/primitives/index.js'

// Run under a far-from-UTC zone: zone-less strings must still read as UTC.
let savedTz: string | undefined
beforeEach(() => {
  savedTz = process.env.TZ
  process.env.TZ = 'Pacific/Kiritimati'
})
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ
  else process.env.TZ = savedTz
})

describe('toInstant', () => {
  test('date-only strings are UTC midnight', () => {
    expect(new Date().getTimezoneOffset()).toBe(-840)
    expect(toInstant('2024-01-15')).toBe(Date.UTC(2024, 0, 15))
    expect(toInstant(' 2024-01-15 ')).toBe(Date.UTC(2024, 0, 15))
  })

  test('ISO date-times: a zone is honoured, no zone means UTC', () => {
    expect(toInstant('2024-01-15T10:00:00+02:00')).toBe(Date.UTC(2024, 0, 15, 8))
    expect(toInstant('2024-01-15T10:00:00Z')).toBe(Date.UTC(2024, 0, 15, 10))
    expect(toInstant('2024-01-15T10:00:00')).toBe(Date.UTC(2024, 0, 15, 10))
    expect(toInstant('2024-01-15 10:00')).toBe(Date.UTC(2024, 0, 15, 10))
    expect(toInstant('2024-01-15T10:00:00.250')).toBe(Date.UTC(2024, 0, 15, 10, 0, 0, 250))
  })

  test('other Date-parsable strings; zone-less ones are UTC', () => {
    expect(toInstant('January 15, 2024')).toBe(Date.UTC(2024, 0, 15))
    expect(toInstant('2024/01/15')).toBe(Date.UTC(2024, 0, 15))
    expect(toInstant('Mon, 15 Jan 2024 10:00:00 GMT')).toBe(Date.UTC(2024, 0, 15, 10))
    expect(toInstant('15 Jan 2024 10:00 +0200')).toBe(Date.UTC(2024, 0, 15, 8))
  })

  test('Date objects are instants', () => {
    expect(toInstant(new Date(Date.UTC(2024, 0, 15, 3)))).toBe(Date.UTC(2024, 0, 15, 3))
    expect(toInstant(new Date(Number.NaN))).toBeUndefined()
  })

  test('unparsable strings, impossible days and other types give undefined', () => {
    for (const value of [
      '',
      'not a date',
      '2024-13-01',
      '2024-02-30',
      '2023-02-29T10:00',
      1705276800000,
      null,
      undefined,
      {},
    ]) {
      expect(toInstant(value), String(value)).toBeUndefined()
    }
    expect(toInstant('2024-02-29')).toBe(Date.UTC(2024, 1, 29))
  })
})

describe('dateMatch', () => {
  const p = dateMatch()
  test('compares UTC calendar dates', () => {
    expect(p.check('2024-01-15T23:59:59Z', '2024-01-15')).toBe(true)
    expect(p.check('2024-01-15T00:00:00Z', '2024-01-15T23:00:00Z')).toBe(true)
    expect(p.check('2024-01-16T00:00:00Z', '2024-01-15')).toBe(false)
    // 01:00 at +02:00 is 23:00 UTC the day before.
    expect(p.check('2024-01-16T01:00:00+02:00', '2024-01-15')).toBe(true)
    expect(p.check('January 15, 2024', '2024-01-15')).toBe(true)
  })

  test('accepts Date values on either side', () => {
    expect(p.check(new Date(Date.UTC(2024, 0, 15, 18)), '2024-01-15')).toBe(true)
    expect(p.check('2024-01-15', new Date(Date.UTC(2024, 0, 15)))).toBe(true)
  })

  test('unparsable → false, never throws', () => {
    expect(p.check('soon', '2024-01-15')).toBe(false)
    expect(p.check('2024-01-15', 'soon')).toBe(false)
    expect(p.check(undefined, undefined)).toBe(false)
    expect(p.check(20240115, '2024-01-15')).toBe(false)
  })
})

describe('dateTolerance', () => {
  test("unit defaults to 'days' (SPEC 13.39); compares instants", () => {
    const p = dateTolerance({ tolerance: 1 })
    expect(p).toEqual({ type: 'DateTolerance', tolerance: 1, unit: 'days' })
    expect(p.check('2024-01-16', '2024-01-15')).toBe(true)
    expect(p.check('2024-01-16T00:00:01Z', '2024-01-15')).toBe(false)
    expect(p.check('2024-01-14', '2024-01-15')).toBe(true)
  })

  test('hours and minutes', () => {
    expect(
      dateTolerance({ tolerance: 2, unit: 'hours' }).check(
        '2024-01-15T12:00:00Z',
        '2024-01-15T10:00Z',
      ),
    ).toBe(true)
    expect(
      dateTolerance({ tolerance: 2, unit: 'hours' }).check(
        '2024-01-15T12:00:01Z',
        '2024-01-15T10:00Z',
      ),
    ).toBe(false)
    expect(
      dateTolerance({ tolerance: 30, unit: 'minutes' }).check(
        new Date(Date.UTC(2024, 0, 1, 0, 30)),
        '2024-01-01',
      ),
    ).toBe(true)
    expect(
      dateTolerance({ tolerance: 0 }).check('2024-01-01', new Date(Date.UTC(2024, 0, 1))),
    ).toBe(true)
  })

  test('unparsable → false', () => {
    expect(dateTolerance({ tolerance: 100 }).check('later', '2024-01-01')).toBe(false)
  })
})

describe('dateRange', () => {
  test('inclusive instants; either bound may be absent; expected ignored', () => {
    const p = dateRange({ min: '2024-01-01', max: '2024-12-31' })
    expect(p.check('2024-01-01')).toBe(true)
    expect(p.check('2024-12-31')).toBe(true)
    expect(p.check('2024-06-01', 'ignored')).toBe(true)
    // The max is the instant 2024-12-31T00:00Z, so later that day is outside.
    expect(p.check('2024-12-31T10:00:00Z')).toBe(false)
    expect(p.check('2023-12-31T23:59:59Z')).toBe(false)
    expect(dateRange({ min: '2024-01-01' }).check('2999-01-01')).toBe(true)
    expect(dateRange({ max: '2024-01-01' }).check('1900-01-01')).toBe(true)
    expect(dateRange().check('2024-01-01')).toBe(true)
    expect(dateRange().check('nope')).toBe(false)
  })

  test('a Date option is stored as its ISO string (SPEC 13.50); strings are kept as written', () => {
    const p = dateRange({ min: new Date(Date.UTC(2024, 0, 1)), max: '2024-12-31' })
    expect(p).toEqual({ type: 'DateRange', min: '2024-01-01T00:00:00.000Z', max: '2024-12-31' })
    expect(Object.keys(dateRange({ max: '2024-12-31' }))).toEqual(['type', 'max'])
    expect(p.check(new Date(Date.UTC(2024, 5, 1)))).toBe(true)
  })
})
