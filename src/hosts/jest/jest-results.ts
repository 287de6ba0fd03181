// Jest's results of one test file joined with the scenario records its worker wrote, as the test
// module the reports are collected from. The shapes below are the parts of Jest's `TestResult` /
// `AssertionResult` this file reads, written out (not imported from `@jest/test-result`, which a
// `jest` install need not let a user resolve) so a type moving between Jest packages breaks
// nothing and unit tests can pass plain objects.
import { relative, sep } from 'node:path'
import type { TestCaseLike, TestModuleLike } from '../../reporter/collect-entries.js'
import type { RecordLine, ScenarioTestRecord } from './results-channel.js'

/** The parts of one of Jest's `AssertionResult`s (a test) the reporter reads. */
export interface JestAssertionResultLike {
  /** `describe` titles and the test's title, space-joined. */
  readonly fullName: string
  /** `passed`, `failed`, `pending` (skipped), `todo`, `skipped`, `disabled`, `focused`. */
  readonly status: string
  readonly failureMessages?: readonly string[] | null | undefined
  /** Milliseconds, when Jest measured it. */
  readonly duration?: number | null | undefined
  /** How many times the test ran (more than 1 with `jest.retryTimes`). */
  readonly invocations?: number | undefined
}

/** The parts of one of Jest's `TestResult`s (a test file) the reporter reads. */
export interface JestTestFileResultLike {
  /** The test file's absolute path. */
  readonly testFilePath: string
  readonly testResults: readonly JestAssertionResultLike[]
  /** The Jest project's `displayName`, when it has one. */
  readonly displayName?: { readonly name: string } | string | undefined
}

/** A scenario record that matched no test that ran in its file, or a line that is no record. */
export type UnmatchedRecord =
  | { kind: 'test'; test: string; reason: 'no test' | 'not run' }
  | { kind: 'line'; line: number; problem: string }

/** A test file as the reporter collects it, and what of its records could not be used. */
export interface JestTestModule {
  /** The test file relative to Jest's `rootDir`, with `/` separators. */
  file: string
  module: TestModuleLike
  unmatched: UnmatchedRecord[]
}

/** Jest's statuses as the reports know them: a test that did not run counts as skipped. */
const STATES: Readonly<Record<string, string>> = {
  passed: 'passed',
  failed: 'failed',
  pending: 'skipped',
  skipped: 'skipped',
  todo: 'skipped',
  disabled: 'skipped',
}

/**
 * A Jest status as the reports' states: a test that did not run is skipped (records come only
 * from tests that ran, so this is for a status a later Jest gives them); an unknown status is
 * passed on, and shown as pending.
 */
export function jestState(status: string): string {
  return STATES[status] ?? status
}

/** Only a test that ran can have written a record. */
const ran = (assertion: JestAssertionResultLike) =>
  assertion.status === 'passed' || assertion.status === 'failed'

/**
 * The test file `result` as a test module holding its scenario tests: each record is paired with
 * the test of its name that ran (in order, when `.each` gives several tests one name); a test
 * retried with `jest.retryTimes` wrote a record per attempt, and its last one is the test's.
 * Records and lines that match no test that ran come back in `unmatched`.
 */
export function jestTestModule(
  result: JestTestFileResultLike,
  lines: readonly RecordLine[],
  rootDir: string,
): JestTestModule {
  const file = relative(rootDir, result.testFilePath).split(sep).join('/') || result.testFilePath
  const project = projectName(result.displayName)
  const unmatched: UnmatchedRecord[] = []
  const written: ScenarioTestRecord[] = []
  for (const line of lines) {
    if (line.ok) written.push(line.record)
    else unmatched.push({ kind: 'line', line: line.line, problem: line.problem })
  }
  // Each test at its index among the file's tests: the reports list them in the file's order,
  // whatever order the records were written in.
  const index = new Map(result.testResults.map((assertion, i) => [assertion, i]))
  const named = groupBy(result.testResults, (assertion) => assertion.fullName)
  const tests: { at: number; test: TestCaseLike }[] = []
  for (const [name, records] of groupBy(written, (record) => record.test)) {
    const same = named.get(name) ?? []
    const runs = same.filter(ran)
    if (runs.length === 0) {
      unmatched.push({
        kind: 'test',
        test: name,
        reason: same.length === 0 ? 'no test' : 'not run',
      })
      continue
    }
    pair(runs, records).forEach((record, i) => {
      const assertion = runs[i]
      if (assertion === undefined || record === undefined) return
      tests.push({
        at: index.get(assertion) ?? 0,
        test: testCase(assertion, record, file, project),
      })
    })
  }
  const cases = tests.sort((a, b) => a.at - b.at).map(({ test }) => test)
  return { file, module: { children: { allTests: () => cases } }, unmatched }
}

/**
 * The record of each test that ran, by position. When the attempts Jest counted add up to the
 * records, each test takes the last record of its attempts; else, with more records than tests
 * (retries Jest did not count), the last ones; else the records in order.
 */
function pair(
  runs: readonly JestAssertionResultLike[],
  records: readonly ScenarioTestRecord[],
): (ScenarioTestRecord | undefined)[] {
  const attempts = runs.map((assertion) => Math.max(1, assertion.invocations ?? 1))
  if (attempts.reduce((sum, n) => sum + n, 0) === records.length) {
    let at = 0
    return attempts.map((n) => {
      at += n
      return records[at - 1]
    })
  }
  const skip = Math.max(0, records.length - runs.length)
  return runs.map((_, i) => records[skip + i])
}

function testCase(
  assertion: JestAssertionResultLike,
  record: ScenarioTestRecord,
  file: string,
  project: string,
): TestCaseLike {
  return {
    fullName: record.test,
    module: { relativeModuleId: file },
    project: { name: project },
    // A record without scenario data is malformed, not "not a scenario": null makes the
    // collector report it instead of leaving it out silently.
    meta: () => ({ scenario: record.scenario ?? null, recording: record.recording }),
    result: () => ({
      state: jestState(assertion.status),
      errors: (assertion.failureMessages ?? []).map((message) => ({
        message: failureHeadline(message),
      })),
    }),
    diagnostic: () =>
      typeof assertion.duration === 'number' ? { duration: assertion.duration } : undefined,
  }
}

/** The items by key, each list in the items' order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const list = groups.get(key(item))
    if (list === undefined) groups.set(key(item), [item])
    else list.push(item)
  }
  return groups
}

function projectName(displayName: JestTestFileResultLike['displayName']): string {
  if (typeof displayName === 'string') return displayName
  return typeof displayName?.name === 'string' ? displayName.name : ''
}

/**
 * A Jest failure message without its colours and stack: Jest sends the error's whole stack (and
 * ANSI codes from its matchers), where Vitest's reporter API gives the message alone.
 */
export function failureHeadline(message: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching ESC is the point
  const plain = String(message).replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
  const lines = plain.split('\n')
  const stack = lines.findIndex((line) => /^\s+at\s/.test(line))
  return (stack === -1 ? lines : lines.slice(0, stack)).join('\n').trimEnd()
}
