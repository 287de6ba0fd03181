import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { normalQuantile, wilsonInterval } from '../../src/samples/index.js'

describe('normalQuantile()', () => {
  test.each([
    [0.975, 1.959963984540054],
    [0.995, 2.5758293035489],
    [0.5, 0],
    [0.9, 1.2815515655446],
    [0.001, -3.090232306167813],
  ])('Φ⁻¹(%s) = %s', (p, z) => {
    expect(normalQuantile(p)).toBeCloseTo(z, 8)
  })
})

describe('wilsonInterval()', () => {
  // Reference values: the Wilson (1927) score interval computed with Python's statistics.NormalDist.
  test.each([
    [9, 10, 0.95, 0.5958499, 0.9821237],
    [0, 10, 0.95, 0, 0.2775328],
    [10, 10, 0.95, 0.7224672, 1],
    [5, 10, 0.95, 0.2365931, 0.7634069],
    [45, 50, 0.9, 0.8084625, 0.950471],
    [1, 3, 0.95, 0.0614919, 0.7923404],
  ])('%i of %i at %s → [%s, %s]', (passes, n, confidence, low, high) => {
    const interval = wilsonInterval(passes, n, confidence)
    expect(interval.low).toBeCloseTo(low, 6)
    expect(interval.high).toBeCloseTo(high, 6)
    expect(interval.confidence).toBe(confidence)
  })

  test('no trials give the whole range', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1, confidence: 0.95 })
  })

  test('a higher confidence widens the interval', () => {
    const narrow = wilsonInterval(8, 10, 0.8)
    const wide = wilsonInterval(8, 10, 0.99)
    expect(wide.low).toBeLessThan(narrow.low)
    expect(wide.high).toBeGreaterThan(narrow.high)
  })

  test('bad input is a programmer error that says what is valid', () => {
    expect(() => wilsonInterval(3, 2)).toThrow(InvalidArgumentError)
    expect(() => wilsonInterval(1.5, 2)).toThrow(/integers 0 ≤ passes ≤ n/)
    expect(() => wilsonInterval(1, 2, 95)).toThrow(
      /`confidence` must be a number between 0 and 1 \(exclusive\), got 95/,
    )
  })
})
