// The running test's recording sessions, as the root entry's `runScenario`, `wrap`,
// `recordedFetch`, `scenario()` and the judge matcher find them. Loaded with what uses a session
// (the setup entry itself does not load it: a test file of plain tests never needs it).

import type { RecordingSession } from '../../../recordings/session.js'
import { fileSystemStore } from '../../../recordings/store.js'
import { outsideTestSession } from '../../core/finish-sessions.js'
import type { HostTest } from '../../core/host-test.js'
import { TestRecordings } from '../../core/test-recordings.js'
import { providedOptions } from './provided-options.js'
import { runningTests } from './running-test.js'
import { type TaskLike, vitestTest } from './vitest-test.js'

/**
 * Runs `fn` with sample `i` of the running test's recordings, given to it and current in its
 * async context (for the agent's own wrapped clients): each sample of a `samples: n` scenario
 * records to its own file. Without recordings (mode `off`, no setup) `fn` gets `undefined`.
 */
export function inSampleRecording<T>(
  sample: number,
  fn: (recording: RecordingSession | undefined) => Promise<T>,
): Promise<T> {
  const recordings = runningTests.getStore()?.recordings
  return recordings === undefined ? fn(undefined) : recordings.inSample(sample, fn)
}

/**
 * The replay-only session on the baseline's recording of the running test (or sample), for a
 * candidate's `fork`; `undefined` outside a test with recordings.
 */
export function baselineRecording(sample: number | undefined): RecordingSession | undefined {
  return runningTests.getStore()?.recordings?.baseline(sample)
}

/**
 * The running test as the host core sees it: the one its recordings were made for, else (a test
 * the hooks did not wrap) one made from `task`.
 */
export function runningVitestTest(task: object): HostTest {
  const running = runningTests.getStore()?.recordings?.test
  return running !== undefined && running.id === task
    ? running
    : vitestTest(task as unknown as TaskLike, 'off')
}

/**
 * The recording session of the test running in this async context: what `runScenario` and
 * `wrap` from `vitest-scenario` answer their calls through. Outside any test (in `beforeAll`, at
 * import time, or after the test ended) a call goes live, except in `replay` mode, where it
 * fails; without the plugin nothing is recorded.
 */
export function currentRecordingSession(): RecordingSession | undefined {
  const session = TestRecordings.current()
  if (session !== undefined) return session
  // Outside a test there is no snapshot state; CI means replay, as in Vitest.
  return providedOptions()?.mode === 'replay' ? outsideTestSession(fileSystemStore) : undefined
}
