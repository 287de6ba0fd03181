import type { RecordingError } from '../../errors/index.js'
import type { RedactHook } from '../../recordings/normalize-request.js'
import type { RecordingStore } from '../../recordings/store.js'

/**
 * What a host's run decides for every test's recordings: where they live, how they are redacted,
 * and how a miss report says to re-record. A host builds it once per run (or per test file) from
 * its options and hands it to each `TestRecordings`.
 */
export interface RecordingSettings {
  /** The project root (Vitest's root, Jest's rootDir): `dir` resolves against it, messages show paths relative to it. */
  root: string
  /** `recordings.dir`: one folder for every recording instead of one beside each test file. */
  dir?: string | undefined
  /**
   * The candidate of a candidate run: its recordings go to `.candidates/<candidate>/` (the
   * baseline's are only read, by a `fork`), and a miss report's command keeps
   * `VITEST_SCENARIO_CANDIDATE=<candidate>` in front.
   */
  candidate?: string | undefined
  /** The `redact` hook every stored and matched string passes. */
  redact?: RedactHook | undefined
  /** JSON paths where secret-shaped strings may be stored. */
  allowSecrets?: readonly string[] | undefined
  /** Where recordings are read and written. @default fileSystemStore */
  store?: RecordingStore | undefined
  /**
   * The shell command that re-records one test, for miss reports, from the test file (relative
   * to the root) and the test's names.
   *
   * @example
   * rerecordCommand: (file, names) => `npx vitest run ${file} -t '${names.join(' ')}' -u`
   */
  rerecordCommand(file: string, names: readonly string[]): string
  /**
   * The ids the file's tests claimed so far, one map per test file kept by the host: with it, the
   * first test to make a session under an id records and the next one is refused as a duplicate
   * (Jest's rule); without it, every running test whose id another test of `allTestIds()` has is
   * refused (Vitest's rule: the list is known before any test runs).
   */
  claimed?: Map<string, unknown> | undefined
}

/** What a host adds for one test beyond its `HostTest`. */
export interface TestRecordingsOptions {
  /**
   * The test's recording ids under the host's former naming (no sample suffix): a recording
   * found only under one of them is replayed, and the next write renames it.
   */
  formerIds?: readonly string[] | undefined
  /**
   * Refuses every call of the test with this error (nothing is read or written): the host knows
   * nothing would finish the test's sessions, say.
   */
  refuse?: RecordingError | undefined
}
