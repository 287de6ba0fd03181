import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { hydratePrimitive, isPrimitive, isPrimitiveData } from '../primitives/index.js'
import type { Primitive, PrimitiveData } from '../primitives/types.js'
import { isResultField, RESULT_FIELDS } from './read-field.js'
import { isScope } from './scopes.js'
import type { ResultCheck, ResultField, TurnCheck, TurnScope } from './types.js'
import { type CheckKind, type ValueCheck, valueCheck } from './value-form.js'

/**
 * A check of a turn field on the turn(s) of `scope`: `verifyWith.check(value, expected)`.
 * Without `verifyWith`, the primitive is picked from `expected` as in the sugar.
 *
 * @example
 * turnCheck(turnAt(0), 'verifyResult', true)
 * turnCheck(lastTurnScope(), 'rawResponse', ['BCL2'], containsAny(['BCL2']))
 */
export function turnCheck(
  scope: TurnScope,
  field: string,
  expected?: unknown,
  verifyWith?: Primitive | PrimitiveData | undefined,
): TurnCheck {
  if (!isScope(scope)) {
    throw new InvalidArgumentError(
      `turnCheck() takes a scope first, got ${describeValue(scope)}`,
      'Use firstTurnScope(), lastTurnScope() or turnAt(i).',
    )
  }
  assertField(field, 'turnCheck()')
  const check = explicitOrValue(expected, verifyWith, field, 'turnCheck()', 'turn')
  return { type: 'TurnCheck', scope, field, expected: check.expected, verifyWith: check.verifyWith }
}

/**
 * A check of a result field (`status`, `turnCount`, `path`, `scenarioId`; snake_case aliases
 * accepted): `verifyWith.check(value, expected)`, the primitive picked from `expected` when absent.
 *
 * @example
 * resultCheck('path', ['ask', 'challenge'], literalMatch())
 */
export function resultCheck(
  field: ResultField,
  expected?: unknown,
  verifyWith?: Primitive | PrimitiveData | undefined,
): ResultCheck {
  if (!isResultField(field)) {
    throw new InvalidArgumentError(
      `Unknown result field ${describeValue(field)} in resultCheck()`,
      `Valid fields: ${quoteList(RESULT_FIELDS)}.`,
    )
  }
  const check = explicitOrValue(expected, verifyWith, field, 'resultCheck()', 'result')
  return { type: 'ResultCheck', field, expected: check.expected, verifyWith: check.verifyWith }
}

function explicitOrValue(
  expected: unknown,
  verifyWith: unknown,
  field: string,
  where: string,
  kind: CheckKind,
): ValueCheck {
  assertReadable(expected, `the expected value of ${where}`)
  if (verifyWith === undefined) return valueCheck(expected, field, where, kind)
  // A primitive's data (a JSON copy) is the primitive: rebuilt here, it works as the original.
  if (isPrimitiveData(verifyWith) && !isPrimitive(verifyWith)) {
    return { expected, verifyWith: hydratePrimitive(verifyWith, `'verifyWith' in ${where}`) }
  }
  if (!isPrimitive(verifyWith)) {
    throw new InvalidArgumentError(
      `'verifyWith' in ${where} is not a primitive: ${describeValue(verifyWith)}`,
      'Build it with a primitive factory, e.g. exactMatch() or numericRange({ min: 1 }).',
    )
  }
  return { expected, verifyWith }
}

/** Throws unless a field name is a string. */
export function assertField(field: unknown, where: string): asserts field is string {
  if (typeof field !== 'string') {
    throw new InvalidArgumentError(
      `A field name in ${where} must be a string, got ${describeValue(field)}`,
    )
  }
}
