// vitest-scenario/node-test/reporter — the scenario reporter for node:test: the terminal summary
// and the Markdown/HTML reports of the other hosts, from the records the test files' processes
// leave in the run's results folder (node:test gives a reporter events, no data of a test's own).
import { statSync } from 'node:fs'
import { Transform, type TransformCallback } from 'node:stream'
import { reviewAfterRun } from '../../github/after-run-review.js'
import { openRecords, recordsReport } from '../../host.js'
import {
  checkNodeReporterOptions,
  type ReporterHost,
  type ScenarioReporterOptions,
} from '../../reporter/reporter-options.js'
import type { FailOnGates } from '../../results/results-report.js'

/** The variable naming the run's results folder, for the test files' processes. */
export const RESULTS_ENV = 'VITEST_SCENARIO_NODE_TEST_RESULTS'

/**
 * Options of the node:test scenario reporter: report paths, relative to the working directory,
 * and `failOn`, the gates `vitest-scenario compare` reads from the run's JSON report.
 */
export type NodeScenarioReporterOptions = ScenarioReporterOptions & {
  /** The gates `vitest-scenario compare` checks, written into the JSON report. */
  failOn?: FailOnGates | undefined
}

/** A reporter class, as `--test-reporter` takes one: node:test constructs it. */
export type NodeScenarioReporter = new () => Transform

const HOST: ReporterHost = {
  where: 'scenarioReporter(options)',
  root: 'the working directory',
  configFile: 'your reporter module',
  fix: "Fix them in your reporter module: export default scenarioReporter({ markdown: 'test-results/scenarios.md' }).",
}

/**
 * A node:test reporter that prints each scenario and a summary when the run ends, and writes the
 * JSON report of the run and the reports `options` ask for (paths relative to the working
 * directory; the Markdown report also to `GITHUB_STEP_SUMMARY` when set). List it beside your usual reporter, each with a destination.
 *
 * @example
 * // scenario-reporter.js; run: node --test --test-reporter=spec --test-reporter-destination=stdout
 * //   --test-reporter=./scenario-reporter.js --test-reporter-destination=stdout
 * import { scenarioReporter } from 'vitest-scenario/node-test/reporter'
 * export default scenarioReporter({ markdown: 'test-results/scenarios.md', failOn: { regressed: 0 } })
 */
export function scenarioReporter(options?: NodeScenarioReporterOptions): NodeScenarioReporter {
  const { failOn, ...checked } = checkNodeReporterOptions(options, HOST)
  return class extends Transform {
    // Made when node:test constructs its reporters, before it starts the test files' processes.
    readonly #records = openRecords(RESULTS_ENV)
    readonly #started = Date.now()
    #testsRan = false
    constructor() {
      super({ writableObjectMode: true })
    }
    override _transform(event: unknown, _encoding: string, done: TransformCallback): void {
      const type = (event as { type?: unknown } | null)?.type
      if (type === 'test:pass' || type === 'test:fail') this.#testsRan = true
      done()
    }
    override _flush(done: TransformCallback): void {
      const text = recordsReport(this.#records, checked, process.cwd(), HOST, {
        host: 'node-test',
        options: failOn === undefined ? undefined : { failOn },
        testsRan: this.#testsRan,
      })
      if (checked.github === undefined || checked.github === false) {
        done(null, text)
        return
      }
      // The review's lines follow the reports' text on the reporter's destination.
      const lines: string[] = []
      void reviewAfterRun({
        option: checked.github,
        root: process.cwd(),
        json: checked.json,
        wrote: (file) => modifiedSince(file, this.#started),
        shard: testShard(process.execArgv),
        print: (line) => lines.push(line),
        printError: (message) => lines.push(message),
      }).then(() => done(null, `${text}${lines.map((line) => `${line}\n`).join('')}`))
    }
  }
}

/** The reporter with no report files: `--test-reporter=vitest-scenario/node-test/reporter`. */
export default scenarioReporter()

/** Whether `file` was written at or after `since` (ms): by this run's report, not an older one. */
function modifiedSince(file: string, since: number): boolean {
  try {
    return statSync(file).mtimeMs >= since - 1_000
  } catch {
    return false
  }
}

/** `i/n` of `--test-shard=i/n` (or `--test-shard i/n`) among Node's flags, when given. */
function testShard(execArgv: readonly string[]): string | undefined {
  for (const [i, arg] of execArgv.entries()) {
    if (arg.startsWith('--test-shard=')) return arg.slice('--test-shard='.length)
    if (arg === '--test-shard') return execArgv[i + 1]
  }
  return undefined
}
