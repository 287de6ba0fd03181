// vitest-scenario/jest/reporter — the scenario reporter for Jest 30: the Vitest reporter's
// terminal summary and Markdown/HTML reports, drawn from the records Jest's workers write (Jest
// gives a reporter no task meta; see results-channel.ts). It runs in Jest's main process, outside
// any test environment, so it imports nothing from `@jest/globals` (which throws there), nothing
// from Vitest, and no Jest package's types: the shapes it reads are written out in jest-results.ts.
import { relative } from 'node:path'
import { reviewAfterRun } from '../../github/after-run-review.js'
import { collectEntries, type SkippedEntry } from '../../reporter/collect-entries.js'
import {
  checkReporterOptions,
  type ReporterHost,
  type ScenarioReporterOptions,
} from '../../reporter/reporter-options.js'
import { skippedWarnings } from '../../reporter/skipped-warnings.js'
import { colors, colorsEnabled } from '../../reporter/terminal.js'
import { runReportText, writeReports } from '../../reporter/write-reports.js'
import { type SeenHostOptions, seenHostOptions } from '../../results/write-results.js'
import { neutralizeControl as safe } from '../../secrets/index.js'
import { reportMask } from '../core/meta/meta-text.js'
import { type JestTestFileResultLike, type JestTestModule, jestTestModule } from './jest-results.js'
import { JEST_GLOBALS_KEY } from './options.js'
import {
  JEST_DATA_FIX,
  noFolderWarning,
  reporterFailure,
  unmatchedWarning,
  unreadableWarning,
} from './record-warnings.js'
import { type RecordLine, readScenarioRecords } from './results-channel.js'
import { openResultsFolder, type ResultsFolder } from './results-folder.js'

export type { JestAssertionResultLike, JestTestFileResultLike } from './jest-results.js'

/** The parts of Jest's `GlobalConfig` the reporter reads. */
export interface JestGlobalConfigLike {
  /** What report paths are relative to. */
  readonly rootDir: string
  /** `--shard=i/n`, when given. */
  readonly shard?: { readonly shardIndex: number; readonly shardCount: number } | null | undefined
}

/** Options of the Jest scenario reporter: report paths, relative to Jest's `rootDir`. */
export type JestScenarioReporterOptions = ScenarioReporterOptions

const JEST_REPORTER_HOST: ReporterHost = {
  where: 'new JestScenarioReporter(globalConfig, options)',
  root: "Jest's rootDir",
  configFile: 'jest.config.js',
  fix: "Fix them in jest.config.js: reporters: ['default', ['vitest-scenario/jest/reporter', { markdown: 'test-results/scenarios.md' }]].",
}

/**
 * Reports scenario tests run by Jest: a block per scenario and a summary line on stderr (where
 * Jest's own reporters write; it comes before Jest's closing summary, which Jest always prints
 * last), the JSON report of the run (`test-results/results.json` unless `json` says otherwise),
 * and when asked a Markdown report (also appended to `GITHUB_STEP_SUMMARY` when set) and a
 * self-contained HTML report. Paths are relative to Jest's `rootDir`. Nothing it meets fails the
 * run: unusable data and unwritable reports are `[vitest-scenario]` messages on stderr.
 *
 * Under `--shard=i/n`, Jest has no step that merges shards: each shard's process reports the
 * scenarios it ran, to the paths its options give, and names its shard where it lists the reports
 * written. Shards that share a folder should each get their own paths, e.g. from an environment
 * variable read in jest.config.js.
 *
 * @example
 * // jest.config.js
 * export default {
 *   reporters: ['default', ['vitest-scenario/jest/reporter', { html: 'test-results/scenarios.html' }]],
 * }
 */
export class JestScenarioReporter {
  /** The checked options. */
  readonly options: JestScenarioReporterOptions
  readonly #rootDir: string
  readonly #shard: string | undefined
  readonly #folder: ResultsFolder
  readonly #modules: JestTestModule[] = []
  readonly #warnings: string[] = []
  #filesRan = 0

