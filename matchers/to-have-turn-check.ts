import { InvalidArgumentError } from '../src/errors/index.js'
import type { AllOf, AnyOf, AtLeastN, TurnCheck, TurnFieldsCheck } from '../src/outcomes/types.js'
import { checkVerdict } from './check-report.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { readBooleanCheck, readsTurnsOnly } from './read-check.js'

/** What `toHaveTurnCheck` takes: a check of turn fields, as the turn sugar builds it. */
export type TurnLevelCheck = TurnCheck | TurnFieldsCheck | AllOf | AnyOf | AtLeastN

/**
 * Passes when a check of turn fields holds (`lastTurn`, `firstTurn`, `anyTurn`, `allTurns`,
 * `turnCheck`, or compositions of them); on a result set, when it holds for every sample.
 *
 * @example
 * expect(result).toHaveTurnCheck(lastTurn({ verifyResult: true }))
 * expect(result).toHaveTurnCheck(anyTurn({ 'parsed.drug': 'navitoclax' }, { node: 'challenge' }))
 */
export function toHaveTurnCheck(
  this: MatcherState,
  received: unknown,
  check: TurnLevelCheck,
): MatcherOutcome {
  const turnCheck = readBooleanCheck(check, 'toHaveTurnCheck')
  if (!readsTurnsOnly(turnCheck)) {
    throw new InvalidArgumentError(
      'toHaveTurnCheck() takes a check of turn fields; this one also reads the whole result or compares turns',
      'Use toSatisfyOutcome(check) for result checks (statusIs, turnCountEq, …) and crossTurn checks.',
    )
  }
  return judgeReceived(this, { name: 'toHaveTurnCheck', args: 'check' }, received, (result) =>
    checkVerdict(turnCheck, result, this.utils),
  )
}
