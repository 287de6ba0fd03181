// The Vitest reporter (SPEC section 9.5). It runs in the main process and reads only task meta
// (`meta.scenario`, `meta.recording`) through the 3.0+ reporter API, so the same code reports a
// live run and a `--merge-reports` of shard blobs.
import { appendFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import type { Reporter, TestModule, Vitest } from 'vitest/node'
import { collectEntries } from './collect-entries.js'
import { htmlReport } from './html.js'
import { markdownReport, STEP_SUMMARY_LIMIT } from './markdown.js'
import { checkReporterOptions, type ScenarioReporterOptions } from './reporter-options.js'
import { runSummary } from './run-summary.js'
import type { ScenarioEntry } from './scenario-entry.js'
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
    const entries = collectEntries(testModules)
    const written = this.writeReports(entries)
    const logger = this.#vitest?.logger
    const text = terminalReport(
      entries,
      runSummary(entries),
      colors(colorsEnabled(logger?.outputStream as { isTTY?: boolean } | undefined, process.env)),
    )
    const lines = text === '' ? [] : [text]
    if (written.length > 0) lines.push(` Scenario reports: ${written.join(', ')}`, '')
    if (lines.length === 0) return
    if (logger === undefined) console.log(lines.join('\n'))
    else logger.log(lines.join('\n'))
  }

  /** Writes the reports the options ask for; returns their paths relative to the root. */
  writeReports(entries: readonly ScenarioEntry[]): string[] {
    const root = this.#vitest?.config.root ?? process.cwd()
    const summary = runSummary(entries)
    const written: string[] = []
    const write = (path: string, content: string) => {
      const file = resolve(root, path)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, content)
      written.push(relative(root, file) || file)
    }
    if (this.options.markdown !== undefined) {
      write(this.options.markdown, markdownReport(entries, summary))
    }
    if (this.options.html !== undefined) write(this.options.html, htmlReport(entries, summary))
    const stepSummary = process.env.GITHUB_STEP_SUMMARY
    if (stepSummary !== undefined && stepSummary !== '' && entries.length > 0) {
      const used = sizeOf(stepSummary)
      appendFileSync(
        stepSummary,
        `${markdownReport(entries, summary, STEP_SUMMARY_LIMIT - used)}\n`,
      )
    }
    return written
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}
