// The tests a when-object value compiles to.
import {
  applyNormalizers,
  checkPrimitive,
  deepEqual,
  exactEqual,
  isPlainObject,
  type Normalizer,
  type Primitive,
  primitiveAccepts,
  primitiveForValue,
  toBoolean,
  toNumber,
} from '../primitives/index.js'
import type { ValueTest, Verdict } from './compiled-condition.js'

/**
 * A test by a primitive: a missing value (`undefined`, or `null`) does not match,
 * a value the primitive does not take is a wrong type, else the primitive decides.
 */
export function primitiveTest(primitive: Primitive, expected: unknown, text: string): ValueTest {
  return {
    text,
    run: (value) => {
      if (value === undefined || value === null) return 'missing'
      if (!primitiveAccepts(primitive, value, expected)) return 'wrongType'
      return primitive.check(value, expected)
    },
  }
}

/** The `null` value form: matches a missing or `null` value. */
function nullTest(text: string): ValueTest {
  return { text, run: (value) => value === undefined || value === null }
}

// The value forms and the range operators below are the primitives' rules (booleanMatch,
// exactMatch, numericExact, numericRange) written out with the primitives' own helpers, so the
// expected side is normalized once at compile time and nothing is dispatched per evaluation.
// test/conditions/value-tests.test.ts checks them against the primitives for arbitrary values.

function booleanTest(expected: boolean, text: string): ValueTest {
  return {
    text,
    run: (value) => {
      if (value === undefined || value === null) return 'missing'
      const b = toBoolean(value)
      return b === undefined ? 'wrongType' : b === expected
    },
  }
}

function numberTest(expected: number, text: string): ValueTest {
  return {
    text,
    run: (value) => {
      if (value === undefined || value === null) return 'missing'
      const n = toNumber(value)
      return n === undefined ? 'wrongType' : n === expected
    },
  }
}

function stringTest(expected: string, normalize: readonly Normalizer[], text: string): ValueTest {
  const normalized = applyNormalizers(expected, normalize)
  return {
    text,
    equalsString: { normalized, normalize },
    run: (value) => {
      if (value === undefined || value === null) return 'missing'
      if (typeof value === 'string') {
        return value === expected || applyNormalizers(value, normalize) === normalized
      }
      // Other scalars compare by their text; an array or object is a wrong type.
      if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) {
        return exactEqual(value, expected, normalize)
      }
      return 'wrongType'
    },
  }
}

/**
 * The value form `{ path: value }` for JSON data already read by `readWhenJson`: `null` matches
 * missing or null; a boolean, string, number or array picks its primitive.
 */
export function valueFormTest(value: unknown, text: string): ValueTest {
  if (value === null) return nullTest(text)
  const primitive = primitiveForValue(value)
  switch (primitive.type) {
    case 'BooleanMatch':
      return booleanTest(value as boolean, text)
    case 'NumericExact':
      return numberTest(value as number, text)
    case 'ExactMatch':
      return stringTest(value as string, primitive.normalize, text)
    default:
      return primitiveTest(primitive, value, text)
  }
}

/** The comparisons of `gt gte lt lte`: `numericRange` bounds, exclusive for `gt` and `lt`. */
const RANGE_COMPARE = {
  gt: (n: number, bound: number) => n > bound,
  gte: (n: number, bound: number) => n >= bound,
  lt: (n: number, bound: number) => n < bound,
  lte: (n: number, bound: number) => n <= bound,
} as const

/** A range operator: numbers and numeric strings are numbers, anything else a wrong type. */
export function rangeTest(op: keyof typeof RANGE_COMPARE, bound: number, text: string): ValueTest {
  const compare = RANGE_COMPARE[op]
  return {
    text,
    range: { op, bound },
    run: (value) => {
      if (value === undefined || value === null) return 'missing'
      const n = toNumber(value)
      return n === undefined ? 'wrongType' : compare(n, bound)
    },
  }
}

/** `matches`: a regular-expression search in a string (`regexMatch` without flags). */
export function matchesTest(pattern: RegExp, text: string): ValueTest {
  return {
    text,
    run: (value) => {
      if (value === undefined || value === null) return 'missing'
      return typeof value === 'string' ? pattern.test(value) : 'wrongType'
    },
  }
}

/** Deep equality with an array or object operand; another shape is a wrong type. */
function deepEqualTest(operand: unknown, text: string): ValueTest {
  const wantArray = Array.isArray(operand)
  return {
    text,
    run: (value) => {
      if (value === undefined || value === null) return 'missing'
      if (wantArray ? !Array.isArray(value) : !isPlainObject(value)) return 'wrongType'
      return deepEqual(value, operand)
    },
  }
}

/** `eq`: the value form for scalars and `null`, deep equality for arrays and objects. */
export function eqTest(operand: unknown, text: string): ValueTest {
  if (typeof operand === 'object' && operand !== null) return deepEqualTest(operand, text)
  return valueFormTest(operand, text)
}

/**
 * `neq`: the negation of `eq`, except that a value `eq` cannot judge (missing, wrong type) does
 * not match either. `undefined` is always missing; `null` is missing unless the operand is `null`
 *, in which case `{ neq: null }` means "present and not null".
 */
export function neqTest(operand: unknown, text: string): ValueTest {
  if (operand === null) {
    return { text, run: (value) => (value === undefined ? 'missing' : value !== null) }
  }
  const eq = eqTest(operand, text).run
  return {
    text,
    run: (value) => {
      const verdict = eq(value)
      return typeof verdict === 'boolean' ? !verdict : verdict
    },
  }
}

/**
 * `in`: matches when `eq` would match one element. It never matches `undefined`; `null` matches
 * only a `null` element. When every element finds the value of the wrong type, the
 * verdict is a wrong type (a diagnostic), else a plain `false`.
 */
export function inTest(operands: readonly unknown[], text: string): ValueTest {
  const acceptsNull = operands.includes(null)
  const runs = operands.filter((o) => o !== null).map((o) => eqTest(o, text).run)
  return {
    text,
    run: (value): Verdict => {
      if (value === undefined) return 'missing'
      if (value === null) return acceptsNull ? true : 'missing'
      let allWrongType = runs.length > 0
      for (let i = 0; i < runs.length; i++) {
        const verdict = (runs[i] as ValueTest['run'])(value)
        if (verdict === true) return true
        if (verdict !== 'wrongType') allWrongType = false
      }
      return allWrongType ? 'wrongType' : false
    },
  }
}

/**
 * `contains`: the value is an array holding every one of `elements` (deep equality, no
 * normalization, as `setContainment` compares). A missing value or one that is not an array does
 * not match (a diagnostic says why); an empty list of elements holds for any array.
 */
export function containsTest(elements: readonly unknown[], text: string): ValueTest {
  return {
    text,
    run: (value) => {
      if (value === undefined || value === null) return 'missing'
      if (!Array.isArray(value)) return 'wrongType'
      for (let i = 0; i < elements.length; i++) {
        if (!includesDeep(value, elements[i])) return false
      }
      return true
    },
  }
}

function includesDeep(values: readonly unknown[], element: unknown): boolean {
  for (let i = 0; i < values.length; i++) if (deepEqual(values[i], element)) return true
  return false
}

/**
 * A `stateCheck`: a missing value does not match unless `expected` is `null`, in which case the
 * primitive judges it (`exactMatch` and `booleanMatch` match two nullish values).
 */
export function stateCheckTest(primitive: Primitive, expected: unknown, text: string): ValueTest {
  if (expected === null) {
    return { text, run: (value) => checkPrimitive(primitive, value, null) }
  }
  return primitiveTest(primitive, expected, text)
}
