import { describe, expect, test } from 'vitest'
import {
  containsAll,
  containsAny,
  regexMatch,
  setContainment,
  synonymMap,
} from '../../src/primitives/index.js'

describe('setContainment (SPEC 13.10)', () => {
  test("mode 'exact' is the default: same elements, order and duplicates ignored", () => {
    const p = setContainment()
    expect(p).toEqual({ type: 'SetContainment', mode: 'exact', minOverlap: 1 })
    expect(p.check(['a', 'b'], ['b', 'a'])).toBe(true)
    expect(p.check(['a', 'a', 'b'], ['b', 'a'])).toBe(true)
    expect(p.check(['a'], ['a', 'b'])).toBe(false)
    expect(p.check(['a', 'b'], ['a'])).toBe(false)
    expect(p.check([], [])).toBe(true)
  })

  test("'subset': every element of the value is in expected", () => {
    const p = setContainment('subset')
    expect(p.check(['a'], ['a', 'b'])).toBe(true)
    expect(p.check([], ['a'])).toBe(true)
    expect(p.check(['a', 'c'], ['a', 'b'])).toBe(false)
  })

  test("'superset': every element of expected is in the value", () => {
    const p = setContainment('superset')
    expect(p.check(['a', 'b', 'c'], ['a', 'b'])).toBe(true)
    expect(p.check(['a'], ['a', 'b'])).toBe(false)
  })

  test("'overlap': at least minOverlap (default 1) distinct shared elements", () => {
    expect(setContainment('overlap').check(['a', 'x'], ['a', 'b'])).toBe(true)
    expect(setContainment('overlap').check(['x'], ['a'])).toBe(false)
    const two = setContainment('overlap', { minOverlap: 2 })
    expect(two.check([1, 2, 3], [2, 3])).toBe(true)
    expect(two.check([1, 2], [2, 3])).toBe(false)
    // Duplicates count once.
    expect(two.check([2, 2], [2, 3])).toBe(false)
  })

  test('elements compare by deep equality, not normalized', () => {
    const p = setContainment()
    expect(p.check([{ a: [1] }, { b: 2 }], [{ b: 2 }, { a: [1] }])).toBe(true)
    expect(p.check(['A'], ['a'])).toBe(false)
    expect(p.check([1], ['1'])).toBe(false)
    expect(p.check([Number.NaN], [Number.NaN])).toBe(true)
    expect(setContainment('overlap').check([{ id: 1 }, { id: 1 }], [{ id: 1 }])).toBe(true)
    expect(
      setContainment('overlap', { minOverlap: 2 }).check([{ id: 1 }, { id: 1 }], [{ id: 1 }]),
    ).toBe(false)
  })

  test('a non-array fails (a string is not a set of characters)', () => {
    expect(setContainment().check('ab', ['a', 'b'])).toBe(false)
    expect(setContainment().check(['a'], 'a')).toBe(false)
    expect(setContainment('subset').check(null, [])).toBe(false)
    expect(setContainment('subset').check(undefined, undefined)).toBe(false)
  })
})

describe('containsAny and containsAll', () => {
  test('substring search on strings; expected is ignored', () => {
    expect(containsAny(['yes', 'correct']).check('that is correct')).toBe(true)
    expect(containsAny(['yes', 'correct']).check('no')).toBe(false)
    expect(containsAll(['aspirin', 'dose']).check('aspirin, low dose', 'ignored')).toBe(true)
    expect(containsAll(['aspirin', 'dose']).check('aspirin')).toBe(false)
  })

  test('no normalizers by default; normalizers apply to the text and to each substring', () => {
    expect(containsAny(['Yes'])).toEqual({
      type: 'ContainsAny',
      substrings: ['Yes'],
      normalize: [],
    })
    expect(containsAny(['Yes']).check('yes')).toBe(false)
    expect(containsAny(['Yes'], { normalize: ['lowercase'] }).check('oh YES')).toBe(true)
    expect(containsAll(['a.b'], { normalize: ['removePunctuation'] }).check('xaby')).toBe(true)
    // A synonym map is whole-string: it maps the whole text, then the search runs.
    expect(
      containsAny(['united states'], { normalize: [synonymMap({ usa: 'united states' })] }).check(
        'usa',
      ),
    ).toBe(true)
  })

  test('a non-string fails', () => {
    expect(containsAny(['1']).check(1)).toBe(false)
    expect(containsAll(['a']).check(['a'])).toBe(false)
    expect(containsAny(['null']).check(null)).toBe(false)
  })

  test('the substrings are copied', () => {
    const subs = ['a']
    const p = containsAny(subs)
    subs.push('b')
    expect(p.substrings).toEqual(['a'])
    expect(p.check('b')).toBe(false)
  })
})

describe('regexMatch', () => {
  test('search semantics, not full match', () => {
    expect(regexMatch('\\d+ mg').check('take 50 mg daily')).toBe(true)
    expect(regexMatch('^\\d+ mg$').check('take 50 mg daily')).toBe(false)
    expect(regexMatch('^yes').check('Yes')).toBe(false)
  })

  test('flags are JS letters', () => {
    expect(regexMatch('^yes', { flags: 'i' })).toEqual({
      type: 'RegexMatch',
      pattern: '^yes',
      flags: 'i',
    })
    expect(regexMatch('^yes', { flags: 'i' }).check('Yes!')).toBe(true)
    expect(regexMatch('^b', { flags: 'm' }).check('a\nb')).toBe(true)
    expect(regexMatch('a.b', { flags: 's' }).check('a\nb')).toBe(true)
    expect(regexMatch('\\p{L}+', { flags: 'u' }).check('été')).toBe(true)
  })

  test("'g' and 'y' do not make repeated checks stateful", () => {
    const g = regexMatch('a', { flags: 'g' })
    expect([g.check('a'), g.check('a'), g.check('a')]).toEqual([true, true, true])
    const y = regexMatch('a', { flags: 'y' })
    expect([y.check('ab'), y.check('ab'), y.check('ba')]).toEqual([true, true, false])
  })

  test('a RegExp gives its source and flags; options.flags overrides', () => {
    expect(regexMatch(/^yes/i)).toEqual({ type: 'RegexMatch', pattern: '^yes', flags: 'i' })
    expect(regexMatch(/^yes/i, { flags: '' }).check('YES')).toBe(false)
    expect(JSON.parse(JSON.stringify(regexMatch(/a\/b/)))).toEqual({
      type: 'RegexMatch',
      pattern: 'a\\/b',
      flags: '',
    })
    expect(regexMatch(/a\/b/).check('xa/b')).toBe(true)
  })

  test('a non-string fails', () => {
    expect(regexMatch('1').check(1)).toBe(false)
    expect(regexMatch('null').check(null)).toBe(false)
    expect(regexMatch('a').check(['a'])).toBe(false)
  })
})
