import { Buffer } from 'node:buffer'
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { ScenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import {
  MAX_OVERVIEW_ROWS,
  markdownReport,
  STEP_SUMMARY_LIMIT,
} from '../../src/reporter/markdown.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import type { ScenarioEntry } from '../../src/reporter/scenario-entry.js'
import { entry, sampleEntries } from '../reporter/sample-results.js'
import { resultsDir } from '../support/paths.js'
import { moduleOf, runReporter, testCase } from './support/report-harness.js'

// The promise: the GitHub step summary stays under GitHub's limit of 1 MiB per step, counted in
// bytes as GitHub counts it (a name in Greek or emoji takes 2 to 4 bytes a character), also after
// what the step wrote there before; and the overview table is bounded, failed scenarios first.
const bytes = (text: string) => Buffer.byteLength(text, 'utf8')
// 3 bytes a character in UTF-8, 1 character in a JavaScript string.
const WIDE = '€'

let meta: ScenarioMeta
let failedMeta: ScenarioMeta

beforeAll(async () => {
  const samples = await sampleEntries()
  meta = samples[0]?.scenario as ScenarioMeta
  failedMeta = samples[2]?.scenario as ScenarioMeta
})

afterEach(() => {
  vi.unstubAllEnvs()
})

/** `n` scenario entries with long multibyte names; those at the `failed` indices failed. */
function wideEntries(n: number, failed: (i: number) => boolean = () => false): ScenarioEntry[] {
  return Array.from({ length: n }, (_, i) =>
    entry(`${i} ${WIDE.repeat(300)}`, failed(i) ? failedMeta : meta, {
      state: failed(i) ? 'failed' : 'passed',
    }),
  )
}

describe('markdownReport with a size limit', () => {
  test('counts bytes, not characters: multibyte text never pushes it over the limit', () => {
    const entries = wideEntries(60)
    const summary = runSummary(entries)
    const full = markdownReport(entries, summary)
    // Characters would say it fits; bytes say it does not.
    const limit = Math.round(full.length * 0.9)
    expect(bytes(full)).toBeGreaterThan(limit)
    const limited = markdownReport(entries, summary, limit)
    expect(bytes(limited)).toBeLessThanOrEqual(limit)
    expect(limited).toMatch(/_\d+ more scenarios are in the table above only \(size limit\)/)
  })

  test(`the overview table has at most ${MAX_OVERVIEW_ROWS} rows, failed scenarios first, the rest counted`, () => {
    const n = MAX_OVERVIEW_ROWS + 150
    const entries = Array.from({ length: n }, (_, i) =>
      entry(`scenario ${i}`, i >= n - 3 ? failedMeta : meta, {
        state: i >= n - 3 ? 'failed' : 'passed',
      }),
    )
    const markdown = markdownReport(entries, runSummary(entries))
    const rows = markdown.split('\n').filter((l) => /^\| (✅|❌) \|/.test(l))
    expect(rows).toHaveLength(MAX_OVERVIEW_ROWS)
    // The three failed ones, although last, are listed (first).
    expect(rows.slice(0, 3).map((r) => r.split(' | ')[1])).toEqual([
      `scenario ${n - 3}`,
      `scenario ${n - 2}`,
      `scenario ${n - 1}`,
    ])
    expect(markdown).toContain(
      `_… and 150 more scenarios not in this table (it lists at most ${MAX_OVERVIEW_ROWS}; failed ones are listed first)._`,
    )
  })

  test('with little room, the table itself is cut to what fits, failed scenarios first', () => {
    const entries = wideEntries(200, (i) => i === 150)
    const limited = markdownReport(entries, runSummary(entries), 20_000)
    expect(bytes(limited)).toBeLessThanOrEqual(20_000)
    expect(limited).toContain(`| ❌ | 150 ${WIDE.repeat(300)}`)
    expect(limited).toMatch(
      /more scenarios not in this table \(size limit; failed ones are listed first\)/,
    )
  })
})

describe('the step summary file', () => {
  test('stays under the limit in bytes, counting what the step wrote there before', () => {
    const folder = join(resultsDir, 'reliability-reports')
    mkdirSync(folder, { recursive: true })
    const file = join(folder, 'step-summary-full.md')
    const earlier = `## Earlier output\n${'é'.repeat(150_000)}\n`
    writeFileSync(file, earlier)
    const tests = wideEntries(900).map((e) => testCase(e.test, { scenario: e.scenario }))
    const output = runReporter('step-summary-bytes', [moduleOf(...tests)], {
      stepSummary: file,
      reporter: {},
    })
    const size = statSync(file).size
    expect(size).toBeGreaterThan(bytes(earlier) + 100_000)
    expect(size).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT)
    expect(size).toBeLessThan(1024 * 1024)
    expect(readFileSync(file, 'utf8').startsWith(earlier)).toBe(true)
    expect(output.errors).toEqual([])
  })

  test('a step summary with no room left gets nothing, and the reporter says so on stderr', () => {
    const folder = join(resultsDir, 'reliability-reports')
    mkdirSync(folder, { recursive: true })
    const file = join(folder, 'step-summary-no-room.md')
    writeFileSync(file, 'x'.repeat(STEP_SUMMARY_LIMIT - 10))
    const output = runReporter(
      'step-summary-no-room',
      [moduleOf(testCase('one', { scenario: meta }))],
      {
        stepSummary: file,
        reporter: {},
      },
    )
    expect(statSync(file).size).toBe(STEP_SUMMARY_LIMIT - 10)
    expect(output.errors).toHaveLength(1)
    expect(output.errors[0]).toMatch(
      /^\[vitest-scenario\] Could not write the GitHub step summary \(it already holds 999990 bytes, no room is left under GitHub's 1 MiB limit\); the test results are unaffected\n {2}- file: .*step-summary-no-room\.md\n/,
    )
    // The terminal report is printed all the same.
    expect(output.terminal).toContain(' Scenarios  1 passed (1)')
  })
})
