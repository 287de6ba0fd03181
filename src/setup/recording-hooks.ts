import { AsyncLocalStorage } from 'node:async_hooks'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeEach, expect } from 'vitest'
import { formatMessage, InvalidArgumentError, type RecordingError } from '../errors/index.js'
import { duplicateNameError, isDuplicateId } from '../hosts/core/duplicate-names.js'
import { finishTestSessions, outsideTestSession } from '../hosts/core/finish-sessions.js'
import { compactJson } from '../hosts/core/meta/compact-json.js'
import { redactFromModule } from '../hosts/core/redact-module.js'
import { describeValue } from '../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/options-schema.js'
import type { ProvidedOptions } from '../plugin/provided.js'
import { recordingFileError } from '../recordings/file-system-error.js'
import { rerecordCommand } from '../recordings/miss-report.js'
import { type RecordingMode, resolveRecordingMode } from '../recordings/mode.js'
import type { RedactHook } from '../recordings/normalize-request.js'
import { RecordingSession } from '../recordings/session.js'
import { fileSystemStore, type RecordingStore } from '../recordings/store.js'
import {
  recordingFileName,
  recordingFolder,
  recordingPath,
  recordingTestId,
} from '../recordings/test-id.js'
import { type SealedTest, seal, sealedTest, unseal } from '../seal/network-seal.js'
import { useSecretSettings } from '../secrets/current-settings.js'
import { providedOptions } from './provided-options.js'

/** The parts of Vitest's task objects this file reads (the same in Vitest 4 and 5). */
interface TaskLike {
  name: string
  type: string
  mode?: string
  suite?: TaskLike | undefined
  file?: { filepath: string } | undefined
  filepath?: string
  tasks?: TaskLike[]
  meta: Record<string, unknown>
  result?: { state?: string; errors?: { name?: string }[] } | undefined
}

/**
 * The sessions of one test: its own, and one per sample of a `samples: n` scenario. Each is made
 * when a call first needs it: most tests of a suite make no model call, and making a session
 * (the recording's path, id and re-record command, the options checked) was most of what these
 * hooks cost such a test.
 */
interface TestRecordings {
  /** The test's own session, made on first use. */
  main(): RecordingSession
  /** The test's own session if it was made. */
  made: RecordingSession | undefined
  samples: RecordingSession[]
  sample(i: number): RecordingSession
  /** What the test's async contexts hold: emptied when the test ends. */
  refs: SessionRef[]
  /** The test's network seal (see seal/network-seal.ts), lifted when the test ends. */
  sealed: SealedTest
}

/**
 * What an async context of a test holds: its session (or how to make it) until the test ends,
 * then nothing. Vitest keeps every test's context until the file ends, and with it promises made
 * while the test ran, each with the async context it was made in; a session held there directly
 * would keep its parsed recording and request caches alive, and a worker's memory would grow
 * with every test.
 */
interface SessionRef {
  session: RecordingSession | undefined
  /** Makes (or returns) the test's own session: set for the test's context, not a sample's. */
  open: (() => RecordingSession) | undefined
}

// The Vitest host's state, in this module: the setup entry (`vitest-scenario/setup`) and the test
// author's entry (`vitest-scenario`) import this one file, and a worker evaluates it once for both
// (checked with the packed package, with and without isolation, and with the package inlined;
// test/recordings/recordings-e2e.test.ts runs it so, concurrent tests included).
/** The session of the test (or sample) running in this async context, also under test.concurrent. */
const current = new AsyncLocalStorage<SessionRef>()
/** Each running test's sessions, by its task. */
const tests = new WeakMap<object, TestRecordings>()
/** Where this host keeps recordings. */
const store: RecordingStore = fileSystemStore
/** Whether the setup entry registered the hooks in this worker: without it nothing is recorded. */
let registered = false
let configured: { redact?: RedactHook | undefined } = {}
let lastMode: RecordingMode | undefined

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
  configured = { ...configured, ...(options as { redact?: RedactHook }) }
}

/**
 * Registers the hooks that give each test its recording session. Called by the setup entry, which Vitest
 * runs again for every test file (setup files are always inlined); this module, imported from
 * `node_modules`, is evaluated once per worker, so the hooks cannot be registered at its top
 * level: without isolation the second test file of a worker would get none.
 */
