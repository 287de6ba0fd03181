import { describe, expect, test } from 'vitest'
import {
  booleanMatch,
  checkPrimitive,
  containsAll,
  containsAny,
  dateMatch,
  dateRange,
  dateTolerance,
  exactMatch,
  hydratePrimitive,
  isPrimitive,
  isPrimitiveData,
  literalMatch,
  numericExact,
  numericGraded,
  numericMaximum,
  numericMinimum,
  numericRange,
  numericRangeGraded,
  numericThresholdGraded,
  numericTolerance,
  orderedMatch,
  PRIMITIVE_TYPES,
  type Primitive,
  primitiveAccepts,
  primitiveForValue,
  regexMatch,
  scorePrimitive,
  setContainment,
  synonymMap,
} from '../../src/primitives/index.js'

// One of every primitive type, with non-default options where there are any.
const all: Primitive[] = [
  booleanMatch(),
  exactMatch({ normalize: ['strip', synonymMap({ usa: 'united states' })] }),
  literalMatch(),
  numericExact(),
  numericTolerance({ tolerance: 2, mode: 'absolute' }),
  numericRange({ min: 1, exclusiveMax: true, max: 5 }),
  numericMinimum({ exclusive: true }),
  numericMaximum(),
  containsAny(['a', 'b'], { normalize: ['lowercase'] }),
  containsAll(['x']),
  regexMatch('^a+$', { flags: 'i' }),
  setContainment('overlap', { minOverlap: 2 }),
  orderedMatch({ normalize: ['collapseWhitespace'] }),
  dateMatch(),
  dateTolerance({ tolerance: 3, unit: 'hours' }),
  dateRange({ min: '2024-01-01', max: new Date(Date.UTC(2025, 0, 1)) }),
  numericGraded({ cutoff: 0.3, fullCredit: 0.1, decay: 'quadratic' }),
  numericRangeGraded({ min: 1, max: 2, margin: 1, mode: 'absolute' }),
  numericThresholdGraded({ direction: 'max', margin: 0.5 }),
]

describe('primitives are plain data with non-enumerable behaviour', () => {
  test('every registered type has a factory here', () => {
    expect(all.map((p) => p.type).sort()).toEqual([...PRIMITIVE_TYPES].sort())
  })

  test('JSON.stringify, Object.keys, toEqual and structuredClone see only the data', () => {
    const p = exactMatch()
    expect(JSON.stringify(p)).toBe('{"type":"ExactMatch","normalize":["lowercase","strip"]}')
    expect(Object.keys(p)).toEqual(['type', 'normalize'])
    expect(p).toEqual({ type: 'ExactMatch', normalize: ['lowercase', 'strip'] })
    expect(p).toStrictEqual({ type: 'ExactMatch', normalize: ['lowercase', 'strip'] })
    for (const q of all) {
      const clone = structuredClone(q)
      expect(clone).toEqual(JSON.parse(JSON.stringify(q)))
      expect(Object.keys(clone)).toEqual(Object.keys(q))
      expect('check' in clone).toBe(false)
    }
  })

  test('check and score work as methods and when destructured', () => {
    expect(exactMatch().check('A ', 'a')).toBe(true)
    const { check, score } = numericTolerance({ tolerance: 0.1 })
    expect(check(105, 100)).toBe(true)
    expect(score(120, 100)).toBe(0)
  })

  test('primitives are frozen; the caller keeps its own arrays', () => {
    const normalize: ('lowercase' | 'strip')[] = ['lowercase']
    const p = exactMatch({ normalize })
    normalize.push('strip')
    expect(p.normalize).toEqual(['lowercase'])
    expect(Object.isFrozen(p)).toBe(true)
    expect(Object.isFrozen(p.normalize)).toBe(true)
  })
})

