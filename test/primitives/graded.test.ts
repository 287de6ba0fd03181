import { describe, expect, test } from 'vitest'
import {
  numericGraded,
  numericRangeGraded,
  numericThresholdGraded,
  scorePrimitive,
} from '../../src/primitives/index.js'

describe('numericGraded', () => {
  test('defaults: relative, linear; no fullCredit stored', () => {
    expect(numericGraded({ cutoff: 0.2 })).toEqual({
      type: 'NumericGraded',
      cutoff: 0.2,
      mode: 'relative',
      decay: 'linear',
    })
  })

  test('single band: check passes within cutoff; score falls linearly from 1 to 0 at cutoff', () => {
    const p = numericGraded({ cutoff: 0.2 })
    expect(p.score(100, 100)).toBe(1)
    expect(p.score(105, 100)).toBeCloseTo(0.75)
    expect(p.score(90, 100)).toBeCloseTo(0.5)
    expect(p.score(120, 100)).toBe(0)
    expect(p.score(150, 100)).toBe(0)
    expect(p.check(119, 100)).toBe(true)
    expect(p.check(120, 100)).toBe(true)
    expect(p.check(121, 100)).toBe(false)
  })

  test('quadratic decay: 1 - r²', () => {
    const p = numericGraded({ cutoff: 10, mode: 'absolute', decay: 'quadratic' })
    expect(p.score(105, 100)).toBeCloseTo(0.75)
    expect(p.score(102, 100)).toBeCloseTo(0.96)
    expect(p.score(110, 100)).toBe(0)
  })

  test('double band: full credit and the pass gate at fullCredit, decay to cutoff', () => {
    const p = numericGraded({ cutoff: 10, fullCredit: 2, mode: 'absolute' })
    expect(p.score(102, 100)).toBe(1)
    expect(p.check(102, 100)).toBe(true)
    expect(p.score(106, 100)).toBeCloseTo(0.5)
    expect(p.check(106, 100)).toBe(false)
    expect(p.score(94, 100)).toBeCloseTo(0.5)
    expect(p.score(110, 100)).toBe(0)
    expect(numericGraded({ cutoff: 1, fullCredit: 0, mode: 'absolute' }).score(0.5, 0)).toBeCloseTo(
      0.5,
    )
  })

  test('relative with expected 0: only an exact hit counts', () => {
    const p = numericGraded({ cutoff: 0.5 })
    expect(p.check(0, 0)).toBe(true)
    expect(p.score(0, 0)).toBe(1)
    expect(p.check(0.01, 0)).toBe(false)
    expect(p.score(0.01, 0)).toBe(0)
  })

  test('non-numbers check false and score 0; numeric strings count', () => {
    const p = numericGraded({ cutoff: 0.2 })
    expect(p.score('105', '100')).toBeCloseTo(0.75)
    expect(p.check('abc', 100)).toBe(false)
    expect(p.score('abc', 100)).toBe(0)
    expect(p.score(100, undefined)).toBe(0)
    expect(p.score(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(0)
  })
})

describe('numericRangeGraded', () => {
  test('check passes inside [min, max]; score 1 inside, relative margin is a fraction of the width', () => {
    const p = numericRangeGraded({ min: 10, max: 20, margin: 0.5 })
    expect(p).toEqual({
      type: 'NumericRangeGraded',
      min: 10,
      max: 20,
      margin: 0.5,
      mode: 'relative',
      decay: 'linear',
    })
    expect(p.check(10)).toBe(true)
    expect(p.check(20)).toBe(true)
    expect(p.check(20.1)).toBe(false)
    expect(p.score(15)).toBe(1)
    // The band is 0.5 * (20 - 10) = 5 wide.
    expect(p.score(22.5)).toBeCloseTo(0.5)
    expect(p.score(8.75)).toBeCloseTo(0.75)
    expect(p.score(25)).toBe(0)
    expect(p.score(-100)).toBe(0)
  })

  test('absolute margin and quadratic decay', () => {
    const p = numericRangeGraded({
      min: 0,
      max: 1,
      margin: 2,
      mode: 'absolute',
      decay: 'quadratic',
    })
    expect(p.score(2)).toBeCloseTo(0.75)
    expect(p.score(-1)).toBeCloseTo(0.75)
    expect(p.score(3)).toBe(0)
  })

  test('non-numbers fail', () => {
    const p = numericRangeGraded({ min: 0, max: 1, margin: 1 })
    expect(p.check('x')).toBe(false)
    expect(p.score('x')).toBe(0)
    expect(p.score(' 0.5 ')).toBe(1)
  })
})

describe('numericThresholdGraded', () => {
  test("direction 'min': the value should be at least expected; relative margin", () => {
    const p = numericThresholdGraded({ direction: 'min', margin: 0.1 })
    expect(p).toEqual({
      type: 'NumericThresholdGraded',
      direction: 'min',
      margin: 0.1,
      mode: 'relative',
      decay: 'linear',
    })
    expect(p.check(100, 100)).toBe(true)
    expect(p.score(150, 100)).toBe(1)
    expect(p.check(99, 100)).toBe(false)
    expect(p.score(95, 100)).toBeCloseTo(0.5)
    expect(p.score(90, 100)).toBe(0)
  })

  test("direction 'max' with an absolute margin and quadratic decay", () => {
    const p = numericThresholdGraded({
      direction: 'max',
      margin: 4,
      mode: 'absolute',
      decay: 'quadratic',
    })
    expect(p.check(10, 10)).toBe(true)
    expect(p.score(3, 10)).toBe(1)
    expect(p.check(12, 10)).toBe(false)
    expect(p.score(12, 10)).toBeCloseTo(0.75)
    expect(p.score(14, 10)).toBe(0)
  })

  test('relative past an expected 0 scores 0; non-numbers fail', () => {
    const p = numericThresholdGraded({ direction: 'min', margin: 0.5 })
    expect(p.score(0, 0)).toBe(1)
    expect(p.score(-0.001, 0)).toBe(0)
    expect(p.check('x', 1)).toBe(false)
    expect(p.score(1, 'x')).toBe(0)
  })
})

describe('non-graded primitives score 1/0 from check', () => {
  test('through scorePrimitive on plain data too', () => {
    const data = JSON.parse(JSON.stringify(numericGraded({ cutoff: 0.2 })))
    expect(scorePrimitive(data, 105, 100)).toBeCloseTo(0.75)
    expect(scorePrimitive({ type: 'NumericExact' }, 1, 1)).toBe(1)
    expect(scorePrimitive({ type: 'NumericExact' }, 1, 2)).toBe(0)
  })
})
