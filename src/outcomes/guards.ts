import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import {
  AGGREGATION_TYPES,
  BOOLEAN_CHECK_TYPES,
  isOneOf,
  SCOPE_TYPES,
  typeTag,
} from './node-types.js'
import { readCheck } from './read-check.js'
import type { BooleanCheck, OutcomeCheck } from './types.js'

/**
 * Whether `value` is a valid outcome check (boolean or aggregation), validated through the whole
 * tree; a bare scope such as `turnAt(0)` is not.
 *
 * @example
 * isOutcomeCheck(lastTurn({ verifyResult: true })) // true
 * isOutcomeCheck(turnAt(0)) // false
 */
export function isOutcomeCheck(value: unknown): value is OutcomeCheck {
  try {
    readCheck(value, 'check', false)
    return true
  } catch {
    return false
  }
}

/**
 * Whether `value` is a valid boolean check, the kind that composes (not an aggregation).
 *
 * @example
 * isBooleanCheck(countTurns()) // false
 */
export function isBooleanCheck(value: unknown): value is BooleanCheck {
  return isOneOf(BOOLEAN_CHECK_TYPES, typeTag(value)) && isOutcomeCheck(value)
}

/**
 * Throws an `InvalidArgumentError` naming `where` unless `value` is a valid outcome check; for
 * callers such as `addOutcome` that reject a non-check (e.g. a bare scope) at the call.
 *
 * @example
 * assertOutcomeCheck(check, "addOutcome('kept-answer', check)")
 */
export function assertOutcomeCheck(value: unknown, where: string): asserts value is OutcomeCheck {
  readCheck(value, where, false)
}

/**
 * Throws unless `value` may be a condition of a composition: a boolean check by its tag. An
 * aggregation, a scope or any other value is an error naming the position: an
 * aggregation inside a composition is an error when it is built, not when it is evaluated.
 */
export function assertComposable(value: unknown, where: string, index: number): void {
  const type = typeTag(value)
  if (isOneOf(BOOLEAN_CHECK_TYPES, type)) return
  const subject = `${where}: conditions[${index}]`
  if (isOneOf(AGGREGATION_TYPES, type)) {
    throw new InvalidArgumentError(
      `${subject} is an aggregation ('${type}'), which cannot be composed`,
      `An aggregation returns a number; add it as an outcome of its own, e.g. addOutcome('name', ${type === 'CountTurns' ? 'countTurns' : 'firstMatchIndex'}({ … })).`,
    )
  }
  if (isOneOf(SCOPE_TYPES, type)) {
    throw new InvalidArgumentError(
      `${subject} is a scope ('${type}'), not a check`,
      "Wrap the scope in a check, e.g. turnCheck(turnAt(0), 'verifyResult', true).",
    )
  }
  throw new InvalidArgumentError(
    `${subject} is not an outcome check: ${describeValue(value)}`,
    'Build conditions with turnCheck(), resultCheck(), crossTurn(), the sugar (lastTurn({ … }), …), allOf(), anyOf() or atLeastN().',
  )
}
