// Shorthands of the comparison tests: compare two lists of entries, or one test against itself.
import { compareReports } from '../../../src/compare/compare-reports.js'
import type { Comparison, TestComparison } from '../../../src/compare/comparison.js'
import type { ScenarioEntry } from '../../../src/reporter/scenario-entry.js'
import type { FailOnGates } from '../../../src/results/results-report.js'
import { type RunFacts, reportOf, runOf, testOf } from './report-builder.js'

/** The sources every comparison of these tests names. */
export const SOURCES = { baselineSource: 'base.json', candidateSource: 'cand.json' }

/** The comparison of two reports holding `baseline` and `candidate`. */
export function compare(
  baseline: ScenarioEntry[],
  candidate: ScenarioEntry[],
  failOn?: FailOnGates,
): Comparison {
  return compareReports(reportOf(baseline), reportOf(candidate), { ...SOURCES, failOn })
}

/** The one test of a comparison of `before` against `after`. */
export function one(before: ScenarioEntry, after: ScenarioEntry): TestComparison {
  const [only] = compare([before], [after]).tests
  if (only === undefined) throw new Error('no test compared')
  return only
}

/** A sampled test with one run per entry of `facts`. */
export const samples = (facts: RunFacts[]): ScenarioEntry =>
  testOf({ runs: facts.map((f) => runOf(f)) })

/** `n` copies of `facts`. */
export const times = (n: number, facts: RunFacts): RunFacts[] =>
  Array.from({ length: n }, () => facts)
