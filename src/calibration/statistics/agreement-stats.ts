// What a judge's agreement with human labels comes to: raw agreement, Cohen's κ, and how often it
// finds what holds (TPR) and what does not (TNR), each rate with the 95 % Wilson interval the
// gates read — a small labelled set gives a wide interval, and a gate on its lower bound says so.
import { wilsonInterval } from '../../samples/wilson-interval.js'
import { cohensKappa } from './cohens-kappa.js'
import { assertConfusion, type Confusion } from './confusion.js'

/** A rate with its 95 % Wilson interval; every number `null` when no pair had its class. */
export interface RateWithInterval {
  value: number | null
  low: number | null
  high: number | null
  /** The pairs the rate is out of (the labels of its class). */
  n: number
}

/** A judge measured against labels. */
export interface AgreementStats {
  /** The labelled pairs counted. */
  n: number
  /** The share of pairs where the judge and the label agree; `null` with no pairs. */
  agreement: number | null
  /** Cohen's κ; `null` with no pairs or when chance agreement is 1. */
  kappa: number | null
  /** True positive rate: of the criteria labelled `met`, the share the judge found met. */
  tpr: RateWithInterval
  /** True negative rate: of the criteria labelled `unmet`, the share the judge did not find met. */
  tnr: RateWithInterval
  confusion: Confusion
}

/**
 * The statistics of a confusion table.
 *
 * @example
 * agreementStats({ tp: 9, fn: 1, fp: 2, tn: 8, inconclusive: 0 }).tpr
 * // { value: 0.9, low: 0.596, high: 0.982, n: 10 } (rounded)
 */
export function agreementStats(confusion: Confusion): AgreementStats {
  assertConfusion(confusion, 'agreementStats(confusion)')
  const { tp, fn, fp, tn } = confusion
  const n = tp + fn + fp + tn
  return {
    n,
    agreement: n === 0 ? null : (tp + tn) / n,
    kappa: cohensKappa(confusion),
    tpr: rate(tp, tp + fn),
    tnr: rate(tn, tn + fp),
    confusion: { tp, fn, fp, tn, inconclusive: confusion.inconclusive ?? 0 },
  }
}

/** `successes / n` with its 95 % Wilson interval, or nulls when there is nothing to divide. */
export function rate(successes: number, n: number): RateWithInterval {
  if (n === 0) return { value: null, low: null, high: null, n }
  const { low, high } = wilsonInterval(successes, n)
  return { value: successes / n, low, high, n }
}
