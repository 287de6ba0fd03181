// Finding and reading the JSON reports `compare` and `promote` start from: a candidate run writes
// `<results dir>/candidates/<name>/results.json`, a plain run `<results dir>/results.json`.
import { existsSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { quoteList } from '../errors/index.js'
import { tryReadResultsReport } from '../results/read-results.js'
import type { ResultsReport } from '../results/results-report.js'
import { type CliResult, fail, ok } from './cli-failure.js'

/** Where a candidate's JSON report is, under the reports' folder. */
export function candidateReportPath(resultsDir: string, name: string): string {
  return join(resultsDir, 'candidates', name, 'results.json')
}

/** The candidates that have a JSON report under `resultsDir`, sorted. */
export function reportedCandidates(resultsDir: string): string[] {
  const folder = join(resultsDir, 'candidates')
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return []
  }
  return names.filter((name) => existsSync(candidateReportPath(resultsDir, name))).sort()
}

/**
 * The report of candidate `name`, or of the only candidate with a report when `name` is not
 * given; a failure names the candidates there are.
 */
export function findCandidateReport(
  resultsDir: string,
  name: string | undefined,
  cwd: string,
): CliResult<{ name: string; path: string }> {
  const found = reportedCandidates(resultsDir)
  const where = relative(cwd, join(resultsDir, 'candidates')) || '.'
  const run =
    'Run the candidate first, e.g. `VITEST_SCENARIO_CANDIDATE=<name> npx vitest run` (its reporter writes the report), or pass --results <dir> where the reports are.'
  if (name !== undefined) {
    if (found.includes(name)) return ok({ name, path: candidateReportPath(resultsDir, name) })
    return fail(
      2,
      `No JSON report of candidate '${name}' in ${where} (no ${name}/results.json)`,
      found.length > 0 ? `Candidates with a report: ${quoteList(found)}. ${run}` : run,
    )
  }
  const [only] = found
  if (only !== undefined && found.length === 1) {
    return ok({ name: only, path: candidateReportPath(resultsDir, only) })
  }
  if (found.length === 0) {
    return fail(
      2,
      `No candidate report in ${where}`,
      `${run} To compare a run that is no candidate's, pass --baseline <results.json> (and --report <results.json> when it is not ${relative(cwd, join(resultsDir, 'results.json'))}).`,
    )
  }
  return fail(
    2,
    `${found.length} candidates have a report in ${where}: say which one to compare`,
    `Pass --candidate <name>, one of ${quoteList(found)}.`,
  )
}

/** The report `compare` compares with the baseline, and the candidate it ran (if any). */
export interface RunReport {
  path: string
  /** The candidate's name; undefined for a plain run (`--report`, or `<results>/results.json`). */
  candidate: string | undefined
}

/**
 * The report to compare with the baseline: `--candidate <name>`'s report; else `--report`; else
 * the only candidate report under `resultsDir`; else, when a baseline report is given and no
 * candidate has a report, the plain run's `<resultsDir>/results.json` (a pull request's own run).
 */
export function findRunReport(
  options: {
    resultsDir: string
    candidate?: string | undefined
    report?: string | undefined
    baseline?: string | undefined
  },
  cwd: string,
): CliResult<RunReport> {
  const { resultsDir, candidate, report, baseline } = options
  if (candidate !== undefined && report !== undefined) {
    return fail(
      2,
      '`vitest-scenario compare` got both --candidate and --report: they name the same side',
      "Pass --candidate <name> to compare a candidate's run, or --report <results.json> to compare another run's report.",
    )
  }
  if (report !== undefined) return ok({ path: resolve(cwd, report), candidate: undefined })
  if (
    candidate === undefined &&
    baseline !== undefined &&
    reportedCandidates(resultsDir).length === 0
  ) {
    return ok({ path: join(resultsDir, 'results.json'), candidate: undefined })
  }
  const found = findCandidateReport(resultsDir, candidate, cwd)
  return found.ok ? ok({ path: found.value.path, candidate: found.value.name }) : found
}

/** Reads a JSON report; the reader's message says what is wrong with the file and what to do. */
export function readReport(path: string): CliResult<ResultsReport> {
  const read = tryReadResultsReport(path)
  return read.ok
    ? ok(read.report)
    : { ok: false, failure: { code: 2, message: read.error.message } }
}
