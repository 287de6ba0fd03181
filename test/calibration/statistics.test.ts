import { describe, expect, test } from 'vitest'
import { agreementStats, rate } from '../../src/calibration/statistics/agreement-stats.js'
import { cohensKappa } from '../../src/calibration/statistics/cohens-kappa.js'
import { countPair, emptyConfusion } from '../../src/calibration/statistics/confusion.js'
import { wilsonInterval } from '../../src/samples/wilson-interval.js'

const table = (tp: number, fn: number, fp: number, tn: number) => ({
  tp,
  fn,
  fp,
  tn,
  inconclusive: 0,
})

describe('wilsonInterval(), the interval the calibration gates read', () => {
  test('matches the published Wilson score intervals', () => {
    // Newcombe RG (1998), "Two-sided confidence intervals for the single proportion: comparison
    // of seven methods", Statistics in Medicine 17:857–872, Table I, method 3 (score method
    // without continuity correction), 95 %.
    const cases: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ]
    for (const [successes, n, low, high] of cases) {
      const interval = wilsonInterval(successes, n)
      expect(interval.low).toBeCloseTo(low, 4)
      expect(interval.high).toBeCloseTo(high, 4)
    }
  })
})

describe('cohensKappa()', () => {
  test('matches the published 2×2 examples', () => {
    // Wikipedia, "Cohen's kappa", simple example: 50 grant proposals, both readers yes 20, A yes
    // and B no 5, A no and B yes 10, both no 15: pₒ = 0.7, pₑ = 0.5, κ = 0.4.
    // Rows are the label (A), columns the judge (B): tp = yes-yes, fn = yes-no, fp = no-yes.
    expect(cohensKappa(table(20, 5, 10, 15))).toBeCloseTo(0.4, 10)
    // Same article, "same percentages but different numbers": both tables agree on 60 of 100,
    // but [[45, 15], [25, 15]] gives κ = 0.1304 and [[25, 35], [5, 35]] gives κ = 0.2593.
    expect(cohensKappa(table(45, 15, 25, 15))).toBeCloseTo(0.1304, 4)
    expect(cohensKappa(table(25, 35, 5, 35))).toBeCloseTo(0.2593, 4)
  })

  test('is 1 for perfect agreement, 0 at chance and negative below it', () => {
    expect(cohensKappa(table(7, 0, 0, 3))).toBe(1)
    // Margins 1/2 and 1/2 and pₒ = 1/2 = pₑ.
    expect(cohensKappa(table(5, 5, 5, 5))).toBe(0)
    // Total disagreement with balanced margins: pₒ = 0, pₑ = 0.5, κ = −1.
    expect(cohensKappa(table(0, 5, 5, 0))).toBe(-1)
  })

  test('is null when undefined: no pairs, or chance agreement 1', () => {
    expect(cohensKappa(table(0, 0, 0, 0))).toBeNull()
    // Every label met and every verdict met: pₑ = 1.
    expect(cohensKappa(table(12, 0, 0, 0))).toBeNull()
    expect(cohensKappa(table(0, 0, 0, 4))).toBeNull()
    // One side constant but not the other: pₑ < 1, κ = 0.
    expect(cohensKappa(table(3, 1, 0, 0))).toBe(0)
  })
})

describe('agreementStats()', () => {
  test('gives agreement, κ, TPR and TNR with their intervals', () => {
    const stats = agreementStats(table(20, 5, 10, 15))
    expect(stats.n).toBe(50)
    expect(stats.agreement).toBeCloseTo(0.7, 10)
    expect(stats.kappa).toBeCloseTo(0.4, 10)
    expect(stats.tpr.value).toBeCloseTo(0.8, 10)
    expect(stats.tpr.n).toBe(25)
    expect(stats.tnr.value).toBeCloseTo(0.6, 10)
    expect(stats.tnr.n).toBe(25)
    expect(stats.tpr.low).toBeCloseTo(wilsonInterval(20, 25).low, 10)
    expect(stats.tnr.high).toBeCloseTo(wilsonInterval(15, 25).high, 10)
  })

  test('says null where a denominator is 0', () => {
    const stats = agreementStats(table(0, 0, 0, 0))
    expect(stats).toEqual({
      n: 0,
      agreement: null,
      kappa: null,
      tpr: { value: null, low: null, high: null, n: 0 },
      tnr: { value: null, low: null, high: null, n: 0 },
      confusion: table(0, 0, 0, 0),
    })
    expect(agreementStats(table(3, 1, 0, 0)).tnr).toEqual(rate(0, 0))
  })

  test('counts inconclusive verdicts as not met, and apart', () => {
    const confusion = emptyConfusion()
    countPair(confusion, 'met', 'inconclusive')
    countPair(confusion, 'unmet', 'inconclusive')
    countPair(confusion, 'met', 'met')
    countPair(confusion, 'unmet', 'met')
    countPair(confusion, 'unmet', 'unmet')
    expect(confusion).toEqual({ tp: 1, fn: 1, fp: 1, tn: 2, inconclusive: 2 })
  })

  test('refuses what is not a table of counts, with a clear error', () => {
    expect(() => agreementStats(null as never)).toThrow(
      'agreementStats(confusion) needs a table { tp, fn, fp, tn, inconclusive? } of whole counts ≥ 0, got null',
    )
    expect(() => cohensKappa({ tp: 1, fn: -1, fp: 0, tn: 0 })).toThrow('(`fn` is not a count)')
    expect(() => agreementStats({ tp: 1, fn: 0, fp: 0, tn: 0, inconclusive: 1 })).toThrow(
      'of whole counts ≥ 0',
    )
  })
})
