import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { describeNonJson } from '../internal/describe-non-json.js'
import { describeValue } from '../internal/describe-value.js'
import {
  exactMatch,
  isPlainObject,
  isPrimitive,
  literalMatch,
  numericMaximum,
  numericMinimum,
  primitiveForValue,
  regexMatch,
  setContainment,
} from '../primitives/index.js'
import type { Primitive } from '../primitives/types.js'

/** The operators an operator object may hold in outcome sugar. */
export const OUTCOME_OPERATORS = ['eq', 'gt', 'gte', 'lt', 'lte', 'matches', 'contains'] as const

/** Which explicit constructor an error message points to. */
export type CheckKind = 'turn' | 'result'

/** The expected value and primitive a field value stands for. */
export interface ValueCheck {
  expected: unknown
  verifyWith: Primitive
}

/**
 * Turns a field value of the sugar (or an `expected` given without `verifyWith`)
 * into an expected value and a primitive, as conditions pick them: boolean → `booleanMatch`,
 * string → `exactMatch`, number → `numericExact`, array → `setContainment('exact')`, `null` or
 * `undefined` → matches a missing or null value; a plain object is an operator object with
 * exactly one of `eq gt gte lt lte matches contains`.
 *
 * @example
 * valueCheck({ gte: 3 }, 'parsed.score', 'lastTurn()', 'turn')
 * // { expected: 3, verifyWith: numericMinimum() }
 */
export function valueCheck(
  value: unknown,
  field: string,
  where: string,
  kind: CheckKind,
): ValueCheck {
  if (value === undefined || value === null) return nullForm()
  if (isPrimitive(value)) {
    throw new InvalidArgumentError(
      `A primitive is not an expected value (field '${field}' in ${where})`,
      `Pass it as verifyWith: ${explicitForm(kind)}.`,
    )
  }
  if (isPlainObject(value)) return operatorCheck(value, field, where, kind)
  assertJson(value, field, where)
  return { expected: value, verifyWith: primitiveForValue(value) }
}

// Primitives are frozen, so one shared instance serves every `null` value form.
const NULL_FORM = exactMatch()

/** The `null` value form: `exactMatch` holds when both sides are nullish. */
function nullForm(): ValueCheck {
  return { expected: null, verifyWith: NULL_FORM }
}

function operatorCheck(
  ops: Record<string, unknown>,
  field: string,
  where: string,
  kind: CheckKind,
): ValueCheck {
  const keys = Object.keys(ops)
  const subject = `for field '${field}' in ${where}`
  const [op] = keys
  if (op === undefined) {
    throw new InvalidArgumentError(
      `Empty operator object ${subject}`,
      `Write exactly one of ${quoteList(OUTCOME_OPERATORS)}, e.g. { gte: 3 }.`,
    )
  }
  if (keys.length > 1) {
    throw new InvalidArgumentError(
      `Several operators (${quoteList(keys)}) ${subject}`,
      `${oneOperator} ${explicitForm(kind)}, or combine one check per operator with allOf() or anyOf().`,
    )
  }
  if (op === 'neq' || op === 'in') {
    throw new InvalidArgumentError(
      `Operator '${op}' is not supported ${subject}`,
      `${oneOperator} ${explicitForm(kind)}, or combine checks with anyOf().`,
    )
  }
  const operand = ops[op]
  switch (op) {
    case 'eq':
      if (operand === undefined || operand === null) return nullForm()
      assertJson(operand, field, where)
      // `eq` is the value form for scalars and deep equality for objects and arrays.
      if (typeof operand === 'object') return { expected: operand, verifyWith: literalMatch() }
      return { expected: operand, verifyWith: primitiveForValue(operand) }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      if (typeof operand !== 'number' || !Number.isFinite(operand)) {
        throw new InvalidArgumentError(
          `Operator '${op}' ${subject} needs a finite number, got ${describeValue(operand)}`,
          `Write e.g. { ${op}: 3 }.`,
        )
      }
      const exclusive = op === 'gt' || op === 'lt'
      const verifyWith =
        op[0] === 'g' ? numericMinimum({ exclusive }) : numericMaximum({ exclusive })
      return { expected: operand, verifyWith }
    }
    case 'matches':
      if (typeof operand !== 'string') {
        throw new InvalidArgumentError(
          `Operator 'matches' ${subject} needs a pattern string, got ${describeValue(operand)}`,
          "Write the pattern as a string, with flags in an explicit regexMatch(pattern, { flags: 'i' }).",
        )
      }
      return { expected: operand, verifyWith: regexMatch(operand) }
    case 'contains': {
      assertJson(operand, field, where)
      // As in `when`: a list names several elements (all required), one value names one.
      const elements = Array.isArray(operand) ? operand : [operand ?? null]
      return { expected: elements, verifyWith: setContainment('superset') }
    }
    default:
      throw new InvalidArgumentError(
        `Unknown operator '${op}' ${subject}`,
        `Valid operators: ${quoteList(OUTCOME_OPERATORS)}. To compare with an object, write { eq: { … } }.`,
      )
  }
}

const oneOperator = `An operator object in an outcome check holds exactly one of ${quoteList(OUTCOME_OPERATORS)}. Pass an explicit verifyWith to`

function explicitForm(kind: CheckKind): string {
  return kind === 'turn'
    ? 'turnCheck(scope, field, expected, verifyWith)'
    : 'resultCheck(field, expected, verifyWith)'
}

function assertJson(value: unknown, field: string, where: string): void {
  const problem = describeNonJson(value)
  if (problem === undefined) return
  throw new InvalidArgumentError(
    `Unsupported value for field '${field}' in ${where}: ${problem}`,
    'Check nodes are plain data: use JSON values (strings, numbers, booleans, null, arrays, objects), or pass an explicit verifyWith.',
  )
}
