import { describe, expect, test } from 'vitest'
import { applyNormalizers, synonymMap, validateNormalizers } from '../../src/primitives/index.js'

describe('applyNormalizers', () => {
  test('lowercase, strip and its alias trim', () => {
    expect(applyNormalizers(' AbC ', ['lowercase'])).toBe(' abc ')
    expect(applyNormalizers(' AbC \n', ['strip'])).toBe('AbC')
    expect(applyNormalizers('\t AbC ', ['trim'])).toBe('AbC')
  })

  test('removePunctuation deletes ASCII punctuation only (SPEC 13.12)', () => {
    expect(applyNormalizers('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', ['removePunctuation'])).toBe('')
    expect(applyNormalizers("Hello, world! It's 3.5", ['removePunctuation'])).toBe(
      'Hello world Its 35',
    )
    // Non-ASCII punctuation and letters stay.
    expect(applyNormalizers('«café» — ¿sí?', ['removePunctuation'])).toBe('«café» — ¿sí')
  })

  test('collapseWhitespace turns runs into one space and trims', () => {
    expect(applyNormalizers('  a \t\n b   c  ', ['collapseWhitespace'])).toBe('a b c')
  })

  test('normalizers apply left to right', () => {
    const map = synonymMap({ usa: 'united states' })
    expect(applyNormalizers(' USA ', ['lowercase', 'strip', map])).toBe('united states')
    // The map runs before strip here, so ' usa ' is not a key.
    expect(applyNormalizers(' USA ', ['lowercase', map, 'strip'])).toBe('usa')
    expect(applyNormalizers('a, b', ['removePunctuation', 'collapseWhitespace'])).toBe('a b')
  })

  test('a synonym map replaces the whole string only, never a substring', () => {
    // An own '__proto__' key (as JSON.parse makes) must stay an ordinary key.
    const map = synonymMap({
      usa: 'united states',
      toString: 'ts',
      ...JSON.parse('{"__proto__":"proto"}'),
    })
    expect(applyNormalizers('usa', [map])).toBe('united states')
    expect(applyNormalizers('the usa', [map])).toBe('the usa')
    expect(applyNormalizers('__proto__', [map])).toBe('proto')
    expect(applyNormalizers('toString', [map])).toBe('ts')
    expect(applyNormalizers('constructor', [map])).toBe('constructor')
  })
})

describe('synonymMap', () => {
  test('is plain data, copied and frozen', () => {
    const source = { usa: 'united states' }
    const map = synonymMap(source)
    source.usa = 'changed'
    expect(map).toEqual({ type: 'SynonymMap', map: { usa: 'united states' } })
    expect(JSON.parse(JSON.stringify(map))).toEqual(map)
    expect(Object.isFrozen(map)).toBe(true)
    expect(Object.isFrozen(map.map)).toBe(true)
  })
})

describe('validateNormalizers', () => {
  test('returns a frozen copy of valid normalizers, synonym maps included', () => {
    const input = ['lowercase', { type: 'SynonymMap', map: { a: 'b' } }]
    const out = validateNormalizers(input, 'here')
    expect(out).toEqual(input)
    expect(out).not.toBe(input)
    expect(Object.isFrozen(out)).toBe(true)
    expect(applyNormalizers('A', out)).toBe('b')
  })

  test('rejects unknown normalizers, naming where and the valid ones', () => {
    expect(() =>
      validateNormalizers(['remove_punctuation'], 'nodes.a.verify.x'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown normalizer 'remove_punctuation' in nodes.a.verify.x
      Valid values: 'lowercase', 'strip', 'trim', 'removePunctuation', 'collapseWhitespace' or synonymMap({ … }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => validateNormalizers(['lowercase', 3], 'x')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown normalizer 3 in x
      Valid values: 'lowercase', 'strip', 'trim', 'removePunctuation', 'collapseWhitespace' or synonymMap({ … }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => validateNormalizers({ 0: 'lowercase' }, 'x')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'normalize' in x: an object
      'normalize' must be an array of normalizers: 'lowercase', 'strip', 'trim', 'removePunctuation', 'collapseWhitespace' or synonymMap({ … }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})
