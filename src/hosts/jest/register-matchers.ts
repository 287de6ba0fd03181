import { matchers } from '../../../matchers/matchers.js'
import { createToAgreeWithLabels } from '../../../matchers/to-agree-with-labels.js'
import { createToMatchConversationSnapshot } from '../../../matchers/to-match-conversation-snapshot.js'
import { createToSatisfyJudge } from '../../../matchers/to-satisfy-judge.js'
import { calibrateUnder } from '../../calibration/calibrate-judge.js'
import { createConversationSerializer, type SnapshotLocation } from '../../snapshot/index.js'
import { calibrateJudge } from './bound.js'
import { jestGlobals } from './jest-globals.js'
import { providedJestOptions } from './options.js'
import { currentJestRecording, jestSecretSettings } from './recordings.js'

const REGISTERED = Symbol.for('vitest-scenario.jest-matchers')

/** The state Jest gives a matcher, as far as `toMatchConversationSnapshot` passes it on. */
interface SnapshotMatcherThis {
  snapshotState?: unknown
}

/**
 * Jest's own `toMatchSnapshot`, called on the matcher's state: through `expect`, from inside the
 * matcher, so Jest's snapshot rules (`-u`, `--ci`, obsolete snapshots) apply and the snapshot is
 * named after the test, as Jest names it.
 */
function jestToMatchSnapshot(this: SnapshotMatcherThis, received: unknown, hint?: string) {
  const assertion = jestGlobals().expect(received) as {
    toMatchSnapshot(hint?: string): void
  }
  try {
    if (hint === undefined) assertion.toMatchSnapshot()
    else assertion.toMatchSnapshot(hint)
    return { pass: true, message: () => '' }
  } catch (error) {
    return { pass: false, message: () => (error instanceof Error ? error.message : String(error)) }
  }
}

/**
 * Registers the scenario matchers (the plain `matchers` object, `toMatchConversationSnapshot` on
 * Jest's snapshots and `toSatisfyJudge` on the test's recording) and the conversation snapshot
 * serializer with Jest's `expect`. Jest gives every test file its own `expect` and global object,
 * so this runs once per test file: from the setup entry, or from the first `scenario()`.
 */
export function registerJestMatchers(): void {
  const { expect } = jestGlobals()
  // The matchers are written against Vitest's matcher state type but read only `isNot`,
  // `promise` and the printing helpers of `utils`, which Jest's state has too: the types differ
  // where the matchers do not look.
  expect.extend({
    ...matchers,
    toMatchConversationSnapshot: createToMatchConversationSnapshot(
      jestToMatchSnapshot as Parameters<typeof createToMatchConversationSnapshot>[0],
    ),
    // The judge's default model is withScenario's parsing model; its call records in the test's
    // recording, as a run's calls do.
    toSatisfyJudge: createToSatisfyJudge({
      model: () => providedJestOptions()?.parsingModel,
      recording: currentJestRecording,
    }),
    // Paths (the labels, test-results/results.json) are relative to the working directory; a
    // `judge`'s calls record in the test's recording.
    toAgreeWithLabels: createToAgreeWithLabels({
      calibrate: calibrateUnder(() => undefined, calibrateJudge),
    }),
  })
  expect.addSnapshotSerializer(createConversationSerializer(snapshotLocation, jestSecretSettings))
  ;(globalThis as Record<symbol, unknown>)[REGISTERED] = true
}

/** Registers them unless the setup entry did: `scenario()` works without `setupFilesAfterEnv`. */
export function ensureJestMatchers(): void {
  if ((globalThis as Record<symbol, unknown>)[REGISTERED] !== true) registerJestMatchers()
}

/** The test being asserted and its snapshot file, from Jest's `expect` state (for messages). */
function snapshotLocation(): SnapshotLocation {
  const state = jestGlobals().expect.getState()
  return {
    file: state.snapshotState?._snapshotPath,
    test: state.currentConcurrentTestName?.() ?? state.currentTestName,
  }
}