export function registerRecordingHooks(): void {
  registered = true
  // Snapshots, task meta and messages pass the same redact hook as recordings, in every mode.
  useSecretSettings(() => {
    const options = providedOptions()
    return { redact: redactHook(options), allowSecrets: options?.recordings.allowSecrets }
  })

  beforeEach((context) => {
    const task = context.task as unknown as TaskLike
    const mode = modeNow()
    lastMode = mode
    if (mode === 'off') return
    const options = providedOptions()
    // What the test's sessions share, found when the first one is made.
    let test: { names: string[]; paths: FilePaths; refuse: RecordingError | undefined } | undefined
    const sessionFor = (sample: number | undefined) => {
      if (test === undefined) {
        const root = options?.root ?? process.cwd()
        const testFile = task.file?.filepath ?? ''
        const names = namesOf(task)
        const paths = filePaths(task.file, testFile, root, options?.recordings.dir)
        test = { names, paths, refuse: duplicateOf(task, names, paths.folder, root) }
      }
      const { names, paths, refuse } = test
      const id = recordingTestId(names, sample)
      return new RecordingSession({
        file: recordingPath(paths.folder, id),
        displayFile: recordingPath(paths.shownFolder, id),
        test: names.join(' > ') + (sample === undefined ? '' : ` (sample ${sample})`),
        mode,
        command: rerecordCommand(paths.shownFile, names),
        redact: redactHook(options),
        allowSecrets: options?.recordings.allowSecrets,
        refuse,
        store,
        // Every test of the file, collected before any ran: a recording none of them owns may be
        // this test's under an old name (the same rule that reports obsolete recordings below).
        fileTestIds: () => {
          const file = task.file as TaskLike | undefined
          return file === undefined ? undefined : fileTestIds(file)
        },
      })
    }
    // Every test the host records or replays is sealed for its duration: in replay no request
    // leaves unless a recording answers it or its host is allowed; while recording, a model call
    // that bypasses the recording is refused.
    const sealed = sealedTest({
      name: namesOf(task).join(' > '),
      mode,
      allowNetwork: options?.allowNetwork,
      allowFix: 'scenarioPlugin({ allowNetwork }) in vitest.config.ts',
    })
    const recordings: TestRecordings = {
      sealed,
      main() {
        this.made ??= sessionFor(undefined)
        return this.made
      },
      made: undefined,
      samples: [],
      sample(i) {
        this.samples[i] ??= sessionFor(i)
        return this.samples[i]
      },
      refs: [],
    }
    const ref: SessionRef = { session: undefined, open: () => recordings.main() }
    recordings.refs.push(ref)
    tests.set(context.task, recordings)
    seal(sealed)
    // Every model call this test makes, also from `test.concurrent` tests sharing the worker, finds
    // its session through the async context the test body runs in.
    current.enterWith(ref)
  })

  afterEach(async (context) => {
    const recordings = tests.get(context.task)
    if (recordings === undefined) return
    // Vitest keeps every task until its file ends: an entry left here would keep the test's
    // sessions, their parsed recordings and request caches, and a worker's memory would grow
    // with every test it ran. A late call of this test finds its finished session through its
    // async context and is refused.
    tests.delete(context.task)
    // Lifted first: the interception never outlives the test, whatever finishing its sessions does.
    const refused = unseal(recordings.sealed)
    for (const ref of recordings.refs) {
      ref.session = undefined
      ref.open = undefined
    }
    const task = context.task as unknown as TaskLike
    // A refused request fails the test: its recording is kept as `partial`, never as complete.
    const failed = task.result?.state === 'fail' || refused.length > 0
    const finished = await finishTestSessions(recordings.made, recordings.samples, failed)
    const { summary } = finished
    const failures = [...refused, ...finished.failures]
    // Stored compactly: the worker keeps it until the file ends (reporter/compact-json.ts).
    if (summary !== undefined) task.meta.recording = compactJson(summary)
    // Registered only for a test that has recording failures: the runner takes a stack trace for
    // every finish hook, which cost more than the rest of this hook for a passing test.
    if (failures.length > 0) context.onTestFinished(() => putRecordingErrorsFirst(task))
    if (failures.length === 1) throw failures[0]
    if (failures.length > 1) {
      throw new AggregateError(failures, `[vitest-scenario] ${failures.length} recording failures`)
    }
  })

  // Vitest passes the file suite as the second argument; a first parameter would be parsed as a
  // fixtures pattern, so it is read from `arguments`.
  afterAll(function reportObsoleteRecordings() {
    // biome-ignore lint/complexity/noArguments: see above
    const file = arguments[1] as TaskLike
    if (lastMode === undefined || lastMode === 'off' || file.filepath === undefined) return
    const options = providedOptions()
    const root = options?.root ?? process.cwd()
    const folder = recordingFolder({ testFile: file.filepath, root, dir: options?.recordings.dir })
    let names: string[]
    try {
      names = store.list(folder)
    } catch {
      // An unreadable folder: nothing to report as obsolete (its recordings fail their tests).
      return
    }
    // Every test of the file owns its recordings, also the skipped and filtered-out ones; a test
    // that ran with samples owns only the samples it ran.
    const owned = new Map(testsOf(file).map((t) => [recordingTestId(namesOf(t)), t] as const))
    const obsolete = names.filter((name) => {
      const parts = recordingFileName(name)
      if (parts === undefined) return false
      const owner = owned.get(parts.id)
      if (owner === undefined) return true
      const ran = (owner.meta.recording as { samples?: number } | undefined)?.samples
      return parts.sample !== undefined && ran !== undefined && parts.sample >= ran
    })
    const leftovers = names.filter((name) => name.startsWith('.') && name.endsWith('.tmp'))
    if (lastMode === 'all' && (file.result?.errors?.length ?? 0) === 0) {
      const kept: string[] = []
      let firstError: RecordingError | undefined
      for (const name of [...obsolete, ...leftovers]) {
        try {
          store.remove(join(folder, name))
        } catch (error) {
          const path = join(folder, name)
          firstError ??= recordingFileError('deleted', path, relative(root, path), error)
          if (obsolete.includes(name)) kept.push(relative(root, path))
        }
      }
      file.meta.obsoleteRecordings = kept
      // Reported as an error of the file (the run goes on); the first one says why and what to do.
      if (firstError !== undefined) throw firstError
      return
    }
    file.meta.obsoleteRecordings = obsolete.map((name) => relative(root, join(folder, name)))
    if (obsolete.length > 0) {
      console.warn(
        formatMessage({
          what: `${obsolete.length} obsolete recording${obsolete.length === 1 ? '' : 's'}: no test of ${relative(root, file.filepath)} owns ${obsolete.length === 1 ? 'it' : 'them'}`,
          subjects: obsolete.map((name) => relative(root, join(folder, name))),
          fix: 'Delete them with `vitest -u` (or by hand).',
        }),
      )
    }
  })
}

