import { isAbsolute, relative } from 'node:path'
import { failOnSchema } from '../hosts/core/plugin-options.js'
import { replaceFile } from '../recordings/write-atomic.js'
import type { ScenarioEntry } from '../reporter/scenario-entry.js'
import {
  type FailOnGates,
  RESULTS_KIND,
  RESULTS_VERSION,
  type ResultsHost,
  type ResultsReport,
} from './results-report.js'
import { type Environment, runBranch, runCommand, runCommit } from './run-context.js'

/** What a reporter could see of the plugin's (or host's) options, for the report. */
export interface SeenHostOptions {
  /** `recordings.dir`, as the options give it. */
  recordingsDir?: string | undefined
  failOn?: FailOnGates | undefined
  /** The candidates by name; only `fork` is read. */
  candidates?: Readonly<Record<string, { fork?: number | undefined } | undefined>> | undefined
}

/** The run a JSON report is written for. */
export interface ResultsRun {
  host: ResultsHost
  /** The plugin's (or host's) options, when the reporter can see them. */
  options?: SeenHostOptions | undefined
  /**
   * Whether the run merged earlier runs' results (`vitest --merge-reports` of shard blobs): its
   * command runs no test, so it cannot replay the baseline and the report carries none.
   */
  merged?: boolean | undefined
}

/**
 * The JSON report of a run: the entries as the other reports show them, with the commit, branch,
 * time, candidate and command. `mask` hides secrets in the command line (a key passed as an
 * argument) and the branch.
 *
 * @example
 * resultsReport(entries, { host: 'vitest' }, { root, candidate: undefined, mask })
 */
export function resultsReport(
  entries: readonly ScenarioEntry[],
  run: ResultsRun,
  context: {
    root: string
    candidate: string | undefined
    mask: (text: string) => string
    env?: Environment
  },
): ResultsReport {
  const { root, candidate, mask } = context
  const env = context.env ?? process.env
  const report: ResultsReport = {
    kind: RESULTS_KIND,
    version: RESULTS_VERSION,
    createdAt: new Date().toISOString(),
    host: run.host,
    tests: [...entries],
  }
  const commit = runCommit(root, env)
  if (commit !== undefined) report.commit = mask(commit)
  const branch = runBranch(root, env)
  if (branch !== undefined) report.branch = mask(branch)
  if (candidate !== undefined) {
    const fork = run.options?.candidates?.[candidate]?.fork
    report.candidate = typeof fork === 'number' ? { name: candidate, fork } : { name: candidate }
  }
  if (run.merged !== true) report.command = runCommand(root, mask)
  const dir = run.options?.recordingsDir
  if (typeof dir === 'string' && dir !== '') report.recordingsDir = mask(relativeTo(root, dir))
  // The plugin checked them; what does not fit (another version's options) is left out.
  const failOn = failOnSchema.safeParse(run.options?.failOn)
  if (run.options?.failOn !== undefined && failOn.success) report.failOn = failOn.data
  return report
}

/**
 * Writes `report` to `file` atomically: into a temporary file beside it, then renamed over it.
 * Throws the file system's error (the caller turns it into a `ReportWriteError`).
 *
 * @example
 * writeResultsReport('/p/test-results/results.json', report)
 */
export function writeResultsReport(file: string, report: ResultsReport): void {
  replaceFile(file, `${JSON.stringify(report, null, 2)}\n`)
}

/** `path` relative to `root` when absolute and inside it (reports read the same anywhere). */
function relativeTo(root: string, path: string): string {
  if (!isAbsolute(path)) return path
  const out = relative(root, path)
  return out.startsWith('..') || isAbsolute(out) ? path : out
}

/**
 * What the JSON report takes of a host's resolved options (`HostOptions`, as the Vitest plugin
 * provides them and `withScenario` puts them in Jest's globals): read defensively, since they
 * crossed a process or came from another version.
 *
 * @example
 * seenHostOptions(project.getProvidedContext()['vitest-scenario'])
 */
export function seenHostOptions(value: unknown): SeenHostOptions | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const options = value as {
    recordings?: { dir?: unknown }
    failOn?: unknown
    candidates?: unknown
  }
  const dir = options.recordings?.dir
  const seen: SeenHostOptions = {}
  if (typeof dir === 'string') seen.recordingsDir = dir
  if (typeof options.failOn === 'object' && options.failOn !== null) {
    seen.failOn = options.failOn as FailOnGates
  }
  if (typeof options.candidates === 'object' && options.candidates !== null) {
    seen.candidates = options.candidates as SeenHostOptions['candidates']
  }
  return seen
}
