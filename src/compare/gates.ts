// The `failOn` gates, checked against a comparison: each says what it allows and what it found.
import type { FailOnGates } from '../results/results-report.js'
import type { Comparison, GateResult } from './comparison.js'

/**
 * Checks `failOn` against the comparison's counts, verdicts and cost change. A `costIncrease`
 * gate fails when the cost is unknown: without prices there is nothing to hold it to.
 *
 * @example
 * checkGates({ regressed: 0 }, comparison) // { results: [{ gate: 'regressed', passed: false, … }], failed: true }
 */
export function checkGates(
  failOn: FailOnGates | undefined,
  comparison: Pick<Comparison, 'counts' | 'statistics' | 'tests' | 'totals'>,
): Comparison['gates'] {
  const results: GateResult[] = []
  if (failOn?.regressed !== undefined) {
    const limit = failOn.regressed
    const actual = comparison.counts.regressed
    results.push({
      gate: 'regressed',
      limit,
      actual,
      passed: actual <= limit,
      message: `${actual} ${actual === 1 ? 'test' : 'tests'} regressed; failOn.regressed allows ${limit}`,
    })
  }
  if (failOn?.worse === true) {
    const worse = worseTests(comparison)
    results.push({
      gate: 'worse',
      limit: true,
      actual: worse.length > 0,
      passed: worse.length === 0,
      message:
        worse.length === 0
          ? 'no paired comparison says worse (failOn.worse)'
          : `the paired comparison says worse for ${worse.join(', ')} (failOn.worse)`,
    })
  }
  if (failOn?.costIncrease !== undefined) results.push(costGate(failOn.costIncrease, comparison))
  return { results, failed: results.some((result) => !result.passed) }
}

function worseTests(comparison: Pick<Comparison, 'statistics' | 'tests'>): string[] {
  const worse: string[] = []
  if (comparison.statistics?.verdict === 'worse') worse.push('the suite')
  for (const test of comparison.tests) {
    if (test.statistics?.verdict === 'worse') worse.push(`'${test.test}'`)
  }
  return worse
}

function costGate(limit: number, comparison: Pick<Comparison, 'totals'>): GateResult {
  const { totals } = comparison
  const change = totals.costChange
  if (change === undefined) {
    const why =
      totals.baseline.cost === undefined || totals.candidate.cost === undefined
        ? "the cost is unknown: set `prices` for every model of both runs (plugin option, or the candidate's `prices`) so the increase can be measured"
        : 'the baseline cost nothing, so an increase cannot be measured in %'
    return {
      gate: 'costIncrease',
      limit,
      actual: null,
      passed: false,
      message: `[vitest-scenario] failOn.costIncrease (${limit} %) cannot be checked: ${why}`,
    }
  }
  return {
    gate: 'costIncrease',
    limit,
    actual: change,
    passed: change <= limit,
    message: `cost ${change >= 0 ? '+' : ''}${change.toFixed(1)} %; failOn.costIncrease allows +${limit} %`,
  }
}