/**
 * Runs `fn` with sample `i` of the current test's recordings, given to it and current in its
 * async context (for the agent's own wrapped clients): each sample of a `samples: n` scenario
 * records to its own file. Without recordings (mode `off`, no setup) `fn` gets `undefined`.
 */
export function inSampleRecording<T>(
  task: object,
  sample: number,
  fn: (recording: RecordingSession | undefined) => Promise<T>,
): Promise<T> {
  const recordings = tests.get(task)
  if (recordings === undefined) return fn(undefined)
  const session = recordings.sample(sample)
  const ref: SessionRef = { session, open: undefined }
  recordings.refs.push(ref)
  return current.run(ref, () => fn(session))
}

/**
 * The recording session of the test running in this async context: what `runScenario` and
 * `wrap` from `vitest-scenario` answer their calls through. Outside any test (in `beforeAll`, at
 * import time, or after the test ended) a call goes live, except in `replay` mode, where it
 * fails; without the setup entry nothing is recorded.
 */
export function currentRecordingSession(): RecordingSession | undefined {
  if (!registered) return undefined
  const ref = current.getStore()
  const session = ref?.session ?? ref?.open?.()
  // A store left behind by a finished test (async work it did not await) is not a test.
  if (session !== undefined && !session.finished) return session
  // Outside a test there is no snapshot state; CI means replay, as in Vitest.
  return modeOutsideTest() === 'replay' ? outsideTestSession(store) : undefined
}

/**
 * Whether the Vitest host layer is installed in this worker: the setup entry registered its hooks
 * and the plugin handed its options over (a setup entry listed by hand, without the plugin,
 * records nothing).
 */
