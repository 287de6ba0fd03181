import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { assertComposable } from './guards.js'
import type { AllOf, AnyOf, AtLeastN, BooleanCheck } from './types.js'

/**
 * Holds when every condition holds; `allOf()` with none always holds. Aggregations are rejected.
 *
 * @example
 * allOf(turnCheck(turnAt(0), 'verifyResult', true), turnCheck(turnAt(1), 'verifyResult', true))
 */
export function allOf(...conditions: BooleanCheck[]): AllOf {
  assertConditions(conditions, 'allOf()')
  return { type: 'AllOf', conditions }
}

/**
 * Holds when at least one condition holds; `anyOf()` with none never holds.
 *
 * @example
 * anyOf(lastTurn({ 'parsed.target': 'BCL2' }), lastTurn({ 'parsed.target': 'BCL-2' }))
 */
export function anyOf(...conditions: BooleanCheck[]): AnyOf {
  assertConditions(conditions, 'anyOf()')
  return { type: 'AnyOf', conditions }
}

/**
 * Holds when at least `n` (an integer ≥ 0) of the conditions hold; every condition is evaluated.
 *
 * @example
 * atLeastN(2, turnCheck(turnAt(0), 'verifyResult', true), turnCheck(turnAt(1), 'verifyResult', true), statusIs('completed'))
 */
export function atLeastN(n: number, ...conditions: BooleanCheck[]): AtLeastN {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
    throw new InvalidArgumentError(
      `atLeastN() takes an integer n ≥ 0 first, got ${describeValue(n)}`,
      'Write atLeastN(2, check1, check2, check3).',
    )
  }
  assertConditions(conditions, 'atLeastN()')
  return { type: 'AtLeastN', n, conditions }
}

function assertConditions(conditions: readonly unknown[], where: string): void {
  for (let i = 0; i < conditions.length; i++) assertComposable(conditions[i], where, i)
}
