// What each side spent over the tests that could be compared, and how the candidate's cost and
// latency moved against the baseline's.
import { isComplete } from './compare-test.js'
import type { Comparison, SideRun, SideTotals, TestComparison } from './comparison.js'

/** Totals of both sides over the comparable tests' sample pairs, with the changes in %. */
export function totalsOf(tests: readonly TestComparison[]): Comparison['totals'] {
  const baseline = emptyTotals()
  const candidate = emptyTotals()
  for (const test of tests) {
    if (test.bucket === 'not-comparable') continue
    for (const pair of test.pairs) {
      if (!isComplete(pair)) continue
      add(baseline, pair.baseline)
      add(candidate, pair.candidate)
    }
  }
  const totals: Comparison['totals'] = { baseline, candidate }
  const costChange = changeOf(baseline.cost, candidate.cost)
  if (costChange !== undefined) totals.costChange = costChange
  const latencyChange = changeOf(baseline.latencyMs, candidate.latencyMs)
  if (latencyChange !== undefined) totals.latencyChange = latencyChange
  return totals
}

function emptyTotals(): SideTotals {
  return { tokens: 0, cost: 0, latencyMs: 0 }
}

function add(totals: SideTotals, run: SideRun): void {
  totals.tokens += run.tokens.total
  totals.latencyMs += run.latencyMs
  // One run without a price leaves the side's cost unknown: a partial sum would mislead.
  if (totals.cost !== undefined && run.cost !== undefined) totals.cost += run.cost
  else delete totals.cost
}

// after / before − 1, in %; none when either is unknown or the baseline is 0 (no ratio).
function changeOf(before: number | undefined, after: number | undefined): number | undefined {
  if (before === undefined || after === undefined) return undefined
  if (before === 0) return after === 0 ? 0 : undefined
  return (after / before - 1) * 100
}
