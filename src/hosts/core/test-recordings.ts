// The recordings of one test, for every host: its own session (made at its first model call),
// one per sample of a `samples: n` scenario, the refusal of a test whose name another test of
// its file has, the former names a recording may still have, and finishing them when the test
// ends. A host makes one per test from a `HostTest` and runs the test in `run()`.
import { relative } from 'node:path'
import type { RecordingError } from '../../errors/index.js'
import type { RecordingMode } from '../../recordings/mode.js'
import { RecordingSession } from '../../recordings/session.js'
import { fileSystemStore } from '../../recordings/store.js'
import { recordingPath, recordingTestId } from '../../recordings/test-id.js'
import { baselineSession } from './baseline-session.js'
import { CANDIDATE_ENV } from './candidate-run.js'
import { duplicateNameError, isDuplicateId } from './duplicate-names.js'
import { type FinishedSessions, finishTestSessions } from './finish-sessions.js'
import { folderPaths } from './folder-paths.js'
import { formerNameStore } from './former-names.js'
import type { FileTest, HostTest } from './host-test.js'
import type { RecordingSettings, TestRecordingsOptions } from './recording-settings.js'
import { runWithRef, type SessionRef, sessionInContext } from './test-context.js'

/** What every session of the test shares, found when the first one is made. */
interface Shared {
  /** The test's recording id (`recordingTestId(names)`), without a sample suffix. */
  id: string
  folder: string
  shownFolder: string
  shownFile: string
  refuse: RecordingError | undefined
}

/**
 * The recording sessions of one test. Each is made when a call first needs it: most tests of a
 * suite make no model call, and making a session (paths, id, re-record command) was most of what
 * a host cost such a test. With mode `off` there are none.
 *
 * @example
 * const recordings = new TestRecordings(hostTest, settings)
 * await recordings.runInTest(() => body())          // calls in `body` find recordings.main()
 * const { summary, failures } = await recordings.finish(testFailed)
 */
export class TestRecordings {
  /** The test these recordings belong to. */
  readonly test: HostTest
  readonly #settings: RecordingSettings
  readonly #options: TestRecordingsOptions
  #shared: Shared | undefined
  #own: RecordingSession | undefined
  readonly #samples: RecordingSession[] = []
  /** What the test's async contexts hold: emptied when the test ends. */
  readonly #refs: SessionRef[] = []
  #finished = false

  constructor(test: HostTest, settings: RecordingSettings, options: TestRecordingsOptions = {}) {
    this.test = test
    this.#settings = settings
    this.#options = options
  }

  /**
   * The session of the test (or sample) running in this async context (see `runInTest`), or
   * `undefined` outside any test, after it ended, or with recordings off.
   */
  static current(): RecordingSession | undefined {
    return sessionInContext()
  }

  /** The test's mode: `off` makes no session. */
  get mode(): RecordingMode {
    return this.test.mode
  }

  /** Whether `finish` ran: later calls find no session of this test. */
  get finished(): boolean {
    return this.#finished
  }

