import { describe, expect, test } from 'vitest'
import { deepEqual } from '../../src/primitives/index.js'

describe('deepEqual', () => {
  test('scalars by strict equality; NaN equals NaN; no coercion', () => {
    expect(deepEqual(1, 1)).toBe(true)
    expect(deepEqual(1, '1')).toBe(false)
    expect(deepEqual(0, -0)).toBe(true)
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true)
    expect(deepEqual(null, undefined)).toBe(false)
    expect(deepEqual('a', 'a')).toBe(true)
  })

  test('arrays element by element, in order', () => {
    expect(deepEqual([1, [2, 3]], [1, [2, 3]])).toBe(true)
    expect(deepEqual([1, 2], [2, 1])).toBe(false)
    expect(deepEqual([1], [1, 1])).toBe(false)
    expect(deepEqual([], {})).toBe(false)
    expect(deepEqual({}, [])).toBe(false)
  })

  test('plain objects key by key, ignoring key order; undefined counts as missing', () => {
    expect(deepEqual({ a: 1, b: { c: [1] } }, { b: { c: [1] }, a: 1 })).toBe(true)
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(deepEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false)
    expect(deepEqual({ a: undefined }, {})).toBe(true)
    expect(deepEqual({ a: null }, {})).toBe(false)
    expect(deepEqual(Object.create(null), {})).toBe(true)
  })

  test('Dates by instant', () => {
    expect(deepEqual(new Date('2024-01-01T00:00:00Z'), new Date(Date.UTC(2024, 0, 1)))).toBe(true)
    expect(deepEqual(new Date(1), new Date(2))).toBe(false)
    expect(deepEqual(new Date(Number.NaN), new Date(Number.NaN))).toBe(true)
    expect(deepEqual(new Date(0), 0)).toBe(false)
    expect(deepEqual({ at: new Date(5) }, { at: new Date(5) })).toBe(true)
  })

  test('other objects are equal only to themselves', () => {
    const re = /a/
    expect(deepEqual(re, re)).toBe(true)
    expect(deepEqual(/a/, /a/)).toBe(false)
    expect(deepEqual(new Map(), new Map())).toBe(false)
    class Point {
      constructor(readonly x: number) {}
    }
    expect(deepEqual(new Point(1), new Point(1))).toBe(false)
    expect(deepEqual(new Point(1), { x: 1 })).toBe(false)
  })
})
