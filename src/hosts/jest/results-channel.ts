// How a scenario test's data reaches the Jest reporter. Jest gives a reporter (main process) only
// each test's status, name and failure messages; there is no task meta as in Vitest. So the
// reporter makes a folder for the run and names it in an environment variable before Jest starts
// its workers (they inherit it); the Jest host in each worker appends one JSON line per finished
// scenario test to the file of its test file there, and the reporter reads that file when Jest
// reports the test file. Without the reporter the variable is unset and nothing is written.
import { createHash } from 'node:crypto'
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The variable naming the run's results folder (set by the reporter, read by the workers). */
export const RESULTS_DIR_ENV = 'VITEST_SCENARIO_JEST_RESULTS'

/** What the worker writes for one finished scenario test: one JSON line. */
export interface ScenarioTestRecord {
  /** The test's full name as Jest reports it (`describe` titles and the test's, space-joined). */
  test: string
  /** The scenario's report data (`scenarioMeta()`), redacted and masked in the worker. */
  scenario: unknown
  /** The test's recording summary (`RecordingSummary`), when recordings were on. */
  recording?: unknown
}

/**
 * The file in `dir` that holds the records of the test file `testPath`: one per test file, since
 * Jest runs a test file in one worker at a time.
 */
export function resultsFile(dir: string, testPath: string): string {
  return join(dir, `${createHash('sha256').update(testPath).digest('hex').slice(0, 32)}.jsonl`)
}

/**
 * Appends a finished scenario test's record for the reporter, when one asked for them
 * (`RESULTS_DIR_ENV` set); returns whether it was written.
 */
export function appendScenarioRecord(
  testPath: string,
  record: ScenarioTestRecord,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const dir = env[RESULTS_DIR_ENV]
  if (dir === undefined || dir === '') return false
  appendFileSync(resultsFile(dir, testPath), `${JSON.stringify(record)}\n`)
  return true
}

/** One line of a results file: a record, or what was wrong with the line. */
export type RecordLine =
  | { ok: true; record: ScenarioTestRecord }
  | { ok: false; line: number; problem: string }

/**
 * The records of test file `testPath` in `dir`, in the order its tests finished; none when the
 * file does not exist (no scenario test finished there). A line that is not a record is returned
 * as a problem, never thrown: one bad line does not take the others down.
 */
export function readScenarioRecords(dir: string, testPath: string): RecordLine[] {
  let text: string
  try {
    text = readFileSync(resultsFile(dir, testPath), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const lines: RecordLine[] = []
  text.split('\n').forEach((line, i) => {
    if (line === '') return
    try {
      const value: unknown = JSON.parse(line)
      if (
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { test?: unknown }).test === 'string'
      ) {
        lines.push({ ok: true, record: value as ScenarioTestRecord })
      } else {
        lines.push({ ok: false, line: i + 1, problem: 'not a record with a `test` name' })
      }
    } catch {
      lines.push({ ok: false, line: i + 1, problem: 'not JSON (a worker stopped mid-write?)' })
    }
  })
  return lines
}
