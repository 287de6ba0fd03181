import { relative } from 'node:path'
import type { MatcherResult as ExpectationResult, MatcherState } from 'vitest'
import { isScenarioResultSet } from '../src/samples/index.js'
import { createConversationSerializer } from '../src/snapshot/index.js'
import { isScenarioExecutionResult } from '../src/state/is-execution-result.js'
import { formatValue } from './text.js'

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
      const { matcherHint, RECEIVED_COLOR } = this.utils
      return {
        pass: false,
        message: () =>
          `${matcherHint('.toMatchConversationSnapshot', 'received', '')}\n\n` +
          // formatValue never throws: the value may be a Proxy or have throwing getters.
          `received value must be a scenario result (what run() returns)\nReceived: ${RECEIVED_COLOR(formatValue(received))}`,
      }
    }
    // The registered serializer refuses a secret too, but the runner would wrap its error; checked
    // here first, the test fails with the SnapshotSecretError itself (file, path, rule).
    createConversationSerializer(() => ({
      file: displayPath(
        (this.snapshotState as { snapshotPath?: string } | undefined)?.snapshotPath,
      ),
      test: this.currentTestName,
    })).serialize(received)
    return hint === undefined
      ? toMatchSnapshot.call(this, received)
      : toMatchSnapshot.call(this, received, hint)
  }
}

/** A snapshot path as messages show it: relative to the working directory. */
function displayPath(path: string | undefined): string | undefined {
  return path === undefined ? undefined : relative(process.cwd(), path)
}
