import { describe, expect, test } from 'vitest'
import {
  booleanMatch,
  exactMatch,
  literalMatch,
  orderedMatch,
  synonymMap,
} from '../../src/primitives/index.js'

describe('booleanMatch', () => {
  const p = booleanMatch()

  test('compares booleans', () => {
    expect(p.check(true, true)).toBe(true)
    expect(p.check(false, false)).toBe(true)
    expect(p.check(true, false)).toBe(false)
  })

  test("the strings 'true'/'false' count as booleans, any case, trimmed", () => {
    expect(p.check(' TRUE ', true)).toBe(true)
    expect(p.check('False', false)).toBe(true)
    expect(p.check('false', true)).toBe(false)
    expect(p.check(true, '\ttrue\n')).toBe(true)
    expect(p.check('fAlSe', 'FALSE')).toBe(true)
    expect(p.check(' TRUE', true)).toBe(true)
    expect(p.check('true ', true)).toBe(true)
    expect(p.check(' false', false)).toBe(true)
  })

  test('both nullish match; one nullish does not', () => {
    expect(p.check(null, undefined)).toBe(true)
    expect(p.check(undefined, undefined)).toBe(true)
    expect(p.check(null, false)).toBe(false)
    expect(p.check(false, null)).toBe(false)
    expect(p.check(undefined, true)).toBe(false)
  })

  test('no truthiness: other values never match (SPEC 13.9)', () => {
    expect(p.check(1, true)).toBe(false)
    expect(p.check(0, false)).toBe(false)
    expect(p.check('', false)).toBe(false)
    expect(p.check('yes', true)).toBe(false)
    expect(p.check('truee', true)).toBe(false)
    expect(p.check([], false)).toBe(false)
    expect(p.check({}, true)).toBe(false)
    expect(p.check(true, 'yes')).toBe(false)
  })

  test('score is 1/0 from check', () => {
    expect(p.score('true', true)).toBe(1)
    expect(p.score('false', true)).toBe(0)
  })
})

describe('exactMatch', () => {
  test('default normalizers are lowercase and strip', () => {
    expect(exactMatch()).toEqual({ type: 'ExactMatch', normalize: ['lowercase', 'strip'] })
    expect(exactMatch().check('A ', 'a')).toBe(true)
    expect(exactMatch().check(' Aspirin', 'ASPIRIN ')).toBe(true)
    expect(exactMatch().check('aspirin', 'ibuprofen')).toBe(false)
  })

  test('no normalizers compares exactly', () => {
    const p = exactMatch({ normalize: [] })
    expect(p.check('A', 'a')).toBe(false)
    expect(p.check('a ', 'a')).toBe(false)
    expect(p.check('a', 'a')).toBe(true)
  })

  test('scalars compare as normalized strings: String(1) === "1"', () => {
    const p = exactMatch()
    expect(p.check(1, '1')).toBe(true)
    expect(p.check('1', 1)).toBe(true)
    expect(p.check(1.5, ' 1.5 ')).toBe(true)
    expect(p.check(1, '1.0')).toBe(false)
    expect(p.check(true, 'TRUE')).toBe(true)
    expect(p.check(false, 'no')).toBe(false)
  })

  test('Dates are scalars written as ISO strings', () => {
    const d = new Date('2024-01-15T00:00:00Z')
    expect(exactMatch().check(d, '2024-01-15T00:00:00.000Z')).toBe(true)
    expect(exactMatch().check(d, new Date(d.getTime()))).toBe(true)
    expect(exactMatch().check(d, '2024-01-15')).toBe(false)
  })

  test('both nullish match, one nullish fails (no "None" string coercion)', () => {
    expect(exactMatch().check(null, undefined)).toBe(true)
    expect(exactMatch().check(null, 'null')).toBe(false)
    expect(exactMatch().check(undefined, 'undefined')).toBe(false)
    expect(exactMatch().check('', null)).toBe(false)
  })

  test('arrays and objects compare deeply, string leaves normalized, scalar leaves by the scalar rule', () => {
    const p = exactMatch()
    expect(p.check(['A ', 'b'], ['a', 'B'])).toBe(true)
    expect(p.check(['a', 'b'], ['b', 'a'])).toBe(false)
    expect(p.check(['a'], ['a', 'b'])).toBe(false)
    expect(p.check({ name: ' Bob', tags: ['X'] }, { tags: ['x'], name: 'bob' })).toBe(true)
    expect(p.check({ n: 1 }, { n: '1' })).toBe(true)
    expect(p.check({ a: 'x' }, { a: 'x', b: 'y' })).toBe(false)
    expect(p.check({ a: 'x', b: undefined }, { a: 'x' })).toBe(true)
    expect(p.check([[1, 'A']], [['1', 'a']])).toBe(true)
  })

  test('a shape mismatch is false (SPEC 13.13)', () => {
    const p = exactMatch()
    expect(p.check(['a'], 'a')).toBe(false)
    expect(p.check('a', ['a'])).toBe(false)
    expect(p.check([], {})).toBe(false)
    expect(p.check({}, [])).toBe(false)
    expect(p.check({ 0: 'a' }, ['a'])).toBe(false)
    expect(p.check([['a']], ['a'])).toBe(false)
  })

  test('values that are not JSON-like never match', () => {
    const fn = () => 'a'
    expect(exactMatch().check(fn, fn)).toBe(false)
    expect(exactMatch().check(new Map(), new Map())).toBe(false)
  })

  test('normalizers apply in order, including a synonym map', () => {
    const p = exactMatch({
      normalize: ['lowercase', 'strip', synonymMap({ usa: 'united states' })],
    })
    expect(p.check(' USA ', 'United States')).toBe(true)
    expect(p.check('the usa', 'the united states')).toBe(false)
  })
})

describe('orderedMatch', () => {
  test('compares arrays in order with the exactMatch rule per element', () => {
    expect(orderedMatch()).toEqual({ type: 'OrderedMatch', normalize: ['lowercase', 'strip'] })
    expect(orderedMatch().check(['A', 'b '], ['a', 'B'])).toBe(true)
    expect(orderedMatch().check(['a', 'b'], ['b', 'a'])).toBe(false)
    expect(orderedMatch().check(['a'], ['a', 'a'])).toBe(false)
    expect(orderedMatch().check([1, 2], ['1', '2'])).toBe(true)
    expect(orderedMatch({ normalize: [] }).check(['A'], ['a'])).toBe(false)
  })

  test('a non-array fails', () => {
    expect(orderedMatch().check('ab', ['a', 'b'])).toBe(false)
    expect(orderedMatch().check(['a'], 'a')).toBe(false)
    expect(orderedMatch().check(null, null)).toBe(false)
  })
})

describe('literalMatch', () => {
  test('deep strict equality, no normalization', () => {
    const p = literalMatch()
    expect(p.check({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true)
    expect(p.check('A', 'a')).toBe(false)
    expect(p.check(1, '1')).toBe(false)
    expect(p.check(null, undefined)).toBe(false)
    expect(p.check(null, null)).toBe(true)
    expect(p.check(['a', 'b'], ['b', 'a'])).toBe(false)
  })
})