  /** The test's own session, made at first use; `undefined` with mode `off` or once finished. */
  main(): RecordingSession | undefined {
    if (this.#finished || this.test.mode === 'off') return undefined
    this.#own ??= this.#session(undefined)
    return this.#own
  }

  /** The session of sample `i` of a `samples: n` scenario, made at first use (as `main`). */
  sample(i: number): RecordingSession | undefined {
    if (this.#finished || this.test.mode === 'off') return undefined
    this.#samples[i] ??= this.#session(i)
    return this.#samples[i]
  }

  /**
   * Runs `fn` as this test: a model call made in its async context (and every context it
   * creates) is answered through `main()`. A host wraps the test's hooks and body in it.
   */
  runInTest<T>(fn: () => T): T {
    const ref: SessionRef = { session: undefined, open: () => this.main() }
    this.#refs.push(ref)
    return runWithRef(ref, fn)
  }

  /**
   * Runs `fn` with sample `i`'s session, given to it and current in its async context (for the
   * agent's own wrapped clients): each sample records to its own file. With mode `off` `fn`
   * gets `undefined`.
   */
  inSample<T>(i: number, fn: (recording: RecordingSession | undefined) => Promise<T>): Promise<T> {
    const session = this.sample(i)
    if (session === undefined) return fn(undefined)
    const ref: SessionRef = { session, open: undefined }
    this.#refs.push(ref)
    return runWithRef(ref, () => fn(session))
  }

  /**
   * Finishes every session of the test (writes or deletes its recordings) into one summary and
   * its failures, and forgets them: the test's async contexts hold nothing after this. Every
   * session finishes even when another could not write; its error is one more failure. A second
   * call finds nothing to finish.
   */
  async finish(testFailed: boolean): Promise<FinishedSessions> {
    if (this.#finished) return { summary: undefined, failures: [] }
    this.#finished = true
    for (const ref of this.#refs) {
      ref.session = undefined
      ref.open = undefined
    }
    this.#refs.length = 0
    const own = this.#own
    const samples = [...this.#samples]
    this.#own = undefined
    this.#samples.length = 0
    // No session is made after this: the paths and id made for them go too. A runner may keep
    // what a test left behind (its hooks' promises, their async context) until the file ends.
    this.#shared = undefined
    return finishTestSessions(own, samples, testFailed)
  }

  /**
   * A replay-only session on the baseline's recording of the test (or of sample `i`) in a
   * candidate run, for a `fork`'s first turns: never written, and no part of the test's summary.
   */
  baseline(sample: number | undefined): RecordingSession {
    const { root, dir } = this.#settings
    return baselineSession({
      test: this.test,
      sample,
      paths: folderPaths(this.test.file, root, dir),
      store: this.#settings.store ?? fileSystemStore,
      command: this.#settings.rerecordCommand,
      redact: this.#settings.redact,
      allowSecrets: this.#settings.allowSecrets,
      candidate: this.#settings.candidate,
    })
  }

  #session(sample: number | undefined): RecordingSession {
    const { names } = this.test
    const shared = this.#sharedParts()
    // A sample's id checks its index (a host may pass any number to `sample(i)`).
    const id = sample === undefined ? shared.id : recordingTestId(names, sample)
    const file = recordingPath(shared.folder, id)
    const store = this.#settings.store ?? fileSystemStore
    const formerFiles = (this.#options.formerIds ?? [])
      .map((former) => recordingPath(shared.folder, sampleId(former, sample)))
      .filter((former) => former !== file)
    const fullName = names.join(' > ')
    return new RecordingSession({
      file,
      displayFile: recordingPath(shared.shownFolder, id),
      test: fullName + (sample === undefined ? '' : ` (sample ${sample})`),
      mode: this.test.mode as Exclude<RecordingMode, 'off'>,
      command: candidateCommand(
        this.#settings.candidate,
        this.#settings.rerecordCommand(shared.shownFile, names),
      ),
      redact: this.#settings.redact,
      allowSecrets: this.#settings.allowSecrets,
      refuse: shared.refuse,
      store: formerNameStore(store, file, formerFiles),
      // Every test of the file, collected before any ran: a recording none of them owns may be
      // this test's under an old name (the rule that reports obsolete recordings too).
      fileTestIds: () => ownedIds(this.test.allTestIds()),
    })
  }

  #sharedParts(): Shared {
    if (this.#shared !== undefined) return this.#shared
    const { root, dir, candidate } = this.#settings
    const { folder, shownFolder, shownFile } = folderPaths(this.test.file, root, dir, candidate)
    // Made once for the test: its sessions and the duplicate check share it.
    const id = recordingTestId(this.test.names)
    const refuse = this.#options.refuse ?? this.#duplicate(id, folder, shownFile)
    this.#shared = { id, folder, shownFolder, shownFile, refuse }
    return this.#shared
  }

  /**
   * The refusal of a test that another test of its file shares its name with (both would use
   * one recording): with the host's `claimed` ids, the second test to claim the id; otherwise
   * any test whose id another running test of the file's list has.
   */
  #duplicate(id: string, folder: string, shownFile: string): RecordingError | undefined {
    const { names, id: testId } = this.test
    const claimed = this.#settings.claimed
    let duplicate: boolean
    if (claimed !== undefined) {
      const owner = claimed.get(id)
      duplicate = owner !== undefined && owner !== testId
      if (owner === undefined) claimed.set(id, testId)
    } else {
      const tests = this.test.allTestIds()
      duplicate = tests !== undefined && isDuplicateId(tests, id)
    }
    if (!duplicate) return undefined
    const file = recordingPath(folder, id)
    return duplicateNameError({
      fullName: names.join(' > '),
      testFile: shownFile,
      recording: relative(this.#settings.root, file),
      file,
    })
  }
}

/** A re-record command, in a candidate run with `VITEST_SCENARIO_CANDIDATE=<name>` in front. */
function candidateCommand(candidate: string | undefined, command: string): string {
  return candidate === undefined ? command : `${CANDIDATE_ENV}=${candidate} ${command}`
}

/** A recording id with its sample suffix, as `recordingTestId(names, sample)` adds it. */
function sampleId(id: string, sample: number | undefined): string {
  return sample === undefined ? id : `${id}.sample-${sample}`
}

/**
 * The ids a file's tests own, former names included: what no rename hint and no obsolete
 * report names. `undefined` when the host cannot list the file's tests.
 */
export function ownedIds(tests: readonly FileTest[] | undefined): ReadonlySet<string> | undefined {
  if (tests === undefined) return undefined
  return new Set(tests.flatMap((test) => [test.id, ...(test.formerIds ?? [])]))
}
