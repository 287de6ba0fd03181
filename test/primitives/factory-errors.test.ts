import { describe, expect, test } from 'vitest'
import { isScenarioError } from '../../src/errors/index.js'
import {
  containsAll,
  containsAny,
  exactMatch,
  type Normalizer,
  type NumericToleranceOptions,
  numericMaximum,
  numericMinimum,
  numericRange,
  numericTolerance,
  orderedMatch,
  regexMatch,
  type SetMode,
  setContainment,
  synonymMap,
} from '../../src/primitives/index.js'

// Casts let the tests pass what a JavaScript caller (or a loose type) could pass.
const bad = <T>(value: unknown): T => value as T

describe('factory errors are thrown at the call, with the valid values', () => {
  test('errors are InvalidArgumentErrors with the invalid_argument code', () => {
    let caught: unknown
    try {
      exactMatch({ normalize: [bad<Normalizer>('upper')] })
    } catch (error) {
      caught = error
    }
    expect(isScenarioError(caught)).toBe(true)
    expect(caught).toMatchObject({ name: 'InvalidArgumentError', code: 'invalid_argument' })
  })

  test('options objects', () => {
    expect(() => exactMatch(bad({ normalise: [] }))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] exactMatch() has an invalid option
        - unknown key 'normalise' in options; valid keys: 'normalize'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => exactMatch(bad('lowercase'))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] exactMatch() has an invalid option
        - options: an options object { normalize? }, got 'lowercase'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericRange(bad({ min: 1, mx: 2, exclusive: true })),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] numericRange() has an invalid option
        - unknown keys 'mx', 'exclusive' in options; valid keys: 'min', 'max', 'exclusiveMin', 'exclusiveMax'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('normalizers', () => {
    expect(() =>
      exactMatch({ normalize: [bad<Normalizer>('upper')] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown normalizer 'upper' in exactMatch()
      Valid values: 'lowercase', 'strip', 'trim', 'removePunctuation', 'collapseWhitespace' or synonymMap({ … }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => orderedMatch({ normalize: bad('lowercase') })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'normalize' in orderedMatch(): 'lowercase'
      'normalize' must be an array of normalizers: 'lowercase', 'strip', 'trim', 'removePunctuation', 'collapseWhitespace' or synonymMap({ … }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      containsAny(['a'], { normalize: [bad<Normalizer>({ type: 'SynonymMap', map: { a: 1 } })] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid synonym for 'a' in containsAny(): 1
      Every replacement in a synonym map must be a string.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      exactMatch({ normalize: [bad<Normalizer>({ type: 'SynonymMap', map: {}, extra: 1 })] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid synonym map in exactMatch()
      A synonym map is { type: 'SynonymMap', map: { from: 'to' } }; build it with synonymMap().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => synonymMap(bad(['a']))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid synonym map in synonymMap(): an array
      Pass an object of replacements, e.g. synonymMap({ usa: 'united states' }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => synonymMap(bad({ usa: null }))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid synonym for 'usa' in synonymMap(): null
      Every replacement in a synonym map must be a string.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('numericTolerance', () => {
    expect(() => numericTolerance(bad({}))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Missing 'tolerance' in numericTolerance()
      'tolerance' must be a finite number >= 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => numericTolerance({ tolerance: -1 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'tolerance' in numericTolerance(): -1
      'tolerance' must be a finite number >= 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => numericTolerance({ tolerance: Number.NaN })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'tolerance' in numericTolerance(): NaN
      'tolerance' must be a finite number >= 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericTolerance({ tolerance: 1, mode: bad<NumericToleranceOptions['mode']>('percent') }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown mode 'percent' in numericTolerance()
      Valid values: 'relative', 'absolute'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('numericRange, numericMinimum, numericMaximum', () => {
    expect(() => numericRange({ min: 5, max: 1 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Empty range in numericRange(): no number satisfies min 5 and max 1
      Give a 'min' below 'max' (or equal to it, with both bounds inclusive).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericRange({ min: 5, max: 5, exclusiveMax: true }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Empty range in numericRange(): no number satisfies min 5 and max 5 (exclusive)
      Give a 'min' below 'max' (or equal to it, with both bounds inclusive).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => numericRange({ min: bad('1') })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'min' in numericRange(): '1'
      'min' must be a finite number.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      numericRange({ max: Number.POSITIVE_INFINITY }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'max' in numericRange(): Infinity
      'max' must be a finite number.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => numericRange({ exclusiveMin: bad('yes') })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'exclusiveMin' in numericRange(): 'yes'
      'exclusiveMin' must be true or false.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => numericMinimum({ exclusive: bad(1) })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'exclusive' in numericMinimum(): 1
      'exclusive' must be true or false.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => numericMaximum(bad({ inclusive: true }))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] numericMaximum() has an invalid option
        - unknown key 'inclusive' in options; valid keys: 'exclusive'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('containsAny, containsAll', () => {
    expect(() => containsAny([])).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'substrings' in containsAny(): an empty array
      'substrings' must be a non-empty array of strings.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => containsAll(bad(['a', 1]))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'substrings' in containsAll(): an array
      'substrings' must be a non-empty array of strings.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => containsAll(bad('abc'))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'substrings' in containsAll(): 'abc'
      'substrings' must be a non-empty array of strings.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      containsAny(['a'], bad({ substrings: ['b'] })),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] containsAny() has an invalid option
        - unknown key 'substrings' in options; valid keys: 'normalize'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('regexMatch', () => {
    expect(() => regexMatch('(')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'pattern' in regexMatch(): '('
      'pattern' must be a valid JavaScript regular expression (Invalid regular expression: /(/: Unterminated group).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => regexMatch('a', { flags: 'x' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown regex flag 'x' in regexMatch()
      Valid values: 'd', 'g', 'i', 'm', 's', 'u', 'v', 'y' (JavaScript flag letters, e.g. 'i').
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => regexMatch('a', { flags: 'ii' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Regex flag 'i' given twice in regexMatch()
      Give each flag once.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => regexMatch('a', { flags: 'uv' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Regex flags 'u' and 'v' together in regexMatch()
      Give one of them: 'v' includes what 'u' does.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => regexMatch('a', { flags: bad(['i']) })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'flags' in regexMatch(): an array
      'flags' must be a string of flag letters.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => regexMatch(bad(42))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'pattern' in regexMatch(): 42
      'pattern' must be a regular expression string or a RegExp.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => regexMatch(/a/, bad({ flag: 'i' }))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] regexMatch() has an invalid option
        - unknown key 'flag' in options; valid keys: 'flags'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('setContainment', () => {
    expect(() => setContainment(bad<SetMode>('intersect'))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown set mode 'intersect' in setContainment()
      Valid values: 'exact', 'subset', 'superset', 'overlap'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => setContainment('overlap', { minOverlap: 0 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'minOverlap' in setContainment(): 0
      'minOverlap' must be an integer >= 1.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      setContainment('overlap', { minOverlap: 1.5 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'minOverlap' in setContainment(): 1.5
      'minOverlap' must be an integer >= 1.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => setContainment('subset', { minOverlap: 2 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] 'minOverlap' given for set mode 'subset' in setContainment()
      'minOverlap' only applies to mode 'overlap': use setContainment('overlap', { minOverlap }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})
