// The Jest host's recordings, on the host core: one `TestRecordings` per test, found from Jest's
// `expect` state. Jest loads this module once per test file (each test file has its own module
// registry), so the host object below belongs to one test file. A `scenario()` test finishes its
// own sessions at the end of its test function (so `scenario.concurrent` works: Jest runs no
// `afterEach` for concurrent tests); any other test's sessions (a plain `test()` using `wrap()` or
// `recordedFetch`) are finished by the setup entry's `afterEach`.
import { relative } from 'node:path'
import { RecordingError } from '../../errors/index.js'
import { jestRerecordCommand } from '../../recordings/miss-report.js'
import { type RecordingMode, resolveRecordingMode } from '../../recordings/mode.js'
import type { RedactHook } from '../../recordings/normalize-request.js'
import type { RecordingSession } from '../../recordings/session.js'
import { fileSystemStore } from '../../recordings/store.js'
import { recordingFolder, recordingPath, recordingTestId } from '../../recordings/test-id.js'
import type { FinishedSessions } from '../core/finish-sessions.js'
import { outsideTestSession } from '../core/finish-sessions.js'
import type { HostTest } from '../core/host-test.js'
import type { ScenarioMeta } from '../core/meta/scenario-meta.js'
import type { RecordingSettings } from '../core/recording-settings.js'
import { TestRecordings } from '../core/test-recordings.js'
import { circusFileTests, circusNames, formerJestId } from './circus-tests.js'
import { type JestExpectState, jestGlobals } from './jest-globals.js'
import { providedJestOptions } from './options.js'

/** The Jest test running in this async context, as its `expect` state tells. */
export interface JestTestNow {
  /** Tells tests apart: Jest's test identity, else (before Jest 30.3) the full name. */
  key: unknown
  /** Jest's full name of the test: describe titles and its own, joined with spaces. */
  fullName: string
  /** The describe chain and the test's name (`[fullName]` where Jest does not tell). */
  names: string[]
  /** The test file's absolute path. */
  testPath: string
  /** The recording mode for this test. */
  mode: RecordingMode
}

/** One test file's Jest host: what its tests' recordings share. */
interface JestHost {
  /** The running tests' recordings, by test. */
  tests: Map<unknown, TestRecordings>
  /** Tests whose sessions someone finishes: the setup's `afterEach`, or their `scenario()`. */
  finishable: Set<unknown>
  /** The ids this file's tests claimed: the second test to claim one is refused. */
  claimed: Map<string, unknown>
  /** The `redact` hook the setup entry loaded from the options' module. */
  redact: RedactHook | undefined
  /** Each test's reporter meta, handed over by its `scenario()` when the body ends. */
  meta: Map<unknown, ScenarioMeta>
}

/** This test file's host (this module is evaluated once per test file). */
const host: JestHost = {
  tests: new Map(),
  finishable: new Set(),
  claimed: new Map(),
  redact: undefined,
  meta: new Map(),
}

/** Takes the `redact` hook the setup entry loaded for this test file. */
export function useJestRedact(redact: RedactHook | undefined): void {
  host.redact = redact
}

/** The secret settings of this file's tests: its `redact` hook and `allowSecrets`. */
export function jestSecretSettings(): {
  redact: RedactHook | undefined
  allowSecrets: readonly string[] | undefined
} {
  return { redact: host.redact, allowSecrets: providedJestOptions()?.recordings.allowSecrets }
}

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
  const identity = state.currentTestIdentity?.()
  return {
    key: identity ?? fullName,
    fullName,
    names: circusNames(identity, fullName) ?? [fullName],
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
  host.finishable.add(test.key)
}

/**
 * The recording session of the Jest test (or sample) running in this async context: what
 * `runScenario`, `wrap` and `recordedFetch` from `vitest-scenario/jest` answer their calls
 * through. Outside any test a call goes live, except in `replay` mode, where it fails; with
 * recordings `off` there is none.
 */
