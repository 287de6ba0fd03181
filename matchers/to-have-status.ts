import { assertOneOf } from '../src/errors/index.js'
import type { ScenarioStatus } from '../src/state/types.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { runSummary } from './run-summary.js'
import { formatValue } from './text.js'

const STATUSES: readonly ScenarioStatus[] = ['completed', 'limit_reached', 'error']

/**
 * Passes when the run ended with `status`; on a result set, when every sample did.
 *
 * @example
 * expect(result).toHaveStatus('completed')
 */
export function toHaveStatus(
  this: MatcherState,
  received: unknown,
  status: ScenarioStatus,
): MatcherOutcome {
  assertOneOf(status, STATUSES, 'status in toHaveStatus():')
  return judgeReceived(
    this,
    { name: 'toHaveStatus', args: formatValue(status) },
    received,
    (result) => ({
      pass: result.status === status,
      summary: [runSummary(result)],
      diff: { expected: status, actual: result.status },
    }),
  )
}
