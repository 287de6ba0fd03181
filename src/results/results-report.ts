// The JSON report a scenario reporter writes at the end of every run (`results.json`): every
// scenario test as the other reports show it, plus what a later comparison needs to know about the
// run — the commit, the branch, the candidate it ran, the command that ran it. Two of these are
// what `vitest-scenario compare` compares; one per commit is a pull request's baseline.
import type { ScenarioEntry } from '../reporter/scenario-entry.js'

/** The `kind` every results report carries. */
export const RESULTS_KIND = 'vitest-scenario.results'

/** The version of the results report's shape; readers refuse other versions. */
export const RESULTS_VERSION = 1

/** Where a run's JSON report goes by default, relative to the project root. */
export const DEFAULT_RESULTS_PATH = 'test-results/results.json'

/** The test runner a report was written under. */
export type ResultsHost = 'vitest' | 'jest' | 'node-test'

/** The command line of the process that ran the tests, to run the same tests again. */
export interface ResultsCommand {
  /** Node's own flags (`process.execArgv`), e.g. `['--test', '--test-reporter=spec']`. */
  execArgv: string[]
  /** `process.argv` without the Node binary: the script and its arguments. */
  argv: string[]
  /** The working directory, relative to the project root (`''` when it is the root). */
  cwd: string
}

/** The gates of `failOn` (plugin/host option), as the report carries them for `compare`. */
export interface FailOnGates {
  /** Fail when more than this many tests regressed (`0`: any regression fails). */
  regressed?: number | undefined
  /** Fail when a paired comparison says `worse`. */
  worse?: boolean | undefined
  /** Fail when the candidate's cost exceeds the baseline's by more than this percentage. */
  costIncrease?: number | undefined
}

/** The candidate a run ran (`VITEST_SCENARIO_CANDIDATE`). */
export interface ResultsCandidate {
  name: string
  /** The candidate's `fork`: turns before it were replayed from the baseline recording. */
  fork?: number | undefined
}

/** One scenario test of a run: the reports' entry; its meta carries the definition's hash. */
export type ResultsTest = ScenarioEntry

/** The whole JSON report of one run. */
export interface ResultsReport {
  kind: typeof RESULTS_KIND
  version: typeof RESULTS_VERSION
  /** When the report was written, ISO 8601. */
  createdAt: string
  /** The commit the run tested (`GITHUB_SHA`, else `git rev-parse HEAD`), when known. */
  commit?: string | undefined
  /** The branch (`GITHUB_HEAD_REF`, `GITHUB_REF_NAME`, else git's), when known. */
  branch?: string | undefined
  host: ResultsHost
  /** The candidate the run ran; absent for a baseline run. */
  candidate?: ResultsCandidate | undefined
  /** How the tests were run, when the reporter could tell. */
  command?: ResultsCommand | undefined
  /** `recordings.dir` of the run's options, when set (where `promote` finds the recordings). */
  recordingsDir?: string | undefined
  /** The run's `failOn` gates, when the project's config sets them. */
  failOn?: FailOnGates | undefined
  tests: ResultsTest[]
}
