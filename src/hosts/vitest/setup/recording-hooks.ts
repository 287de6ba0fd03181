// The Vitest host's recordings, on the host core: each test runs in an `aroundEach` that gives it
// its `TestRecordings` and its network seal, current in the test's async context (also under
// `test.concurrent`); its `afterEach` finishes them; an `aroundAll` around the file reports (and
// under -u deletes) the recordings no test owns. Nothing is kept in this module between tests:
// what a file's run decides (its mode, a `configureRecordings` hook) lives on the file's state, in
// the async context `aroundAll` runs the file in.
import { AsyncLocalStorage } from 'node:async_hooks'
import { relative } from 'node:path'
import { afterEach, aroundAll, aroundEach, beforeAll, expect } from 'vitest'
import { formatMessage, InvalidArgumentError } from '../../../errors/index.js'
import { describeValue } from '../../../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../../../internal/options-schema.js'
import { rerecordCommand } from '../../../recordings/miss-report.js'
import { type RecordingMode, resolveRecordingMode } from '../../../recordings/mode.js'
import type { RedactHook } from '../../../recordings/normalize-request.js'
import type { RecordingSession } from '../../../recordings/session.js'
import { fileSystemStore } from '../../../recordings/store.js'
import {
  type SealedTest,
  seal,
  sealedTest,
  unseal,
  withinSeal,
} from '../../../seal/network-seal.js'
import { withSecretSettings } from '../../../secrets/current-settings.js'
import type { SecretSettings } from '../../../secrets/redact-hook.js'
import { outsideTestSession } from '../../core/finish-sessions.js'
import type { HostTest } from '../../core/host-test.js'
import { compactJson } from '../../core/meta/compact-json.js'
import { obsoleteRecordings, obsoleteWarning } from '../../core/obsolete-recordings.js'
import { recordingFailuresFirst } from '../../core/recording-failures.js'
import type { RecordingSettings } from '../../core/recording-settings.js'
import { TestRecordings } from '../../core/test-recordings.js'
import type { ProvidedOptions } from '../plugin/provided.js'
import { providedOptions } from './provided-options.js'
import { endedFileTests, namesOf, type TaskLike, vitestTest } from './vitest-test.js'

/** What one test file's run decides: found through the async context its file runs in. */
interface FileState {
  /** The mode its tests ran in (the last one: watch mode's `u` changes it between runs). */
  mode: RecordingMode | undefined
  /** The hook `configureRecordings` set for this file, over the plugin's module. */
  redact: RedactHook | undefined
}

/** The Vitest host of one test file: what its setup entry loaded. */
export interface VitestHost {
  /** The `redact` hook of the plugin's `recordings.redact` module, once imported. */
  redact: RedactHook | undefined
}

/** The running test's recordings and seal, in its async context. */
interface RunningTest {
  recordings: TestRecordings
  sealed: SealedTest | undefined
}

const files = new AsyncLocalStorage<FileState>()
const tests = new AsyncLocalStorage<RunningTest>()

/**
 * Sets recording options from a setup file of your own, e.g. a `redact` hook; it wins over the
 * plugin's `recordings.redact` module.
 *
 * @example
 * // test/setup.ts, listed in setupFiles after the plugin's
 * configureRecordings({ redact: (value) => value.replaceAll(myTenantId, '<tenant>') })
 */
export function configureRecordings(options: { redact?: RedactHook }): void {
  const { redact } = parseOptionKeys(options, ['redact'], {
    where: 'configureRecordings(options)',
    fix: OPTIONS_FIX,
  })
  if (redact !== undefined && typeof redact !== 'function') {
    throw new InvalidArgumentError(
      `\`redact\` in configureRecordings(options) must be a function (value, jsonPath) => string, got ${describeValue(redact)}`,
    )
  }
  const apply = () => {
    const state = files.getStore()
    if (state !== undefined) state.redact = redact as RedactHook | undefined
  }
  // Inside a running file (a test, a hook) it applies at once; from a setup file, when the file
  // starts: setup files run before the file's async context exists.
  if (files.getStore() !== undefined) apply()
  else beforeAll(apply)
}

/**
 * Registers the hooks that give each test its recordings. Called by the setup entry, which Vitest
 * runs again for every test file (setup files are always inlined), with what it loaded for it.
 */
