// One scenario test as the reports show it: the test's own data plus its scenario meta.
import type { ScenarioMeta } from '../hosts/core/meta/scenario-meta.js'

/** How a test ended, as Vitest's `TestCase.result().state` says. */
export type TestState = 'passed' | 'failed' | 'skipped' | 'pending'

/** What the recordings of a test did (from `task.meta.recording`; samples summed). */
export interface RecordingStats {
  /** Calls answered from a recording. */
  replayed: number
  /** Calls made live and recorded. */
  recorded: number
  /** Calls that found no recording in replay mode. */
  misses: number
  /** The recording files, relative to the Vitest root. */
  files: string[]
  /** The recording mode of the run, e.g. `replay`. */
  mode?: string | undefined
}

/** A scenario test with everything a report prints about it. */
export interface ScenarioEntry {
  /** The test's full name (describe chain and name). */
  test: string
  /** The test file, relative to the project root. */
  file: string
  /** The Vitest project's name, when it has one. */
  project?: string | undefined
  state: TestState
  /** The test's duration, as Vitest measured it. */
  durationMs?: number | undefined
  /**
   * The test's errors (assertion messages, library errors), every line of each: colours out,
   * secrets masked, each bounded by `FAILURE_CLIP` with a last line saying how much was cut.
   */
  errors: string[]
  scenario: ScenarioMeta
  recording?: RecordingStats | undefined
}
