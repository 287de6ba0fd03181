import { describe, expect, test } from 'vitest'
import { lookupNested } from '../../src/state/lookup-nested.js'

describe('lookupNested', () => {
  test('descends into nested objects', () => {
    expect(lookupNested({ a: { b: { c: 3 } } }, 'a.b.c')).toBe(3)
  })

  test('tries the whole remaining path as a literal key first', () => {
    expect(lookupNested({ 'a.b': 'literal', a: { b: 'nested' } }, 'a.b')).toBe('literal')
  })

  test('falls back to the next split when a prefix resolves to undefined', () => {
    expect(lookupNested({ a: { x: 1 }, 'a.b': { c: 'deep' } }, 'a.b.c')).toBe('deep')
  })

  test('gives undefined for missing keys and for non-object values', () => {
    expect(lookupNested({ a: 1 }, 'a.b')).toBeUndefined()
    expect(lookupNested(undefined, 'a')).toBeUndefined()
    expect(lookupNested({ a: null }, 'a.b')).toBeUndefined()
  })

  test('reads array elements by index and ignores inherited keys', () => {
    expect(lookupNested({ items: ['x', 'y'] }, 'items.1')).toBe('y')
    expect(lookupNested({}, 'toString')).toBeUndefined()
  })
})
