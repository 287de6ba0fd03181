import { relative } from 'node:path'
import type { MatcherResult as ExpectationResult, MatcherState } from 'vitest'
import { createConversationSerializer } from '../src/snapshot/index.js'
import { readReceived } from './received.js'

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
    // The received value is checked as every other matcher checks it: a value that is no result
    // is a programmer error, thrown, so that `.not` cannot turn it into a pass.
    readReceived(received, 'toMatchConversationSnapshot')
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
