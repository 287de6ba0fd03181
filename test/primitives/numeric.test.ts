import { describe, expect, test } from 'vitest'
import {
  numericExact,
  numericMaximum,
  numericMinimum,
  numericRange,
  numericTolerance,
  toNumber,
} from '../../src/primitives/index.js'

describe('toNumber', () => {
  test('numbers and trimmed decimal numeric strings are numbers', () => {
    expect(toNumber(3)).toBe(3)
    expect(toNumber(' 2.5 ')).toBe(2.5)
    expect(toNumber('-1e3')).toBe(-1000)
    expect(toNumber('+.5')).toBe(0.5)
    expect(toNumber('7.')).toBe(7)
    expect(toNumber(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY)
  })

  test('anything else is not a number: NaN, empty, hex, Infinity strings, booleans, null', () => {
    for (const value of [
      Number.NaN,
      '',
      '  ',
      '0x10',
      'Infinity',
      'NaN',
      '1,000',
      '1 2',
      '12abc',
      true,
      null,
      undefined,
      [1],
      1n,
    ]) {
      expect(toNumber(value), String(value)).toBeUndefined()
    }
  })
})

describe('numericExact', () => {
  const p = numericExact()
  test('compares numbers and numeric strings', () => {
    expect(p.check(42, 42)).toBe(true)
    expect(p.check(' 42 ', 42)).toBe(true)
    expect(p.check('1.0', 1)).toBe(true)
    expect(p.check(42, '42.5')).toBe(false)
  })

  test('non-numbers fail, on either side, never throw', () => {
    expect(p.check(undefined, 1)).toBe(false)
    expect(p.check(null, 0)).toBe(false)
    expect(p.check('high', 1)).toBe(false)
    expect(p.check(true, 1)).toBe(false)
    expect(p.check(1, undefined)).toBe(false)
    expect(p.check(Number.NaN, Number.NaN)).toBe(false)
  })
})

describe('numericTolerance', () => {
  test('relative by default', () => {
    const p = numericTolerance({ tolerance: 0.1 })
    expect(p).toEqual({ type: 'NumericTolerance', tolerance: 0.1, mode: 'relative' })
    expect(p.check(110, 100)).toBe(true)
    expect(p.check(90, 100)).toBe(true)
    expect(p.check(111, 100)).toBe(false)
    expect(p.check(-105, -100)).toBe(true)
    expect(p.check('105', '100')).toBe(true)
  })

  test('relative with expected 0 requires exactly 0', () => {
    const p = numericTolerance({ tolerance: 0.5 })
    expect(p.check(0, 0)).toBe(true)
    expect(p.check('0.0', 0)).toBe(true)
    expect(p.check(0.0001, 0)).toBe(false)
  })

  test('absolute mode', () => {
    const p = numericTolerance({ tolerance: 2, mode: 'absolute' })
    expect(p.check(102, 100)).toBe(true)
    expect(p.check(97.9, 100)).toBe(false)
    expect(p.check(1, 0)).toBe(true)
    expect(numericTolerance({ tolerance: 0, mode: 'absolute' }).check(5, 5)).toBe(true)
  })

  test('non-numbers fail', () => {
    expect(numericTolerance({ tolerance: 1 }).check('abc', 1)).toBe(false)
    expect(numericTolerance({ tolerance: 1 }).check(1, null)).toBe(false)
  })
})

describe('numericRange', () => {
  test('inclusive bounds by default; expected is ignored', () => {
    const p = numericRange({ min: 1, max: 5 })
    expect(p).toEqual({
      type: 'NumericRange',
      min: 1,
      max: 5,
      exclusiveMin: false,
      exclusiveMax: false,
    })
    expect(p.check(1)).toBe(true)
    expect(p.check(5, 'ignored')).toBe(true)
    expect(p.check(' 3 ')).toBe(true)
    expect(p.check(0.999)).toBe(false)
    expect(p.check(5.001)).toBe(false)
  })

  test('exclusive bounds', () => {
    const p = numericRange({ min: 1, max: 5, exclusiveMin: true, exclusiveMax: true })
    expect(p.check(1)).toBe(false)
    expect(p.check(5)).toBe(false)
    expect(p.check(1.0001)).toBe(true)
  })

  test('open-ended and unbounded ranges; an absent bound is not stored', () => {
    expect(numericRange({ min: 3 }).check(1e9)).toBe(true)
    expect(numericRange({ min: 3 }).check(2)).toBe(false)
    expect(numericRange({ max: 3 }).check(-1e9)).toBe(true)
    expect(numericRange().check(123)).toBe(true)
    expect(Object.keys(numericRange({ max: 3 }))).toEqual([
      'type',
      'max',
      'exclusiveMin',
      'exclusiveMax',
    ])
    expect(numericRange({ min: 2, max: 2 }).check(2)).toBe(true)
  })

  test('non-numbers fail, even with no bounds', () => {
    expect(numericRange().check('high')).toBe(false)
    expect(numericRange({ min: 0 }).check(undefined)).toBe(false)
    expect(numericRange({ min: 0 }).check(null)).toBe(false)
    expect(numericRange({ min: 0 }).check(false)).toBe(false)
  })
})

describe('numericMinimum and numericMaximum', () => {
  test('the threshold is expected', () => {
    expect(numericMinimum().check(3, 3)).toBe(true)
    expect(numericMinimum().check(2.9, '3')).toBe(false)
    expect(numericMinimum({ exclusive: true }).check(3, 3)).toBe(false)
    expect(numericMinimum({ exclusive: true }).check(3.1, 3)).toBe(true)
    expect(numericMaximum().check(3, 3)).toBe(true)
    expect(numericMaximum().check(3.1, 3)).toBe(false)
    expect(numericMaximum({ exclusive: true }).check(3, 3)).toBe(false)
    expect(numericMaximum({ exclusive: true }).check('2', 3)).toBe(true)
  })

  test('non-numbers fail on either side', () => {
    expect(numericMinimum().check(undefined, 1)).toBe(false)
    expect(numericMinimum().check(5, undefined)).toBe(false)
    expect(numericMaximum().check('x', 1)).toBe(false)
  })
})
