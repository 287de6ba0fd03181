// Which bucket a comparable test lands in, and what flipped it. The rule is the one the guide
// states: with several sample pairs, samples that disagree on either side make a test `flaky`
// unless the paired comparison gives evidence either way; otherwise the verdicts flip or hold.

import { DETERMINISTIC_CHANGES } from './changes.js'
import type { Bucket, Change, FlipDriver, PairedStatistics, SamplePair } from './comparison.js'

/** A comparable test's bucket, with the driver of a flip and the reason of a `flaky` one. */
export interface Classification {
  bucket: Exclude<Bucket, 'not-comparable'>
  driver?: FlipDriver | undefined
  reason?: string | undefined
}

/** A sample pair with both sides present (the only ones a verdict can be drawn from). */
export type CompletePair = SamplePair & {
  baseline: NonNullable<SamplePair['baseline']>
  candidate: NonNullable<SamplePair['candidate']>
}

/**
 * Classifies a test from its complete sample pairs (at least one) and, with more than one, their
 * paired statistics.
 */
export function classify(
  pairs: readonly CompletePair[],
  statistics: PairedStatistics | undefined,
): Classification {
  const baselinePasses = pairs.filter((pair) => pair.baseline.passed).length
  const candidatePasses = pairs.filter((pair) => pair.candidate.passed).length
  const n = pairs.length
  const baselineMixed = baselinePasses > 0 && baselinePasses < n
  const candidateMixed = candidatePasses > 0 && candidatePasses < n
  if (statistics !== undefined && (baselineMixed || candidateMixed)) {
    if (statistics.verdict === 'better') return flip('fixed', pairs)
    if (statistics.verdict === 'worse') return flip('regressed', pairs)
    const sides = [
      baselineMixed ? `the baseline's (${baselinePasses} of ${n} passed)` : undefined,
      candidateMixed ? `the candidate's (${candidatePasses} of ${n} passed)` : undefined,
    ].filter((side) => side !== undefined)
    return {
      bucket: 'flaky',
      reason: `${sides.join(' and ')} samples disagree, and the paired comparison gives no evidence either way (p = ${formatP(statistics.pValue)})`,
    }
  }
  const baselinePassed = baselinePasses === n
  const candidatePassed = candidatePasses === n
  if (baselinePassed && candidatePassed) return { bucket: 'unchanged-pass' }
  if (!baselinePassed && !candidatePassed) return { bucket: 'unchanged-fail' }
  return flip(candidatePassed ? 'fixed' : 'regressed', pairs)
}

function flip(bucket: 'fixed' | 'regressed', pairs: readonly CompletePair[]): Classification {
  // The driver is read from the pairs that flipped the way the test did.
  const flipped = pairs.filter((pair) =>
    bucket === 'fixed'
      ? !pair.baseline.passed && pair.candidate.passed
      : pair.baseline.passed && !pair.candidate.passed,
  )
  return { bucket, driver: driverOf(flipped.map((pair) => pair.changes)) }
}

/**
 * `deterministic` when a flipped pair's status, route, verify verdict or non-judge outcome changed
 * — or nothing recorded changed but the verdict (the test body's own assertion) — else `judge`.
 */
export function driverOf(flippedChanges: readonly (readonly Change[])[]): FlipDriver {
  for (const changes of flippedChanges) {
    if (changes.some((change) => DETERMINISTIC_CHANGES.has(change.kind))) return 'deterministic'
    // Nothing a judge said changed either: the verdict moved on the test body's own assertion.
    if (!changes.some((change) => change.kind === 'judge')) return 'deterministic'
  }
  return flippedChanges.length === 0 ? 'deterministic' : 'judge'
}

/** A p-value as the reasons print it. */
export function formatP(p: number): string {
  return p < 0.001 ? '< 0.001' : p.toFixed(3)
}
