import { InvalidArgumentError } from '../src/errors/index.js'
import { assertOutcomeCheck } from '../src/outcomes/guards.js'
import type { BooleanCheck } from '../src/outcomes/types.js'

/**
 * Validates a matcher's check argument and returns it as a boolean check. An aggregation
 * (`countTurns`, `firstMatchIndex`) is an error: it yields a number, which cannot pass or fail.
 */
export function readBooleanCheck(value: unknown, matcher: string): BooleanCheck {
  assertOutcomeCheck(value, `${matcher}(check)`)
  if (value.type === 'CountTurns' || value.type === 'FirstMatchIndex') {
    throw new InvalidArgumentError(
      `${matcher}() takes a boolean check, got an aggregation ('${value.type}'), which yields a number`,
      'Compare its value instead: expect(evaluateOutcome(check, result)).toBe(2).',
    )
  }
  if (hasJudge(value)) {
    throw new InvalidArgumentError(
      `${matcher}() cannot evaluate a judge() check: a judge needs a model call`,
      'Judge the result with `await expect(result).toSatisfyJudge(criteria, options?)`, or add the judge as an outcome criterion (runScenario judges it after the run).',
    )
  }
  return value
}

/** Whether a check tree holds a `judge()` node, which only an asynchronous evaluation can run. */
function hasJudge(check: BooleanCheck): boolean {
  if (check.type === 'Judge') return true
  if (check.type === 'AllOf' || check.type === 'AnyOf' || check.type === 'AtLeastN') {
    return check.conditions.some(hasJudge)
  }
  return false
}

/** Whether every leaf of a check reads turns (`TurnCheck`, `TurnFieldsCheck`). */
export function readsTurnsOnly(check: BooleanCheck): boolean {
  switch (check.type) {
    case 'TurnCheck':
    case 'TurnFieldsCheck':
      return true
    case 'AllOf':
    case 'AnyOf':
    case 'AtLeastN':
      return check.conditions.every(readsTurnsOnly)
    default:
      return false
  }
}
