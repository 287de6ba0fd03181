// What the Vitest host's hooks do for each test and file, loaded by them on first use (see
// recording-hooks.ts): the test's `TestRecordings` and network seal, current in its async context,
// finishing them when it ends, and the report of the recordings no test of the file owns.
import { relative } from 'node:path'
import { expect, type TestContext } from 'vitest'
import { formatMessage } from '../../../errors/index.js'
import { rerecordCommand } from '../../../recordings/miss-report.js'
import { type RecordingMode, resolveRecordingMode } from '../../../recordings/mode.js'
import { fileSystemStore } from '../../../recordings/store.js'
import { seal, sealedTest, unseal, withinSeal } from '../../../seal/network-seal.js'

export { liftSeal, prepareSeal } from '../../../seal/network-seal.js'

import { withSecretSettings } from '../../../secrets/current-settings.js'
import type { SecretSettings } from '../../../secrets/redact-hook.js'
import { compactJson } from '../../core/meta/compact-json.js'
import { obsoleteRecordings, obsoleteWarning } from '../../core/obsolete-recordings.js'
import { recordingFailuresFirst } from '../../core/recording-failures.js'
import type { RecordingSettings } from '../../core/recording-settings.js'
import { TestRecordings } from '../../core/test-recordings.js'
import type { ProvidedOptions } from '../plugin/provided.js'
import { providedOptions } from './provided-options.js'
import {
  type FileState,
  type RunningTest,
  runningFiles,
  runningTests,
  type VitestHost,
} from './running-test.js'
import {
  endedFileTests,
  namesOf,
  nextIsSiblingTest,
  type TaskLike,
  vitestTest,
} from './vitest-test.js'

/**
 * Runs one test (`runTest`, its hooks and body) with its recordings and, in a recording mode,
 * its network seal, current in its async context.
 */
export async function runRecordedTest(
  host: VitestHost,
  runTest: () => Promise<void>,
  context: TestContext,
): Promise<void> {
  const task = context.task as unknown as TaskLike
  const options = providedOptions()
  const mode = modeNow(options)
  const state = runningFiles.getStore()
  if (state !== undefined) state.mode = mode
  const settings = recordingSettings(options, host, state)
  const recordings = new TestRecordings(vitestTest(task, mode), settings)
  // Every test the host records or replays is sealed for its duration: in replay no request
  // leaves unless a recording answers it or its host is allowed; while recording, a model call
  // that bypasses the recording is refused.
  const sealed =
    mode === 'off'
      ? undefined
      : sealedTest({
          name: namesOf(task).join(' > '),
          mode,
          allowNetwork: options?.allowNetwork,
          allowFix: 'scenarioPlugin({ allowNetwork }) in vitest.config.ts',
        })
  // Snapshots, task meta and messages pass the same redact hook as recordings, in every mode.
  const secrets = secretsOf(settings)
  const running: RunningTest = { recordings, sealed }
  try {
    if (sealed !== undefined) await seal(sealed)
    await runningTests.run(running, () =>
      withSecretSettings(secrets, () =>
        recordings.runInTest(() =>
          sealed === undefined ? runTest() : withinSeal(sealed, runTest),
        ),
      ),
    )
  } finally {
    // Already lifted by `afterEach`, unless the test never got there.
    if (sealed !== undefined) unseal(sealed, { keepInstalled: nextIsSiblingTest(task) })
    running.recordings = undefined
    running.sealed = undefined
  }
}

/**
 * The secret settings of a test, as `withSecretSettings` takes them. Made out here, not as an
 * arrow in `runRecordedTest`: Vitest keeps a promise of every test it ran (see `RunningTest`),
 * and that promise keeps the async context's stores; an arrow made there would keep that
 * function's whole scope with them (the test's recordings, its `runTest` and Vitest's hook
 * chain), several KB a test until the file ends.
 */
function secretsOf(settings: RecordingSettings): () => SecretSettings {
  const { redact, allowSecrets } = settings
  return () => ({ redact, allowSecrets })
}

