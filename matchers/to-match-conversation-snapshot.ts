import type { MatcherResult as ExpectationResult, MatcherState } from 'vitest'
import { isScenarioResultSet } from '../src/samples/index.js'
import { isScenarioExecutionResult } from '../src/state/is-execution-result.js'

/** The runner's own snapshot matcher, called with the matcher state (Vitest's `Snapshots.toMatchSnapshot`). */
export type SnapshotMatcher = (
  this: MatcherState,
  received: unknown,
  hint?: string,
) => ExpectationResult

/**
 * Builds `toMatchConversationSnapshot` on top of the runner's snapshot matcher, so snapshots get
 * the runner's `-u`, CI and obsolete rules; the transcript comes from the conversation
 * serializer, which must be registered too (the setup entry does both).
 *
 * @example
 * expect.extend({ toMatchConversationSnapshot: createToMatchConversationSnapshot(Snapshots.toMatchSnapshot) })
 * expect(result).toMatchConversationSnapshot()
 */
export function createToMatchConversationSnapshot(toMatchSnapshot: SnapshotMatcher) {
  return function toMatchConversationSnapshot(
    this: MatcherState,
    received: unknown,
    hint?: string,
  ): ExpectationResult {
    if (!isScenarioExecutionResult(received) && !isScenarioResultSet(received)) {
      const { matcherHint, printReceived } = this.utils
      return {
        pass: false,
        message: () =>
          `${matcherHint('.toMatchConversationSnapshot', 'received', '')}\n\n` +
          `received value must be a scenario result (what run() returns)\nReceived: ${printReceived(received)}`,
      }
    }
    return hint === undefined
      ? toMatchSnapshot.call(this, received)
      : toMatchSnapshot.call(this, received, hint)
  }
}
