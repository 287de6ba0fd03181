// The Vitest reporter. It runs in the main process and reads only task meta
// (`meta.scenario`, `meta.recording`) through the 3.0+ reporter API, so the same code reports a
// live run and a `--merge-reports` of shard blobs.
import { relative } from 'node:path'
import type { Reporter, TestModule, Vitest } from 'vitest/node'
import { reviewAfterRun } from '../../../github/after-run-review.js'
import { collectEntries, type SkippedEntry } from '../../../reporter/collect-entries.js'
import type { ReportWriteError } from '../../../reporter/report-write-error.js'
import {
  checkReporterOptions,
  type ScenarioReporterOptions,
  VITEST_REPORTER_HOST,
} from '../../../reporter/reporter-options.js'
import type { ScenarioEntry } from '../../../reporter/scenario-entry.js'
import { skippedWarnings } from '../../../reporter/skipped-warnings.js'
import { colors, colorsEnabled } from '../../../reporter/terminal.js'
import { runReportText, writeReports } from '../../../reporter/write-reports.js'
import { type SeenHostOptions, seenHostOptions } from '../../../results/write-results.js'
import { neutralizeControl as safe } from '../../../secrets/index.js'
import { PROVIDED_KEY } from '../plugin/provided.js'

/**
 * Reports scenario tests: a block per scenario in the terminal and a summary line, the JSON
 * report of the run (`test-results/results.json` unless `json` says otherwise), and when asked a
 * Markdown report (also appended to `GITHUB_STEP_SUMMARY` when that is set) and a self-contained
 * HTML report with each graph drawn and the path taken highlighted.
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

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> | undefined {
    const skipped: SkippedEntry[] = []
    const entries = collectEntries(testModules, skipped)
    const testsRan = testModules.some(hasTests)
    const { written, failures } = this.writeReports(entries, testsRan)
    const logger = this.#vitest?.logger
    const text = runReportText(
      entries,
      written,
      colors(colorsEnabled(logger?.outputStream as { isTTY?: boolean } | undefined, process.env)),
    )
    if (text !== '') {
      if (logger === undefined) console.log(text)
      else logger.log(text)
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
    if (this.options.github === undefined || this.options.github === false) return undefined
    // Vitest waits for the promise before it ends the run, so the review is posted before exit.
    const root = this.#vitest?.config.root ?? process.cwd()
    const shard = this.#vitest?.config.shard
    return reviewAfterRun({
      option: this.options.github,
      root,
      json: this.options.json,
      wrote: (file) => written.includes(relative(root, file) || file),
      shard: shard === undefined ? undefined : `${shard.index}/${shard.count}`,
      print: (line) => (logger === undefined ? console.log(safe(line)) : logger.log(safe(line))),
      printError: (message) =>
        logger === undefined ? console.error(safe(message)) : logger.error(safe(message)),
    })
  }

  /**
   * Writes the reports the options ask for. Returns their paths relative to the root, and the
   * reports that could not be written (each a `ReportWriteError` naming the file and the fix);
   * one failing report never keeps the others from being written.
   */
  writeReports(
    entries: readonly ScenarioEntry[],
    testsRan = entries.length > 0,
  ): {
    written: string[]
    failures: ReportWriteError[]
  } {
    const root = this.#vitest?.config.root ?? process.cwd()
    return writeReports(entries, this.options, root, VITEST_REPORTER_HOST, {
      host: 'vitest',
      options: providedOptions(this.#vitest),
      merged: mergesReports(this.#vitest),
      testsRan,
    })
  }
}

/** Whether a test module holds any test (the JSON report is written when one ran). */
function hasTests(module: TestModule): boolean {
  for (const _ of module.children.allTests()) return true
  return false
}

/**
 * Whether Vitest runs `--merge-reports` (its config names the blobs' folder; the command line says
 * so too, should a later Vitest resolve the option elsewhere): the tests ran in the shards, and
 * the command of this process only replays their blobs.
 */
function mergesReports(vitest: Vitest | undefined): boolean {
  const folder = (vitest?.config as { mergeReports?: unknown } | undefined)?.mergeReports
  if ((typeof folder === 'string' && folder !== '') || folder === true) return true
  return process.argv.some((arg) => arg === '--merge-reports' || arg.startsWith('--merge-reports='))
}

/**
 * The plugin's options as it provided them to the workers (the first project that has them):
 * the JSON report takes `recordings.dir`, `failOn` and the candidates' `fork` from them. None
 * without the plugin, or from a Vitest whose projects cannot say.
 */
function providedOptions(vitest: Vitest | undefined): SeenHostOptions | undefined {
  for (const project of vitest?.projects ?? []) {
    try {
      const seen = seenHostOptions(project.getProvidedContext()[PROVIDED_KEY])
      if (seen !== undefined) return seen
    } catch {
      // A project whose context cannot be read is one without the plugin's options.
    }
  }
  return undefined
}
