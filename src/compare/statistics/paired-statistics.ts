// The paired comparison of pass rates a comparison reports per test (over its sample pairs) and
// for the whole suite (over every comparable pair): the difference with its interval, the exact
// McNemar p-value and what they conclude.
import type { PairedStatistics, PairedVerdict } from '../comparison.js'
import { mcnemarExact } from './mcnemar.js'
import { pairedDifferenceInterval } from './paired-interval.js'

/** The significance level below which a paired comparison concludes `better` or `worse`. */
export const SIGNIFICANCE = 0.05

/** One sample pair's two verdicts. */
export interface PairedVerdicts {
  baseline: boolean
  candidate: boolean
}

/**
 * The paired statistics of `pairs`: the 95 % (or `confidence`) Newcombe interval of candidate −
 * baseline pass rate and the exact McNemar p-value; `better` / `worse` when p < 0.05.
 *
 * @example
 * pairedStatistics([{ baseline: true, candidate: false }, { baseline: true, candidate: true }])
 * // { n: 2, lost: 1, gained: 0, difference: -0.5, pValue: 1, verdict: 'no evidence', … }
 */
export function pairedStatistics(
  pairs: readonly PairedVerdicts[],
  confidence = 0.95,
): PairedStatistics {
  let bothPass = 0
  let gained = 0
  let lost = 0
  let bothFail = 0
  for (const pair of pairs) {
    if (pair.baseline && pair.candidate) bothPass++
    else if (pair.candidate) gained++
    else if (pair.baseline) lost++
    else bothFail++
  }
  const interval = pairedDifferenceInterval({ bothPass, gained, lost, bothFail }, confidence)
  const pValue = mcnemarExact(lost, gained)
  return {
    n: pairs.length,
    baselinePasses: bothPass + lost,
    candidatePasses: bothPass + gained,
    lost,
    gained,
    difference: interval.difference,
    interval: { low: interval.low, high: interval.high, confidence },
    pValue,
    verdict: verdictOf(pValue, gained - lost),
  }
}

function verdictOf(pValue: number, direction: number): PairedVerdict {
  if (pValue >= SIGNIFICANCE || direction === 0) return 'no evidence'
  return direction > 0 ? 'better' : 'worse'
}