export function registerRecordingHooks(host: VitestHost): void {
  // One function, not an arrow with a first parameter: Vitest reads a hook's first parameter as a
  // fixtures pattern. The file task is its third argument.
  aroundAll(async function recordingsOfFile(runSuite: () => Promise<void>) {
    // biome-ignore lint/complexity/noArguments: see above
    const file = arguments[2] as TaskLike
    const state: FileState = { mode: undefined, redact: undefined }
    await files.run(state, runSuite)
    reportObsolete(file, state)
  })

  aroundEach(async (runTest, context) => {
    const task = context.task as unknown as TaskLike
    const options = providedOptions()
    const mode = modeNow(options)
    const state = files.getStore()
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
    if (sealed !== undefined) seal(sealed)
    // Snapshots, task meta and messages pass the same redact hook as recordings, in every mode.
    const secrets = secretSettingsOf(settings)
    try {
      await tests.run({ recordings, sealed }, () =>
        withSecretSettings(secrets, () =>
          recordings.runInTest(() =>
            sealed === undefined ? runTest() : withinSeal(sealed, runTest),
          ),
        ),
      )
    } finally {
      // Already lifted by `afterEach`, unless the test never got there.
      if (sealed !== undefined) unseal(sealed)
    }
  })

  afterEach(async (context) => {
    const running = tests.getStore()
    if (running === undefined) return
    const task = context.task as unknown as TaskLike
    // Lifted first: the interception never outlives the test, whatever finishing its sessions does.
    const refused = running.sealed === undefined ? [] : unseal(running.sealed)
    // A refused request fails the test: its recording is kept as `partial`, never as complete.
    const failed = task.result?.state === 'fail' || refused.length > 0
    const finished = await running.recordings.finish(failed)
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
  })
}

/**
 * Runs `fn` with sample `i` of the running test's recordings, given to it and current in its
 * async context (for the agent's own wrapped clients): each sample of a `samples: n` scenario
 * records to its own file. Without recordings (mode `off`, no setup) `fn` gets `undefined`.
 */
export function inSampleRecording<T>(
  sample: number,
  fn: (recording: RecordingSession | undefined) => Promise<T>,
): Promise<T> {
  const recordings = tests.getStore()?.recordings
  return recordings === undefined ? fn(undefined) : recordings.inSample(sample, fn)
}

/**
 * The running test as the host core sees it: the one its recordings were made for, else (a test
 * the hooks did not wrap) one made from `task`.
 */
export function runningVitestTest(task: object): HostTest {
  const running = tests.getStore()?.recordings.test
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

/**
 * Whether the Vitest host layer is installed in this worker: the plugin handed its options over
 * (it adds the setup entry; a setup entry listed by hand, without the plugin, records nothing).
 */
export function hostInstalled(): boolean {
  return providedOptions() !== undefined
}

/**
 * The secret settings of a test, as `withSecretSettings` takes them. Made here, not in the hook:
 * a closure keeps its whole scope, and Vitest keeps promises made in a test's async context
 * (which hold this function) until the file ends; this one keeps the settings alone.
 */
function secretSettingsOf(settings: RecordingSettings): () => SecretSettings {
  const { redact, allowSecrets } = settings
  return () => ({ redact, allowSecrets })
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

/**
 * When the file ends: the recordings of its folder no test owns are reported (task meta for the
 * reporter, a warning), and deleted under -u. A deletion error is an error of the file (the run
 * goes on); the first one says why and what to do.
 */
function reportObsolete(file: TaskLike, state: FileState): void {
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
  })
  file.meta.obsoleteRecordings = found.obsolete
  if (found.errors.length > 0) throw found.errors[0]
  if (!found.deleting && found.obsolete.length > 0) {
    console.warn(formatMessage(obsoleteWarning(found.obsolete, relative(root, file.filepath))))
  }
}

/** Recording failures are printed before the test's other errors: they explain them. */
function putRecordingErrorsFirst(task: TaskLike): void {
  const errors = task.result?.errors
  if (errors === undefined || errors.length < 2) return
  errors.splice(0, errors.length, ...recordingFailuresFirst(errors))
}