  /**
   * Called by Jest with its global config and the reporter's options (`_context` is Jest's
   * reporter context, unused). Makes the run's results folder before Jest starts its workers.
   */
  constructor(globalConfig: JestGlobalConfigLike, options?: unknown, _context?: unknown) {
    // Checked first: invalid options stop Jest before any folder is made.
    this.options = checkReporterOptions(options, JEST_REPORTER_HOST)
    const rootDir = (globalConfig as Partial<JestGlobalConfigLike> | undefined)?.rootDir
    this.#rootDir = typeof rootDir === 'string' && rootDir !== '' ? rootDir : process.cwd()
    const shard = globalConfig?.shard
    this.#shard =
      shard !== undefined && shard !== null && shard.shardCount > 1
        ? `${shard.shardIndex}/${shard.shardCount}`
        : undefined
    this.#folder = openResultsFolder()
  }

  /** Says, before any test runs, when the results folder could not be made. */
  onRunStart(): void {
    if (this.#folder.dir === undefined) write(noFolderWarning(this.#folder.error))
  }

  /** Reads the scenario records of a test file Jest has finished. */
  onTestFileResult(_test: unknown, result: JestTestFileResultLike, _aggregated?: unknown): void {
    this.#filesRan += 1
    const dir = this.#folder.dir
    if (dir === undefined) return
    const file = relative(this.#rootDir, String(result?.testFilePath))
    try {
      let lines: RecordLine[]
      try {
        lines = readScenarioRecords(dir, result.testFilePath)
      } catch (error) {
        this.#warnings.push(unreadableWarning(file, error))
        return
      }
      const module = jestTestModule(result, lines, this.#rootDir)
      if (module.unmatched.length > 0) {
        this.#warnings.push(unmatchedWarning(module.file, module.unmatched, reportMask()))
      }
      this.#modules.push(module)
    } catch (error) {
      // Whatever else is wrong with one file's results, the other files are still reported.
      this.#warnings.push(reporterFailure(error, file))
    }
  }

  /**
   * Writes the reports, prints the terminal report and warnings, and removes the folder; with
   * the `github` option, then posts the review (Jest waits for the promise).
   */
  onRunComplete(contexts?: unknown, _aggregated?: unknown): Promise<void> | undefined {
    let review: Promise<void> | undefined
    try {
      const skipped: SkippedEntry[] = []
      // In file order: workers finish files in whatever order they ran them.
      const modules = [...this.#modules].sort((a, b) =>
        a.file < b.file ? -1 : a.file > b.file ? 1 : 0,
      )
      const entries = collectEntries(
        modules.map(({ module }) => module),
        skipped,
      )
      const { written, failures } = writeReports(
        entries,
        this.options,
        this.#rootDir,
        JEST_REPORTER_HOST,
        { host: 'jest', options: globalsOptions(contexts), testsRan: this.#filesRan > 0 },
      )
      const label =
        this.#shard === undefined ? undefined : `Scenario reports of shard ${this.#shard}`
      const text = runReportText(
        entries,
        written,
        colors(colorsEnabled(process.stderr, process.env)),
        label,
      )
      if (text !== '') write(text)
      for (const warning of [...this.#warnings, ...skippedWarnings(skipped, JEST_DATA_FIX)]) {
        write(safe(warning))
      }
      for (const failure of failures) write(safe(failure.message))
      const github = this.options.github
      if (github !== undefined && github !== false) {
        const root = this.#rootDir
        review = reviewAfterRun({
          option: github,
          root,
          json: this.options.json,
          wrote: (file) => written.includes(relative(root, file) || file),
          shard: this.#shard,
          print: (line) => write(safe(line)),
          printError: (message) => write(safe(message)),
        })
      }
    } catch (error) {
      // A reporter that throws here fails Jest's whole run: said on stderr instead.
      write(safe(reporterFailure(error)))
    } finally {
      this.#folder.close()
    }
    return review
  }

  /** Jest fails a run on a reporter's last error: this one never has one (a report is no test). */
  getLastError(): undefined {
    return undefined
  }
}

export default JestScenarioReporter

/**
 * The options `withScenario` put in a project's `globals` (the first project that has them), from
 * the test contexts Jest hands `onRunComplete`: the JSON report takes `recordings.dir`, `failOn`
 * and the candidates' `fork` from them.
 */
function globalsOptions(contexts: unknown): SeenHostOptions | undefined {
  if (!(contexts instanceof Set)) return undefined
  for (const context of contexts) {
    const globals = (context as { config?: { globals?: Record<string, unknown> } } | null)?.config
      ?.globals
    const seen = seenHostOptions(globals?.[JEST_GLOBALS_KEY])
    if (seen !== undefined) return seen
  }
  return undefined
}

/** One message on stderr, where Jest's reporters write. */
function write(text: string): void {
  process.stderr.write(`${text}\n`)
}