/**
 * When a test ends (its `afterEach`): lifts its seal and finishes its recordings; the refused
 * requests and recording failures fail it.
 */
export async function finishRecordedTest(
  running: RunningTest,
  context: TestContext,
): Promise<void> {
  const task = context.task as unknown as TaskLike
  // Lifted first: the interception never outlives the test, whatever finishing its sessions does.
  // Kept installed for the next test of the suite, which starts in the same turn of the event
  // loop: no suite hook runs between them.
  const refused =
    running.sealed === undefined
      ? []
      : unseal(running.sealed, { keepInstalled: nextIsSiblingTest(task) })
  // A refused request fails the test: its recording is kept as `partial`, never as complete.
  const failed = task.result?.state === 'fail' || refused.length > 0
  const finished = (await running.recordings?.finish(failed)) ?? {
    summary: undefined,
    failures: [],
  }
  const { summary } = finished
  const failures = [...refused, ...finished.failures]
  // Stored compactly: the worker keeps it until the file ends (hosts/core/meta/compact-json.ts).
  if (summary !== undefined) task.meta.recording = compactJson(summary)
  // Registered only for a test that has recording failures: the runner takes a stack trace for
  // every finish hook, which cost more than the rest of this hook for a passing test.
  if (failures.length > 0) context.onTestFinished(() => putRecordingErrorsFirst(task))
  if (failures.length === 1) throw failures[0]
  if (failures.length > 1) {
    throw new AggregateError(failures, `[vitest-scenario] ${failures.length} recording failures`)
  }
}

/**
 * When the file ends: the recordings of its folder no test owns are reported (task meta for the
 * reporter, a warning), and deleted under -u. A deletion error is an error of the file (the run
 * goes on); the first one says why and what to do.
 */
export function reportObsolete(file: TaskLike, state: FileState): void {
  if (state.mode === undefined || state.mode === 'off' || file.filepath === undefined) return
  const options = providedOptions()
  const root = options?.root ?? process.cwd()
  const found = obsoleteRecordings({
    file: file.filepath,
    tests: endedFileTests(file),
    mode: state.mode,
    fileFailed: (file.result?.errors?.length ?? 0) > 0,
    root,
    dir: options?.recordings.dir,
    candidate: options?.candidate?.name,
  })
  file.meta.obsoleteRecordings = found.obsolete
  if (found.errors.length > 0) throw found.errors[0]
  if (!found.deleting && found.obsolete.length > 0) {
    console.warn(formatMessage(obsoleteWarning(found.obsolete, relative(root, file.filepath))))
  }
}

/** The settings of a test's recordings, from the plugin's options and what the file set. */
function recordingSettings(
  options: ProvidedOptions | undefined,
  host: VitestHost,
  state: FileState | undefined,
): RecordingSettings {
  return {
    root: options?.root ?? process.cwd(),
    dir: options?.recordings.dir,
    candidate: options?.candidate?.name,
    redact: state?.redact ?? host.redact,
    allowSecrets: options?.recordings.allowSecrets,
    store: fileSystemStore,
    rerecordCommand,
  }
}

/**
 * The mode of the test that is running, from what the plugin resolved: its checked
 * `VITEST_SCENARIO_RECORD` override, else Vitest's update state for this test (watch mode's `u`
 * changes it between runs). Without the plugin nothing is recorded or replayed.
 */
function modeNow(options: ProvidedOptions | undefined): RecordingMode {
  if (options === undefined) return 'off'
  const update = expect.getState().snapshotState?.snapshotUpdateState ?? options.updateState
  return resolveRecordingMode(update, options.modeOverride)
}

/** Recording failures are printed before the test's other errors: they explain them. */
function putRecordingErrorsFirst(task: TaskLike): void {
  const errors = task.result?.errors
  if (errors === undefined || errors.length < 2) return
  errors.splice(0, errors.length, ...recordingFailuresFirst(errors))
}
