// Reading a JSON report back (`compare`, a merge of shards): a file written by another version,
// by hand or half-way is refused with what is wrong and where, never read as something it is not.
import { readFileSync } from 'node:fs'
import type { z } from 'zod'
import { InvalidArgumentError } from '../errors/index.js'
import { describe } from '../hosts/core/meta/meta-fields.js'
import { describeValue } from '../internal/describe-value.js'
import { RESULTS_KIND, RESULTS_VERSION, type ResultsReport } from './results-report.js'
import { resultsReportSchema, resultsTestSchema } from './results-schema.js'

/** A results report read, or why it could not be (an `InvalidArgumentError` naming the file). */
export type ResultsReadResult =
  | { ok: true; report: ResultsReport }
  | { ok: false; error: InvalidArgumentError }

/** How many bad tests a message lists; the rest are counted. */
const MAX_LISTED = 10

const FIX =
  'Point it at a results.json a scenario reporter wrote (test-results/results.json by default), or run the tests again to write a new one.'

/**
 * Reads the JSON report at `path`, returning what is wrong as data: no file, not JSON, not a
 * results report, another version, or tests that do not fit (each listed with its problem).
 *
 * @example
 * const read = tryReadResultsReport('test-results/results.json')
 * if (!read.ok) console.error(read.error.message)
 */
export function tryReadResultsReport(path: string): ResultsReadResult {
  if (typeof path !== 'string' || path.trim() === '') {
    return {
      ok: false,
      error: new InvalidArgumentError(
        `readResultsReport(path) needs the path of a results.json, got ${describeValue(path)}`,
        "Pass a file path, e.g. readResultsReport('test-results/results.json').",
      ),
    }
  }
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    return failure(
      path,
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : `it could not be read (${error instanceof Error ? error.message : String(error)})`,
      code === 'ENOENT'
        ? 'Run the tests with a scenario reporter first (it writes test-results/results.json), or give the path of a results.json that exists.'
        : FIX,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return failure(path, `it is not JSON (${(error as Error).message})`, FIX)
  }
  return parseResultsReport(value, path)
}

/**
 * Reads the JSON report at `path`; throws an `InvalidArgumentError` naming the file and what is
 * wrong with it.
 *
 * @example
 * const report = readResultsReport('test-results/results.json')
 * report.tests.filter((test) => test.state === 'failed')
 */
export function readResultsReport(path: string): ResultsReport {
  const read = tryReadResultsReport(path)
  if (!read.ok) throw read.error
  return read.report
}

/**
 * Checks parsed JSON as a results report; `file` names it in the error. Kind and version are
 * checked first, then each test on its own, so every bad test is listed, not only the first.
 *
 * @example
 * parseResultsReport(JSON.parse(text), 'baseline/results.json')
 */
export function parseResultsReport(value: unknown, file: string): ResultsReadResult {
  const name = typeof file === 'string' ? file : describeValue(file)
  try {
    return parsed(value, name)
  } catch (error) {
    // A value JSON.parse never makes (a Proxy that throws, an array nested past the stack):
    // said as what it is, never passed through as the library's own failure.
    const reason = error instanceof Error ? error.message : describeValue(error)
    return failure(name, `it could not be read as a results report (${reason})`, FIX)
  }
}

function parsed(value: unknown, file: string): ResultsReadResult {
  const top = value as { kind?: unknown; version?: unknown; tests?: unknown } | null
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return failure(file, `it holds ${describe(value)}, not a results report object`, FIX)
  }
  if (top?.kind !== RESULTS_KIND) {
    return failure(
      file,
      `it is not a vitest-scenario results report (its kind is ${describe(top?.kind)}, not '${RESULTS_KIND}')`,
      FIX,
    )
  }
  if (top.version !== RESULTS_VERSION) {
    return failure(
      file,
      `it is version ${describe(top.version)}; this vitest-scenario reads version ${RESULTS_VERSION}`,
      'Write it again with the same vitest-scenario version as the one reading it: run the tests again.',
    )
  }
  if (Array.isArray(top.tests)) {
    const bad = top.tests.flatMap((test: unknown, i) => {
      const read = resultsTestSchema.safeParse(test)
      return read.success ? [] : [`tests.${i}${nameOf(test)}: ${firstIssue(read.error)}`]
    })
    if (bad.length > 0) {
      const listed = bad.slice(0, MAX_LISTED)
      if (bad.length > MAX_LISTED) listed.push(`and ${bad.length - MAX_LISTED} more`)
      return failure(
        file,
        `${bad.length} of its ${top.tests.length} tests do not fit the report's shape`,
        FIX,
        listed,
      )
    }
  }
  const read = resultsReportSchema.safeParse(value)
  if (!read.success) {
    return failure(file, "it does not fit the report's shape", FIX, issues(read.error))
  }
  return { ok: true, report: read.data }
}

function failure(
  file: string,
  what: string,
  fix: string,
  details: readonly string[] = [],
): ResultsReadResult {
  return {
    ok: false,
    error: new InvalidArgumentError(`The results report cannot be read: ${what}`, fix, [
      `file: ${file}`,
      ...details,
    ]),
  }
}

/** ` (name)` of a test entry that has a string name, for the message. */
function nameOf(test: unknown): string {
  const name = (test as { test?: unknown } | null)?.test
  return typeof name === 'string' ? ` (${JSON.stringify(name.slice(0, 120))})` : ''
}

function firstIssue(error: z.ZodError): string {
  return issues(error)[0] ?? 'does not fit'
}

function issues(error: z.ZodError): string[] {
  return error.issues
    .slice(0, MAX_LISTED)
    .map((issue) => `${issue.path.join('.') || '(the report)'}: ${issue.message}`)
}
