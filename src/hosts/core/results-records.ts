// How a scenario test's report data reaches a reporter that runs in another process and gets no
// data of a test's own from its runner (node:test's reporters get events only). The reporter
// makes a folder and names it in an environment variable before the runner starts the test
// processes (they inherit it); each finished scenario test appends one JSON line there, and the
// reporter reads them all when the run ends. Without a reporter the variable is unset and nothing
// is written.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import {
  collectEntries,
  type SkippedEntry,
  type TestCaseLike,
} from '../../reporter/collect-entries.js'
import type { ReporterHost, ScenarioReporterOptions } from '../../reporter/reporter-options.js'
import { skippedWarnings } from '../../reporter/skipped-warnings.js'
import { colors } from '../../reporter/terminal.js'
import { type ReportedRun, runReportText, writeReports } from '../../reporter/write-reports.js'
import { neutralizeControl as safe } from '../../secrets/index.js'
import type { HostTestOutcome } from './run-host-test.js'

/** What a finished scenario test writes for the reporter: one JSON line. */
export interface ScenarioRecord {
  /** The test's full name, as the reports show it. */
  test: string
  /** The test file, relative to the reports' root. */
  file: string
  state: 'passed' | 'failed'
  /** The messages the test failed with. */
  errors: string[]
  durationMs: number
  /** The scenario's report data (`scenarioMeta()`), redacted and masked in the test's process. */
  scenario: unknown
  /** The test's recording summary, when recordings were on. */
  recording?: unknown
}

/** Appends a finished scenario test's record when a reporter asked for them (`env` is set). */
export function appendRecord(env: string, record: ScenarioRecord): void {
  const dir = process.env[env]
  // One file per process, so no two processes append to one file.
  if (dir !== undefined && dir !== '') {
    appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(record)}\n`)
  }
}

/** What a host knows of a finished scenario test, for `appendFinishedTest`: its outcome and more. */
export interface FinishedTest extends HostTestOutcome {
  /** The test's full name. */
  name: string
  /** The test file's absolute path. */
  file: string
  /** The reports' root: the file is shown relative to it. */
  root: string
  /** `performance.now()` when the test started. */
  started: number
  /** The test's meta (`scenarioMeta()`), when its scenario ran; no record without it. */
  meta: unknown
}

/** Appends the record of a finished scenario test (one that built meta) for the reporter. */
export function appendFinishedTest(env: string, test: FinishedTest): void {
  if (test.meta === undefined) return
  const { error, failed } = test
  appendRecord(env, {
    test: test.name,
    file: relative(test.root, test.file),
    state: failed ? 'failed' : 'passed',
    errors: failed ? [error instanceof Error ? error.message : String(error)] : [],
    durationMs: performance.now() - test.started,
    scenario: test.meta,
    recording: test.summary,
  })
}

/** A reporter's results folder: the records written there, and its removal. */
export interface RecordsFolder {
  /** The records as the tests the reports collect (file by file), and how many lines were unreadable. */
  read(): { tests: TestCaseLike[]; bad: number }
  /** Removes the folder (also done when the process exits). */
  close(): void
}

/** Makes the run's results folder and names it in `env`, for the test processes started after. */
export function openRecords(env: string): RecordsFolder {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-scenario-results-'))
  const close = () => {
    process.removeListener('exit', close)
    rmSync(dir, { recursive: true, force: true })
  }
  process.env[env] = dir
  process.once('exit', close)
  return { read: () => readRecords(dir), close }
}

function readRecords(dir: string): { tests: TestCaseLike[]; bad: number } {
  const tests: TestCaseLike[] = []
  let bad = 0
  for (const name of readdirSync(dir).sort()) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (line === '') continue
      try {
        tests.push(testCase(JSON.parse(line) as ScenarioRecord))
      } catch {
        bad += 1
      }
    }
  }
  // File by file (stable: a file's tests keep their order); processes finish in any order.
  const file = (test: TestCaseLike) => test.module.relativeModuleId
  tests.sort((a, b) => (file(a) < file(b) ? -1 : file(a) > file(b) ? 1 : 0))
  return { tests, bad }
}

function testCase(record: ScenarioRecord): TestCaseLike {
  if (typeof record.test !== 'string' || !Array.isArray(record.errors)) {
    throw new Error('not a scenario record')
  }
  return {
    fullName: record.test,
    module: { relativeModuleId: String(record.file) },
    project: { name: '' },
    // A record without scenario data is malformed, not "not a scenario": the collector says so.
    meta: () => ({ scenario: record.scenario ?? null, recording: record.recording }),
    result: () => ({ state: record.state, errors: record.errors.map((message) => ({ message })) }),
    diagnostic: () => ({ duration: record.durationMs }),
  }
}

/**
 * What a records reporter prints when the run ends: the scenarios and summary (the reports
 * `options` ask for written first, paths relative to `root`; `run` says for the JSON report which
 * host ran, with what options, and whether any test ran), then its warnings. Never throws: a
 * report is no test, so what goes wrong is said in the text.
 */
export function recordsReport(
  records: RecordsFolder,
  options: ScenarioReporterOptions,
  root: string,
  host: ReporterHost,
  run: Partial<ReportedRun> = {},
): string {
  try {
    const { tests, bad } = records.read()
    const skipped: SkippedEntry[] = []
    const entries = collectEntries([{ children: { allTests: () => tests } }], skipped)
    const { written, failures } = writeReports(entries, options, root, host, {
      host: run.host ?? 'node-test',
      options: run.options,
      // A reporter that counted no test events may still have scenario records.
      testsRan: (run.testsRan ?? false) || tests.length > 0,
    })
    const lines = [runReportText(entries, written, colors(false))]
    lines.push(...skippedWarnings(skipped, 'Run the test again; if it persists, report it.'))
    if (bad > 0) lines.push(`[vitest-scenario] ${bad} scenario records could not be read.`)
    lines.push(...failures.map((failure) => failure.message))
    return `${lines.map((line) => safe(line)).join('\n')}\n`
  } catch (error) {
    return `[vitest-scenario] The scenario reports could not be made: ${safe(String(error))}\n`
  } finally {
    records.close()
  }
}
