// The Jest host's recordings: one session per test (and per sample), found from Jest's `expect`
// state. Jest loads this module once per test file (each test file has its own module registry),
// so the state below belongs to one test file. A `scenario()` test finishes its own sessions at
// the end of its test function (so `scenario.concurrent` works: Jest runs no `afterEach` for
// concurrent tests); any other test's sessions (a plain `test()` using `wrap()` or
// `recordedFetch`) are finished by the setup entry's `afterEach`.
import { AsyncLocalStorage } from 'node:async_hooks'
import { relative } from 'node:path'
import { RecordingError } from '../errors/index.js'
import { duplicateNameError } from '../hosts/core/duplicate-names.js'
import {
  type FinishedSessions,
  finishTestSessions,
  outsideTestSession,
  refusingSession,
} from '../hosts/core/finish-sessions.js'
import { redactFromModule } from '../hosts/core/redact-module.js'
import { jestRerecordCommand } from '../recordings/miss-report.js'
import { type RecordingMode, resolveRecordingMode } from '../recordings/mode.js'
import { RecordingSession } from '../recordings/session.js'
import { fileSystemStore, type RecordingStore } from '../recordings/store.js'
import { recordingFolder, recordingPath, recordingTestId } from '../recordings/test-id.js'
import { type JestExpectState, jestGlobals } from './jest-globals.js'
import { providedJestOptions } from './options.js'

/** The Jest test running in this async context, as its `expect` state tells. */
export interface JestTestNow {
  /** Tells tests apart: Jest's test identity, else (before Jest 30.3) the full name. */
  key: unknown
  /** Jest's full name of the test: describe titles and its own, joined with spaces. */
  fullName: string
  /** The test file's absolute path. */
  testPath: string
  /** The recording mode for this test. */
  mode: RecordingMode
}

/** The sessions of one test: its own, and one per sample of a `samples: n` scenario. */
interface TestRecordings {
  main: RecordingSession
  samples: RecordingSession[]
  sample(i: number): RecordingSession
}

const store: RecordingStore = fileSystemStore
/** The sample session a `samples: n` scenario's run is in (its async context). */
const sampleContext = new AsyncLocalStorage<RecordingSession>()
/** The running tests' sessions, by test. */
const tests = new Map<unknown, TestRecordings>()
/** Tests whose sessions someone finishes: the setup's `afterEach`, or their `scenario()`. */
const finishable = new Set<unknown>()
/** The full names of this file's tests that made a recording, to refuse a second one. */
const namesSeen = new Map<string, unknown>()

/**
 * The recording mode of this test file: `VITEST_SCENARIO_RECORD` (checked by `withScenario`, or
 * read here when Jest is configured by hand), else Jest's snapshot update state: `--ci` → `none`
 * → `replay`, `-u` → `all`, else `new`. The snapshot state carries Jest's own rule (`--ci`
 * defaults to true on CI machines), so the mode follows snapshots exactly.
 */
function modeOf(state: JestExpectState): RecordingMode {
  const override = providedJestOptions()?.modeOverride ?? process.env.VITEST_SCENARIO_RECORD
  const update = state.snapshotState?._updateSnapshot
  return resolveRecordingMode(typeof update === 'string' ? update : undefined, override)
}

/**
 * The Jest test running in this async context (also in `test.concurrent` tests), or `undefined`
 * outside any test (module scope, `beforeAll`, `afterAll`).
 */
export function jestTestNow(): JestTestNow | undefined {
  const state = jestGlobals().expect.getState()
  // `currentConcurrentTestName` follows the async context and says `undefined` between tests;
  // `currentTestName` keeps the last test's name, so it is only read when the other is missing.
  const fullName =
    state.currentConcurrentTestName !== undefined
      ? state.currentConcurrentTestName()
      : state.currentTestName
  if (fullName === undefined || state.testPath === undefined) return undefined
  return {
    key: state.currentTestIdentity?.() ?? fullName,
    fullName,
    testPath: state.testPath,
    mode: modeOf(state),
  }
}

/** The recording mode of this test file now (at declaration time too: Jest's state is set then). */
export function jestModeNow(): RecordingMode {
  return modeOf(jestGlobals().expect.getState())
}

/** Marks a test whose sessions will be finished (by the caller, or the setup's `afterEach`). */
export function willFinish(test: JestTestNow): void {
  finishable.add(test.key)
}

/**
 * The recording session of the Jest test (or sample) running in this async context: what
 * `runScenario`, `wrap` and `recordedFetch` from `vitest-scenario/jest` answer their calls
 * through. Outside any test a call goes live, except in `replay` mode, where it fails; with
 * recordings `off` there is none.
 */
export function currentJestRecording(): RecordingSession | undefined {
  const sample = sampleContext.getStore()
  if (sample !== undefined && !sample.finished) return sample
  const test = jestTestNow()
  if (test === undefined) {
    const state = jestGlobals().expect.getState()
    return modeOf(state) === 'replay' ? outsideTestSession(store) : undefined
  }
  return recordingsOf(test)?.main
}

/**
 * Runs `fn` with sample `i` of the test's recordings, given to it and current in its async
 * context (for the agent's own wrapped clients). With recordings off `fn` gets `undefined`.
 */
export function inJestSample<T>(
  test: JestTestNow,
  i: number,
  fn: (recording: RecordingSession | undefined) => Promise<T>,
): Promise<T> {
  const recordings = recordingsOf(test)
  if (recordings === undefined) return fn(undefined)
  const session = recordings.sample(i)
  return sampleContext.run(session, () => fn(session))
}

