// Finding and reading the JSON reports `compare` and `promote` start from: a candidate run writes
// `<results dir>/candidates/<name>/results.json`.
import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
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
  if (found.length === 0) return fail(2, `No candidate report in ${where}`, run)
  return fail(
    2,
    `${found.length} candidates have a report in ${where}: say which one to compare`,
    `Pass --candidate <name>, one of ${quoteList(found)}.`,
  )
}

/** Reads a JSON report; the reader's message says what is wrong with the file and what to do. */
export function readReport(path: string): CliResult<ResultsReport> {
  const read = tryReadResultsReport(path)
  return read.ok
    ? ok(read.report)
    : { ok: false, failure: { code: 2, message: read.error.message } }
}
