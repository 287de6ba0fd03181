// The one port between a test runner and the host core: what a host tells the core about the
// test that is running. Each host (Vitest, Jest, node:test) builds one `HostTest` per test from
// its runner's own objects; everything the core does with recordings and reporter meta is decided
// from these fields alone.
import type { RecordingMode } from '../../recordings/mode.js'
import type { ScenarioMeta } from './meta/scenario-meta.js'

/**
 * One test of a test file, as `HostTest.allTestIds()` lists it: what owns a recording file of the
 * folder (obsolete detection, rename hints in miss reports) and what would share one (duplicate
 * refusal). A file's list holds one entry per test, so two tests with the same names are two
 * entries with the same `id`.
 */
export interface FileTest {
  /** The test's recording id: `recordingTestId(names)` (describe chain and test name). */
  id: string
  /**
   * Whether the test runs in this run. A skipped, `todo` or filtered-out test still owns its
   * recordings (they are not obsolete) but makes no call, so it shares no file with a namesake.
   */
  runs: boolean
  /**
   * The ids the test's recording had under a host's former naming (Jest named recordings after
   * its space-joined full name): a file under one of them is still this test's, not obsolete.
   */
  formerIds?: readonly string[] | undefined
  /**
   * How many samples of a `samples: n` scenario the test ran, once it ended; a test that ran
   * with samples owns only those. `undefined`: it ran none (or has not run), and owns them all.
   */
  samples?: number | undefined
}

/**
 * The running test, as a host describes it to the core (`new TestRecordings(test, …)`). A host
 * makes one per test, when the test starts (or at its first model call), from its runner's
 * objects: Vitest's task, jest-circus's test entry, node:test's `TestContext`.
 */
export interface HostTest {
  /**
   * What tells running tests apart: the runner's own test object or identity (Vitest's task,
   * jest-circus's test entry, node:test's context). Compared by identity, never read.
   */
  readonly id: unknown
  /**
   * The describe chain and the test's name, outermost first: what its recording is named after
   * (`recordingTestId(names)`), shown in messages joined with ` > `.
   */
  readonly names: readonly string[]
  /** The test file's absolute path: where its recordings' folder is (`recordingFolder`). */
  readonly file: string
  /** The recording mode of this test; `off` makes no session. */
  readonly mode: RecordingMode
  /**
   * Every test of the test file, skipped and filtered-out ones included, one entry per test (so
   * duplicates can be counted); `undefined` when the runner cannot tell. Read when a call
   * misses (rename hints), when the first session is made (duplicate refusal), and when the file
   * ends (obsolete recordings). A host may compute it once per file.
   */
  allTestIds(): readonly FileTest[] | undefined
  /**
   * Hands the test's reporter meta (built once, when the test ends) to the runner: Vitest's task
   * meta, a results file the Jest reporter reads, node:test's diagnostics.
   */
  annotate(meta: ScenarioMeta): void
}