/**
 * Finishes the sessions of `test` (writes or deletes its recordings) and forgets them. Every
 * session finishes even when another could not write; its error is one more failure.
 */
export async function finishJestRecordings(
  test: Pick<JestTestNow, 'key'>,
  testFailed: boolean,
): Promise<FinishedSessions> {
  finishable.delete(test.key)
  const recordings = tests.get(test.key)
  if (recordings === undefined) return { summary: undefined, failures: [] }
  tests.delete(test.key)
  return finishTestSessions(recordings.main, recordings.samples, testFailed)
}

/** The sessions of `test`, made at its first call; `undefined` with recordings off. */
function recordingsOf(test: JestTestNow): TestRecordings | undefined {
  const { mode } = test
  if (mode === 'off') return undefined
  let recordings = tests.get(test.key)
  if (recordings === undefined) {
    recordings = createRecordings(test, mode)
    tests.set(test.key, recordings)
  }
  return recordings
}

function createRecordings(test: JestTestNow, mode: Exclude<RecordingMode, 'off'>): TestRecordings {
  const options = providedJestOptions()
  const root = options?.root ?? process.cwd()
  const folder = recordingFolder({ testFile: test.testPath, root, dir: options?.recordings.dir })
  const names = [test.fullName]
  const refuse = refusalOf(test, folder, root)
  if (refuse !== undefined && !finishable.has(test.key)) {
    // Nothing would write this test's recording: every call fails with the reason, at once.
    const session = refusingSession(refuse, store)
    return { main: session, samples: [], sample: () => session }
  }
  const sessionFor = (sample: number | undefined) => {
    const file = recordingPath(folder, recordingTestId(names, sample))
    return new RecordingSession({
      file,
      displayFile: relative(root, file),
      test: test.fullName + (sample === undefined ? '' : ` (sample ${sample})`),
      mode,
      command: jestRerecordCommand(relative(root, test.testPath), test.fullName),
      redact: redactFromModule(options?.recordings.redactModule),
      allowSecrets: options?.recordings.allowSecrets,
      refuse,
      store,
      fileTestIds: () => fileTestIds(test),
    })
  }
  return {
    main: sessionFor(undefined),
    samples: [],
    sample(i) {
      this.samples[i] ??= sessionFor(i)
      return this.samples[i]
    },
  }
}

/**
 * Why no call of `test` may be recorded or replayed: another test of the file with the same full
 * name made a recording (both would share one file), or nothing would finish its sessions (a
 * plain `test.concurrent`, for which Jest runs no `afterEach`, or a file without the setup
 * entry). `undefined` when its calls may go through.
 */
function refusalOf(test: JestTestNow, folder: string, root: string): RecordingError | undefined {
  const file = recordingPath(folder, recordingTestId([test.fullName]))
  const owner = namesSeen.get(test.fullName)
  if (owner !== undefined && owner !== test.key) {
    return duplicateNameError({
      fullName: test.fullName,
      testFile: relative(root, test.testPath),
      recording: relative(root, file),
      file,
    })
  }
  namesSeen.set(test.fullName, test.key)
  if (finishable.has(test.key)) return undefined
  return new RecordingError(
    {
      what: 'A model call was made in a Jest test that nothing finishes the recording of: its calls could neither be recorded nor replayed',
      subjects: [`test: ${test.fullName}`, `file: ${relative(root, test.testPath)}`],
      fix: "Write the test with scenario() (scenario.concurrent for a concurrent one) from 'vitest-scenario/jest'. A plain test() needs the setup entry (withScenario in jest.config.js, or setupFilesAfterEnv: ['vitest-scenario/jest/setup']) and cannot be test.concurrent: Jest runs no afterEach for concurrent tests.",
    },
    file,
  )
}

/** What this host reads of a jest-circus test or describe block to list the tests of a file. */
interface CircusEntry {
  type?: unknown
  name?: unknown
  parent?: unknown
  children?: unknown
}

/**
 * The recording ids of every test of the running test's file, found from its identity (jest-circus's
 * test record, Jest 30.3 and later): up its `parent` chain to the file's root describe block, then
 * every test under it, skipped and `-t`-filtered ones included. jest-circus builds that whole tree
 * before the first test runs, so the set is complete at any call. A test's recording id is made
 * from Jest's full name (describe titles and the test's own, space-joined, the root left out).
 * `undefined` (no rename candidates in a miss report) when the identity is missing (before Jest
 * 30.3 the key is the full name) or not the shape this reads: better no hint than a wrong one.
 */
function fileTestIds(test: JestTestNow): ReadonlySet<string> | undefined {
  let root: unknown = test.key
  if (!isCircusEntry(root) || root.type !== 'test') return undefined
  while (isCircusEntry(root) && isCircusEntry(root.parent)) root = root.parent
  const ids = new Set<string>()
  const visit = (block: CircusEntry, titles: readonly string[]): boolean => {
    if (!Array.isArray(block.children)) return false
    for (const child of block.children as unknown[]) {
      if (!isCircusEntry(child) || typeof child.name !== 'string') return false
      const path = [...titles, child.name]
      if (child.type === 'test') ids.add(recordingTestId([path.join(' ')]))
      else if (child.type !== 'describeBlock' || !visit(child, path)) return false
    }
    return true
  }
  if (!isCircusEntry(root) || !visit(root, [])) return undefined
  // The running test must be among them, or the tree was not read the way Jest names tests.
  return ids.has(recordingTestId([test.fullName])) ? ids : undefined
}

function isCircusEntry(value: unknown): value is CircusEntry {
  return typeof value === 'object' && value !== null
}
