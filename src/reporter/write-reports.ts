// What a scenario reporter writes once it has the run's entries, whatever runner it reports for:
// the Markdown and HTML reports, the GitHub step summary, and the terminal text. The Vitest
// reporter reads its entries from task meta, the Jest one from the records its workers wrote.
import { Buffer } from 'node:buffer'
import { appendFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { type RunCalibration, runCalibration } from '../calibration/run-calibration.js'
import { reportMask } from '../hosts/core/meta/meta-text.js'
import { RESULTS_PATH_ENV, resultsTarget } from '../results/results-path.js'
import { DEFAULT_RESULTS_PATH } from '../results/results-report.js'
import { type ResultsRun, resultsReport, writeResultsReport } from '../results/write-results.js'
import { neutralizeControl as safe } from '../secrets/index.js'
import { htmlReport } from './html.js'
import { markdownReport, STEP_SUMMARY_LIMIT } from './markdown.js'
import { ReportWriteError } from './report-write-error.js'
import type { ReporterHost, ScenarioReporterOptions } from './reporter-options.js'
import { type RunSummary, runSummary } from './run-summary.js'
import type { ScenarioEntry } from './scenario-entry.js'
import { type Colors, terminalReport } from './terminal.js'

/** The reports that were written and those that could not be. */
export interface WrittenReports {
  /** The reports' paths, relative to the root. */
  written: string[]
  /** One `ReportWriteError` per report that could not be written, naming the file and the fix. */
  failures: ReportWriteError[]
}

/**
 * Writes the reports the options ask for, paths resolved against `root` — the JSON report
 * (`results.json`) by default whenever a test ran — and appends the Markdown report to
 * `GITHUB_STEP_SUMMARY` when that is set. One failing report never keeps the
 * others from being written, and nothing is thrown: a report is not a test.
 *
 * @example
 * const { written, failures } = writeReports(entries, { html: 'out/scenarios.html' }, root, VITEST_REPORTER_HOST, { host: 'vitest', testsRan: true })
 */
export function writeReports(
  entries: readonly ScenarioEntry[],
  options: ScenarioReporterOptions,
  root: string,
  host: Pick<ReporterHost, 'configFile'>,
  run: ReportedRun,
): WrittenReports {
  const summary = runSummary(entries)
  const written: string[] = []
  const failures: ReportWriteError[] = []
  const fix = (kind: string) =>
    `Point the scenario reporter's \`${kind}\` option (in ${host.configFile}) at a file in a folder you can write to, or remove what stands in the way.`
  const write = (kind: 'markdown' | 'html', path: string, content: () => string) => {
    const file = resolve(root, path)
    try {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, content())
      written.push(relative(root, file) || file)
    } catch (error) {
      failures.push(
        new ReportWriteError(
          kind === 'html' ? 'HTML report' : 'Markdown report',
          file,
          error,
          fix(kind),
        ),
      )
    }
  }
  const { markdown, html } = options
  const stepSummary = process.env.GITHUB_STEP_SUMMARY
  const wantsSummary = stepSummary !== undefined && stepSummary !== '' && entries.length > 0
  // Read once, and only when a report shows it: labels files beside the run's test files.
  const calibration =
    markdown !== undefined || html !== undefined || wantsSummary
      ? reportCalibration(entries, root)
      : undefined
  if (markdown !== undefined) {
    write('markdown', markdown, () => markdownReport(entries, summary, undefined, calibration))
  }
  if (html !== undefined) write('html', html, () => htmlReport(entries, summary, calibration))
  // A run with no test at all (a filter that matched nothing) leaves the last report in place.
  if (run.testsRan) {
    const failure = writeJson(entries, options.json, root, run, fix('json'))
    if (typeof failure === 'string') written.push(failure)
    else if (failure !== undefined) failures.push(failure)
  }
  if (wantsSummary) {
    const failure = appendStepSummary(stepSummary, entries, summary, calibration)
    if (failure !== undefined) failures.push(failure)
  }
  return { written, failures }
}

/** The run the reports are written for: its host and options, and whether any test ran. */
export interface ReportedRun extends ResultsRun {
  /** Whether any test ran (scenario or not); the JSON report is written only then. */
  testsRan: boolean
}

/**
 * Writes the JSON report where the options and the environment say; returns its path relative to
 * the root, nothing when none is asked for, or the error.
 */
function writeJson(
  entries: readonly ScenarioEntry[],
  json: string | false | undefined,
  root: string,
  run: ResultsRun,
  fix: string,
): string | ReportWriteError | undefined {
  const target = resultsTarget(json, root)
  if ('problem' in target) {
    const file = resolve(root, typeof json === 'string' ? json : DEFAULT_RESULTS_PATH)
    return new ReportWriteError('JSON report', file, new Error(target.problem), target.fix)
  }
  if (target.file === undefined) return undefined
  try {
    const report = resultsReport(entries, run, {
      root,
      candidate: target.candidate,
      mask: reportMask(),
    })
    writeResultsReport(target.file, report)
    return relative(root, target.file) || target.file
  } catch (error) {
    const env = process.env[RESULTS_PATH_ENV]
    return new ReportWriteError(
      'JSON report',
      target.file,
      error,
      env === undefined || env === ''
        ? fix
        : `Point ${RESULTS_PATH_ENV} at a file in a folder you can write to, or unset it.`,
    )
  }
}

/**
 * The terminal text of a run: a block per scenario and the summary, then the reports written
 * (under `label`); empty when there is nothing to say.
 */
export function runReportText(
  entries: readonly ScenarioEntry[],
  written: readonly string[],
  c: Colors,
  label = 'Scenario reports',
): string {
  const text = terminalReport(entries, runSummary(entries), c)
  const lines = text === '' ? [] : [text]
  if (written.length > 0) {
    lines.push(` ${label}: ${written.map((file) => safe(file)).join(', ')}`, '')
  }
  return lines.join('\n')
}

/**
 * Appends the Markdown report to the step summary within GitHub's limit (in bytes, counting what
 * the step wrote there before); returns what went wrong instead of throwing.
 */
function appendStepSummary(
  file: string,
  entries: readonly ScenarioEntry[],
  summary: RunSummary,
  calibration: RunCalibration | undefined,
): ReportWriteError | undefined {
  const fix =
    'GITHUB_STEP_SUMMARY must name a file the job can write (GitHub Actions sets it); outside Actions, unset it.'
  try {
    const used = sizeOf(file)
    const budget = STEP_SUMMARY_LIMIT - used - 1
    const report = markdownReport(entries, summary, budget, calibration)
    if (Buffer.byteLength(report, 'utf8') > budget) {
      return new ReportWriteError(
        'GitHub step summary',
        file,
        new Error(`it already holds ${used} bytes, no room is left under GitHub's 1 MiB limit`),
        'Write less to the step summary before this step; the Markdown and HTML reports (reporter options `markdown`, `html`) hold every scenario.',
      )
    }
    appendFileSync(file, `${report}\n`)
    return undefined
  } catch (error) {
    return new ReportWriteError('GitHub step summary', file, error, fix)
  }
}

function sizeOf(file: string): number {
  try {
    const stat = statSync(file)
    return stat.isFile() ? stat.size : 0
  } catch {
    // No file yet: the step has written nothing there.
    return 0
  }
}

/**
 * The run's calibration for the reports, or `undefined` (no labels files). A report is not a
 * test: whatever goes wrong reading labels is shown in the section, never thrown.
 */
function reportCalibration(
  entries: readonly ScenarioEntry[],
  root: string,
): RunCalibration | undefined {
  try {
    return runCalibration(entries, root)
  } catch {
    return undefined
  }
}
