import type { BooleanCheck } from '../src/outcomes/types.js'
import { checkVerdict } from './check-report.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { readBooleanCheck } from './read-check.js'

/**
 * Passes when an outcome check holds for the run: any boolean check (turn, result, cross-turn,
 * and compositions); on a result set, when it holds for every sample.
 *
 * @example
 * expect(result).toSatisfyOutcome(allOf(statusIs('completed'), lastTurn({ verifyResult: true })))
 */
export function toSatisfyOutcome(
  this: MatcherState,
  received: unknown,
  check: BooleanCheck,
): MatcherOutcome {
  const outcome = readBooleanCheck(check, 'toSatisfyOutcome')
  return judgeReceived(this, { name: 'toSatisfyOutcome', args: 'check' }, received, (result) =>
    checkVerdict(outcome, result, this.utils),
  )
}
