import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Verdict } from '../../src/conditions/compiled-condition.js'
import { matchesTest, rangeTest, valueFormTest } from '../../src/conditions/value-tests.js'
import {
  checkPrimitive,
  numericRange,
  type Primitive,
  primitiveAccepts,
  primitiveForValue,
  regexMatch,
} from '../../src/primitives/index.js'

// The compiled tests write the primitives' rules out for speed; these properties pin them to
// the primitives: same verdict as "missing, else wrong type unless accepted, else check".
function reference(primitive: Primitive, expected: unknown, value: unknown): Verdict {
  if (value === undefined || value === null) return 'missing'
  if (!primitiveAccepts(primitive, value, expected)) return 'wrongType'
  return checkPrimitive(primitive, value, expected)
}

const tricky = fc.constantFrom(
  'true',
  ' FALSE ',
  'yes',
  '3',
  ' 3 ',
  '3.0',
  '-0',
  '1e3',
  '0x10',
  '',
  ' ',
  'High',
  ' high ',
  'İ',
  'NaN',
  'Infinity',
)
const anyValue = fc.oneof(
  fc.string({ maxLength: 6 }),
  tricky,
  fc.integer({ min: -5, max: 5 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.oneof(tricky, fc.integer()), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 2 }), fc.integer(), { maxKeys: 2 }),
  fc.date(),
)

describe('compiled value forms agree with their primitives', () => {
  test('boolean, number and string value forms', () => {
    const expected = fc.oneof(
      fc.boolean(),
      fc.integer({ min: -5, max: 5 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      tricky,
      fc.string({ maxLength: 6 }),
    )
    fc.assert(
      fc.property(expected, anyValue, (x, value) => {
        const test = valueFormTest(x, 'x')
        expect(test.run(value)).toBe(reference(primitiveForValue(x), x, value))
      }),
      { numRuns: 2000 },
    )
  })

  test('gt gte lt lte agree with numericRange', () => {
    const bound = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    )
    fc.assert(
      fc.property(
        fc.constantFrom('gt', 'gte', 'lt', 'lte' as const),
        bound,
        anyValue,
        (op, b, value) => {
          const primitive =
            op === 'gt'
              ? numericRange({ min: b, exclusiveMin: true })
              : op === 'gte'
                ? numericRange({ min: b })
                : op === 'lt'
                  ? numericRange({ max: b, exclusiveMax: true })
                  : numericRange({ max: b })
          expect(rangeTest(op, b, 'x').run(value)).toBe(reference(primitive, undefined, value))
        },
      ),
      { numRuns: 2000 },
    )
  })

  test('matches agrees with regexMatch without flags', () => {
    const pattern = fc.constantFrom('^a', 'b$', 'yes|no', '\\d+', '', '^$', 'İ')
    fc.assert(
      fc.property(pattern, anyValue, (p, value) => {
        expect(matchesTest(new RegExp(p), 'x').run(value)).toBe(
          reference(regexMatch(p), undefined, value),
        )
      }),
      { numRuns: 1000 },
    )
  })
})
