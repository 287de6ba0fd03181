import { InvalidArgumentError } from '../src/errors/index.js'
import { describeValue } from '../src/internal/describe-value.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { runSummary } from './run-summary.js'

/**
 * Passes when the run had exactly `n` turns; on a result set, when every sample did.
 *
 * @example
 * expect(result).toHaveTurnCount(2)
 */
export function toHaveTurnCount(this: MatcherState, received: unknown, n: number): MatcherOutcome {
  if (!Number.isInteger(n) || n < 0) {
    throw new InvalidArgumentError(
      `toHaveTurnCount() takes a whole number of turns, got ${describeValue(n)}`,
    )
  }
  return judgeReceived(this, { name: 'toHaveTurnCount', args: String(n) }, received, (result) => ({
    pass: result.turnCount === n,
    summary: [runSummary(result)],
    diff: { expected: n, actual: result.turnCount },
  }))
}