describe('hydratePrimitive', () => {
  test('round-trips every primitive type through JSON', () => {
    for (const p of all) {
      const json = JSON.parse(JSON.stringify(p))
      const back = hydratePrimitive(json, 'test')
      expect(back, p.type).toEqual(p)
      expect(isPrimitive(back)).toBe(true)
      expect(JSON.stringify(back)).toBe(JSON.stringify(p))
    }
  })

  test('hydrated primitives behave like the originals', () => {
    const samples: [unknown, unknown][] = [
      ['A', 'a'],
      [' usa ', 'united states'],
      [3, 3],
      ['aaa', undefined],
      [
        [1, 2, 3],
        [2, 3],
      ],
      ['2024-06-01', '2024-06-01T02:00:00Z'],
      [110, 100],
      [1.5, 100],
    ]
    for (const p of all) {
      const back = hydratePrimitive(structuredClone(p), 'test')
      for (const [value, expected] of samples) {
        expect(back.check(value, expected), `${p.type} ${String(value)}`).toBe(
          p.check(value, expected),
        )
        expect(back.score(value, expected)).toBe(p.score(value, expected))
      }
    }
  })

  test('missing optional fields take their defaults', () => {
    expect(hydratePrimitive({ type: 'ExactMatch' }, 'x')).toEqual(exactMatch())
    expect(hydratePrimitive({ type: 'SetContainment' }, 'x')).toEqual(setContainment())
    expect(hydratePrimitive({ type: 'NumericTolerance', tolerance: 1 }, 'x')).toEqual(
      numericTolerance({ tolerance: 1 }),
    )
  })

  test('a hydrated RegexMatch is validated and compiled', () => {
    expect(
      hydratePrimitive({ type: 'RegexMatch', pattern: 'a', flags: 'g' }, 'x').check('ba'),
    ).toBe(true)
  })

  test('errors name where', () => {
    expect(() =>
      hydratePrimitive('ExactMatch', 'edges.0.when'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid primitive in edges.0.when: 'ExactMatch'
      A primitive is an object with a 'type', e.g. { type: 'ExactMatch', normalize: ['lowercase'] }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      hydratePrimitive({ normalize: [] }, 'edges.0.when'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Missing primitive 'type' in edges.0.when
      Valid values: 'BooleanMatch', 'ExactMatch', 'LiteralMatch', 'NumericExact', 'NumericTolerance', 'NumericRange', 'NumericMinimum', 'NumericMaximum', 'ContainsAny', 'ContainsAll', 'RegexMatch', 'SetContainment', 'OrderedMatch', 'DateMatch', 'DateTolerance', 'DateRange', 'NumericGraded', 'NumericRangeGraded', 'NumericThresholdGraded'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      hydratePrimitive({ type: 'Fuzzy' }, 'edges.0.when'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown primitive type 'Fuzzy' in edges.0.when
      Valid values: 'BooleanMatch', 'ExactMatch', 'LiteralMatch', 'NumericExact', 'NumericTolerance', 'NumericRange', 'NumericMinimum', 'NumericMaximum', 'ContainsAny', 'ContainsAll', 'RegexMatch', 'SetContainment', 'OrderedMatch', 'DateMatch', 'DateTolerance', 'DateRange', 'NumericGraded', 'NumericRangeGraded', 'NumericThresholdGraded'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      hydratePrimitive({ type: 'ExactMatch', normalize: ['upper'] }, 'nodes.ask.verify.drug'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown normalizer 'upper' in nodes.ask.verify.drug (ExactMatch)
      Valid values: 'lowercase', 'strip', 'trim', 'removePunctuation', 'collapseWhitespace' or synonymMap({ … }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      hydratePrimitive({ type: 'NumericRange', min: 1, extra: true }, 'edges.1.when'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] edges.1.when (NumericRange) has an invalid option
        - unknown key 'extra' in options; valid keys: 'min', 'max', 'exclusiveMin', 'exclusiveMax'
      Remove what NumericRange does not take: its data is its 'type' and its own fields.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      hydratePrimitive({ type: 'BooleanMatch', x: 1 }, 'edges.1.when'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] edges.1.when (BooleanMatch) has an invalid option
        - unknown key 'x' in options; it takes none
      Remove what BooleanMatch does not take: its data is its 'type' and its own fields.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      hydratePrimitive({ type: 'RegexMatch', pattern: '[', flags: '' }, 'edges.2.when'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'pattern' in edges.2.when (RegexMatch): '['
      'pattern' must be a valid JavaScript regular expression (Invalid regular expression: /[/: Unterminated character class).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      hydratePrimitive({ type: 'DateRange', min: 'soon' }, 'edges.3.when'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'min' in edges.3.when (DateRange): 'soon'
      'min' must be a valid Date or a date string such as '2024-01-15'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('isPrimitive and isPrimitiveData', () => {
  test('isPrimitive needs a known type and attached behaviour', () => {
    expect(isPrimitive(exactMatch())).toBe(true)
    expect(isPrimitive({ type: 'ExactMatch', normalize: [] })).toBe(false)
    expect(isPrimitive({ type: 'Nope', check() {}, score() {} })).toBe(false)
    expect(isPrimitive(null)).toBe(false)
    expect(isPrimitive('ExactMatch')).toBe(false)
    expect(isPrimitive(synonymMap({}))).toBe(false)
  })

  test('isPrimitiveData needs a known type only', () => {
    expect(isPrimitiveData({ type: 'ExactMatch', normalize: [] })).toBe(true)
    expect(isPrimitiveData({ type: 'toString' })).toBe(false)
    expect(isPrimitiveData({ type: 'SynonymMap', map: {} })).toBe(false)
  })
})

describe('checkPrimitive and scorePrimitive dispatch by type, also on plain data', () => {
  test('plain data (a copy) works without hydrating', () => {
    const data = JSON.parse(JSON.stringify(regexMatch('^a', { flags: 'i' })))
    expect(checkPrimitive(data, 'Abc', undefined)).toBe(true)
    expect(checkPrimitive(data, 'bAc')).toBe(false)
    expect(checkPrimitive({ type: 'ExactMatch', normalize: ['lowercase'] }, 'A', 'a')).toBe(true)
    expect(scorePrimitive({ type: 'BooleanMatch' }, 'true', true)).toBe(1)
  })
})

describe('primitiveAccepts (SPEC 13.8, 13.32)', () => {
  test('numeric primitives take numbers and numeric strings', () => {
    for (const p of [numericExact(), numericRange({ min: 1 }), numericGraded({ cutoff: 1 })]) {
      expect(primitiveAccepts(p, 3)).toBe(true)
      expect(primitiveAccepts(p, ' 3.5 ')).toBe(true)
      expect(primitiveAccepts(p, 'high')).toBe(false)
      expect(primitiveAccepts(p, undefined)).toBe(false)
      expect(primitiveAccepts(p, null)).toBe(false)
      expect(primitiveAccepts(p, true)).toBe(false)
    }
  })

  test('booleanMatch takes booleans, true/false strings and nullish', () => {
    const p = booleanMatch()
    expect(primitiveAccepts(p, false)).toBe(true)
    expect(primitiveAccepts(p, ' TRUE')).toBe(true)
    expect(primitiveAccepts(p, null)).toBe(true)
    expect(primitiveAccepts(p, 'yes')).toBe(false)
    expect(primitiveAccepts(p, 1)).toBe(false)
  })

  test('exactMatch: JSON-like values; a shape mismatch with expected is a wrong type', () => {
    const p = exactMatch()
    expect(primitiveAccepts(p, 'a', 'b')).toBe(true)
    expect(primitiveAccepts(p, 1, 'b')).toBe(true)
    expect(primitiveAccepts(p, new Date(0), 'b')).toBe(true)
    expect(primitiveAccepts(p, null, 'b')).toBe(true)
    expect(primitiveAccepts(p, ['a'], ['b'])).toBe(true)
    expect(primitiveAccepts(p, { a: 1 }, { a: 2 })).toBe(true)
    expect(primitiveAccepts(p, ['a'], 'a')).toBe(false)
    expect(primitiveAccepts(p, 'a', ['a'])).toBe(false)
    expect(primitiveAccepts(p, { 0: 'a' }, ['a'])).toBe(false)
    expect(primitiveAccepts(p, ['a'])).toBe(true)
    expect(primitiveAccepts(p, () => 1, 'a')).toBe(false)
  })

  test('text, collection, date and literal primitives', () => {
    expect(primitiveAccepts(regexMatch('a'), 'a')).toBe(true)
    expect(primitiveAccepts(regexMatch('a'), 1)).toBe(false)
    expect(primitiveAccepts(containsAny(['a']), ['a'])).toBe(false)
    expect(primitiveAccepts(setContainment(), ['a'])).toBe(true)
    expect(primitiveAccepts(setContainment(), 'a')).toBe(false)
    expect(primitiveAccepts(orderedMatch(), {})).toBe(false)
    expect(primitiveAccepts(dateMatch(), '2024-01-01')).toBe(true)
    expect(primitiveAccepts(dateMatch(), new Date())).toBe(true)
    expect(primitiveAccepts(dateRange(), 'someday')).toBe(false)
    expect(primitiveAccepts(literalMatch(), Symbol('anything'))).toBe(true)
  })
})

describe('primitiveForValue (SPEC 3 value form)', () => {
  test('maps each value type to its primitive', () => {
    expect(primitiveForValue(true)).toEqual(booleanMatch())
    expect(primitiveForValue('yes')).toEqual(exactMatch({ normalize: ['lowercase', 'strip'] }))
    expect(primitiveForValue(3)).toEqual(numericExact())
    expect(primitiveForValue(['a'])).toEqual(setContainment('exact'))
    expect(primitiveForValue('yes').check(' YES', 'yes')).toBe(true)
    expect(primitiveForValue(false).check('false', false)).toBe(true)
    expect(primitiveForValue(3).check('3', 3)).toBe(true)
    expect(primitiveForValue([]).check(['b', 'a'], ['a', 'b'])).toBe(true)
    expect(isPrimitive(primitiveForValue(1))).toBe(true)
  })

  test('anything else is an error (null is handled by the conditions module)', () => {
    expect(() => primitiveForValue(null)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] No value-form primitive for null
      A value form is a boolean, string, number or array; for anything else use stateCheck(path, primitive, expected), e.g. with literalMatch().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => primitiveForValue({ gt: 1 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] No value-form primitive for an object
      A value form is a boolean, string, number or array; for anything else use stateCheck(path, primitive, expected), e.g. with literalMatch().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => primitiveForValue(undefined)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] No value-form primitive for undefined
      A value form is a boolean, string, number or array; for anything else use stateCheck(path, primitive, expected), e.g. with literalMatch().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})
