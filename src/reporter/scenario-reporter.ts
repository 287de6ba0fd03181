// The Vitest reporter. It runs in the main process and reads only task meta
// (`meta.scenario`, `meta.recording`) through the 3.0+ reporter API, so the same code reports a
// live run and a `--merge-reports` of shard blobs.
import { Buffer } from 'node:buffer'
import { appendFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import type { Reporter, TestModule, Vitest } from 'vitest/node'
import { neutralizeControl as safe } from '../secrets/index.js'
import { collectEntries, type SkippedEntry } from './collect-entries.js'
import { htmlReport } from './html.js'
import { markdownReport, STEP_SUMMARY_LIMIT } from './markdown.js'
import { ReportWriteError } from './report-write-error.js'
import { checkReporterOptions, type ScenarioReporterOptions } from './reporter-options.js'
import { type RunSummary, runSummary } from './run-summary.js'
import type { ScenarioEntry } from './scenario-entry.js'
import { skippedWarnings } from './skipped-warnings.js'
import { colors, colorsEnabled, terminalReport } from './terminal.js'

/**
 * Reports scenario tests: a block per scenario in the terminal and a summary line, and when
 * asked a Markdown report (also appended to `GITHUB_STEP_SUMMARY` when that is set) and a
 * self-contained HTML report with each graph drawn and the path taken highlighted.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({
 *   test: { reporters: ['default', ['vitest-scenario/reporter', { html: 'test-results/scenarios.html' }]] },
 * })
 */
export class ScenarioReporter implements Reporter {
  readonly options: ScenarioReporterOptions
  #vitest: Vitest | undefined

  constructor(options?: ScenarioReporterOptions) {
    this.options = checkReporterOptions(options)
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: SkippedEntry[] = []
    const entries = collectEntries(testModules, skipped)
    const { written, failures } = this.writeReports(entries)
    const logger = this.#vitest?.logger
    const text = terminalReport(
      entries,
      runSummary(entries),
      colors(colorsEnabled(logger?.outputStream as { isTTY?: boolean } | undefined, process.env)),
    )
    const lines = text === '' ? [] : [text]
    if (written.length > 0) {
      lines.push(` Scenario reports: ${written.map((file) => safe(file)).join(', ')}`, '')
    }
    if (lines.length > 0) {
      if (logger === undefined) console.log(lines.join('\n'))
      else logger.log(lines.join('\n'))
    }
    // On stderr, and never thrown: a report that cannot be written, or a test whose data cannot
    // be read, must not turn a run whose tests all passed into a failed one.
    for (const warning of skippedWarnings(skipped)) {
      if (logger === undefined) console.warn(safe(warning))
      else logger.warn(safe(warning))
    }
    for (const failure of failures) {
      if (logger === undefined) console.error(safe(failure.message))
      else logger.error(safe(failure.message))
    }
  }

  /**
   * Writes the reports the options ask for. Returns their paths relative to the root, and the
   * reports that could not be written (each a `ReportWriteError` naming the file and the fix);
   * one failing report never keeps the others from being written.
   */
  writeReports(entries: readonly ScenarioEntry[]): {
    written: string[]
    failures: ReportWriteError[]
  } {
    const root = this.#vitest?.config.root ?? process.cwd()
    const summary = runSummary(entries)
    const written: string[] = []
    const failures: ReportWriteError[] = []
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
            `Point the scenario reporter's \`${kind}\` option (in vitest.config.ts) at a file in a folder you can write to, or remove what stands in the way.`,
          ),
        )
      }
    }
    const { markdown, html } = this.options
    if (markdown !== undefined) write('markdown', markdown, () => markdownReport(entries, summary))
    if (html !== undefined) write('html', html, () => htmlReport(entries, summary))
    const stepSummary = process.env.GITHUB_STEP_SUMMARY
    if (stepSummary !== undefined && stepSummary !== '' && entries.length > 0) {
      const failure = appendStepSummary(stepSummary, entries, summary)
      if (failure !== undefined) failures.push(failure)
    }
    return { written, failures }
  }
}

/**
 * Appends the Markdown report to the step summary within GitHub's limit (in bytes, counting what
 * the step wrote there before); returns what went wrong instead of throwing.
 */
function appendStepSummary(
  file: string,
  entries: readonly ScenarioEntry[],
  summary: RunSummary,
): ReportWriteError | undefined {
  const fix =
    'GITHUB_STEP_SUMMARY must name a file the job can write (GitHub Actions sets it); outside Actions, unset it.'
  try {
    const used = sizeOf(file)
    const budget = STEP_SUMMARY_LIMIT - used - 1
    const report = markdownReport(entries, summary, budget)
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