export function currentJestRecording(): RecordingSession | undefined {
  const sample = TestRecordings.current()
  if (sample !== undefined) return sample
  const test = jestTestNow()
  if (test === undefined) {
    const state = jestGlobals().expect.getState()
    return modeOf(state) === 'replay' ? outsideTestSession(fileSystemStore) : undefined
  }
  return recordingsOf(test).main()
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
  return recordingsOf(test).inSample(i, fn)
}

/**
 * The replay-only session on the baseline's recording of `test` (or sample `sample`), for a
 * candidate's `fork`.
 */
export function jestBaseline(test: JestTestNow, sample: number | undefined): RecordingSession {
  return recordingsOf(test).baseline(sample)
}

/** Keeps the reporter meta `scenario()` built for `test` until its record is written. */
export function annotateJestTest(test: Pick<JestTestNow, 'key'>, meta: ScenarioMeta): void {
  host.meta.set(test.key, meta)
}

/** The reporter meta `scenario()` built for `test`, taken (once) by whoever reports it. */
export function takeJestMeta(test: Pick<JestTestNow, 'key'>): ScenarioMeta | undefined {
  const meta = host.meta.get(test.key)
  host.meta.delete(test.key)
  return meta
}

/**
 * Finishes the sessions of `test` (writes or deletes its recordings) and forgets them. Every
 * session finishes even when another could not write; its error is one more failure.
 */
export async function finishJestRecordings(
  test: Pick<JestTestNow, 'key'>,
  testFailed: boolean,
): Promise<FinishedSessions> {
  host.finishable.delete(test.key)
  const recordings = host.tests.get(test.key)
  if (recordings === undefined) return { summary: undefined, failures: [] }
  host.tests.delete(test.key)
  return recordings.finish(testFailed)
}

/** The recordings of `test`, made at its first call. */
function recordingsOf(test: JestTestNow): TestRecordings {
  let recordings = host.tests.get(test.key)
  if (recordings === undefined) {
    recordings = createRecordings(test)
    host.tests.set(test.key, recordings)
  }
  return recordings
}

function createRecordings(now: JestTestNow): TestRecordings {
  const options = providedJestOptions()
  const root = options?.root ?? process.cwd()
  const test: HostTest = {
    id: now.key,
    names: now.names,
    file: now.testPath,
    mode: now.mode,
    allTestIds: () => circusFileTests(now.key),
    annotate: (meta) => annotateJestTest(now, meta),
  }
  const settings: RecordingSettings = {
    root,
    dir: options?.recordings.dir,
    candidate: options?.candidate?.name,
    redact: host.redact,
    allowSecrets: options?.recordings.allowSecrets,
    store: fileSystemStore,
    rerecordCommand: (file) => jestRerecordCommand(file, now.fullName),
    // The first test of a shared name records; the next one is refused.
    claimed: host.claimed,
  }
  return new TestRecordings(test, settings, {
    // Recordings written before Jest named them after the describe chain.
    formerIds: now.names.length > 1 ? [formerJestId(now.names)] : undefined,
    refuse: host.finishable.has(now.key)
      ? undefined
      : unfinishedRefusal(now, root, options?.recordings.dir, options?.candidate?.name),
  })
}

/**
 * Why no call of `test` may be recorded or replayed when nothing would finish its sessions (a
 * plain `test.concurrent`, for which Jest runs no `afterEach`, or a file without the setup entry).
 */
function unfinishedRefusal(
  test: JestTestNow,
  root: string,
  dir: string | undefined,
  candidate: string | undefined,
): RecordingError {
  const where = { testFile: test.testPath, root, dir }
  const folder = recordingFolder(candidate === undefined ? where : { ...where, candidate })
  return new RecordingError(
    {
      what: 'A model call was made in a Jest test that nothing finishes the recording of: its calls could neither be recorded nor replayed',
      subjects: [`test: ${test.fullName}`, `file: ${relative(root, test.testPath)}`],
      fix: "Write the test with scenario() (scenario.concurrent for a concurrent one) from 'vitest-scenario/jest'. A plain test() needs the setup entry (withScenario in jest.config.js, or setupFilesAfterEnv: ['vitest-scenario/jest/setup']) and cannot be test.concurrent: Jest runs no afterEach for concurrent tests.",
    },
    recordingPath(folder, recordingTestId(test.names)),
  )
}