export function hostInstalled(): boolean {
  return registered && providedOptions() !== undefined
}

/**
 * The error the calls of this test fail with when another test of its file that runs has the
 * same full name (they would share one recording); `undefined` for a test with a name of its own.
 */
function duplicateOf(
  task: TaskLike,
  names: readonly string[],
  folder: string,
  root: string,
): RecordingError | undefined {
  const file = task.file as TaskLike | undefined
  if (file === undefined) return undefined
  const fullName = names.join(' > ')
  const id = recordingTestId(names)
  const all = testsOf(file).map((t) => ({
    id: recordingTestId(namesOf(t)),
    runs: t.mode !== 'skip' && t.mode !== 'todo',
  }))
  if (!isDuplicateId(all, id)) return undefined
  const recording = recordingPath(folder, id)
  return duplicateNameError({
    fullName,
    testFile: relative(root, file.filepath ?? ''),
    recording: relative(root, recording),
    file: recording,
  })
}

/** Where a test file's recordings live, and the file as messages show it: once per file. */
interface FilePaths {
  root: string
  dir: string | undefined
  folder: string
  /** The folder as messages show it (relative to the root). */
  shownFolder: string
  shownFile: string
}

/** Each file task's paths: the same for every test of the file. */
const pathsByFile = new WeakMap<object, FilePaths>()

function filePaths(
  file: object | undefined,
  testFile: string,
  root: string,
  dir: string | undefined,
): FilePaths {
  const known = file === undefined ? undefined : pathsByFile.get(file)
  if (known !== undefined && known.root === root && known.dir === dir) return known
  const folder = recordingFolder({ testFile, root, dir })
  const paths: FilePaths = {
    root,
    dir,
    folder,
    shownFolder: relative(root, folder),
    shownFile: relative(root, testFile),
  }
  if (file !== undefined) pathsByFile.set(file, paths)
  return paths
}

/** The describe chain and the test's name, outermost first. */
function namesOf(task: TaskLike): string[] {
  const names = [task.name]
  for (
    let suite = task.suite;
    suite !== undefined && suite.filepath === undefined;
    suite = suite.suite
  ) {
    names.unshift(suite.name)
  }
  return names
}

/** The recording ids of every test of a file task: skipped and filtered-out tests own theirs too. */
function fileTestIds(file: TaskLike): Set<string> {
  return new Set(testsOf(file).map((t) => recordingTestId(namesOf(t))))
}

function testsOf(suite: TaskLike): TaskLike[] {
  return (suite.tasks ?? []).flatMap((task) => (task.type === 'suite' ? testsOf(task) : [task]))
}

/**
 * The mode of the test that is running, from what the plugin resolved: its checked
 * `VITEST_SCENARIO_RECORD` override, else Vitest's update state for this test (watch mode's `u`
 * changes it between runs). Without the plugin nothing is recorded or replayed.
 */
function modeNow(): RecordingMode {
  const options = providedOptions()
  if (options === undefined) return 'off'
  const update = expect.getState().snapshotState?.snapshotUpdateState ?? options.updateState
  return resolveRecordingMode(update, options.modeOverride)
}

/** The mode outside any test (Vitest's update state says `none` in CI: replay), as the plugin resolved it. */
function modeOutsideTest(): RecordingMode {
  return providedOptions()?.mode ?? 'off'
}

/** The redact hook: one set by `configureRecordings`, else the one the plugin's module exports. */
function redactHook(options: ProvidedOptions | undefined): RedactHook | undefined {
  return configured.redact ?? redactFromModule(options?.recordings.redactModule)
}

/** The seal's refusals, printed first with the recording failures: they explain the rest. */
const NETWORK_ERRORS = new Set(['NetworkBlockedError', 'UnrecordedCallError'])

/** Recording failures are printed before the test's other errors: they explain them. */
function putRecordingErrorsFirst(task: TaskLike): void {
  const errors = task.result?.errors
  if (errors === undefined || errors.length < 2) return
  const isRecording = (e: { name?: string }) =>
    typeof e.name === 'string' && (e.name.startsWith('Recording') || NETWORK_ERRORS.has(e.name))
  const sorted = [...errors.filter(isRecording), ...errors.filter((e) => !isRecording(e))]
  errors.splice(0, errors.length, ...sorted)
}
