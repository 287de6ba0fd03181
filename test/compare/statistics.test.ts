import { describe, expect, test } from 'vitest'
import { mcnemarExact } from '../../src/compare/statistics/mcnemar.js'
import { pairedDifferenceInterval } from '../../src/compare/statistics/paired-interval.js'
import { pairedStatistics } from '../../src/compare/statistics/paired-statistics.js'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { wilsonInterval } from '../../src/samples/wilson-interval.js'

// The exact tail by integer arithmetic: an independent check of the log-space computation.
function exactByBigInt(b: number, c: number): number {
  const m = b + c
  if (m === 0) return 1
  let term = 1n
  let tail = 1n
  for (let k = 1; k <= Math.min(b, c); k++) {
    term = (term * BigInt(m - k + 1)) / BigInt(k)
    tail += term
  }
  // 2 · tail / 2^m, scaled to keep 30 significant digits through the division.
  const scaled = (2n * tail * 10n ** 30n) / 2n ** BigInt(m)
  return Math.min(1, Number(scaled) / 1e30)
}

describe('mcnemarExact()', () => {
  test('matches the published exact conditional McNemar p-values', () => {
    // Cavo et al. (2012), complete response before and after consolidation therapy, table
    // [[59, 6], [16, 80]]: "The McNemar exact conditional test: P = 0.052479" — Fagerland,
    // Lydersen & Laake, Statistical Analysis of Contingency Tables, ch. 8, as the R package
    // contingencytables prints it (tests/testthat/test-ch8.R and its ch. 8 printing tests).
    expect(mcnemarExact(6, 16)).toBeCloseTo(0.052479, 6)
    // R exact2x2 vignette "Exact McNemar's Test", x <- matrix(c(21, 9, 2, 12), 2, 2):
    // mcnemar.exact(x) gives p-value = 0.06543 (= 134 / 2048).
    expect(mcnemarExact(2, 9)).toBeCloseTo(0.06543, 5)
    expect(mcnemarExact(9, 2)).toBe(mcnemarExact(2, 9))
  })

  test('is 1 with no discordant pairs and never above 1', () => {
    expect(mcnemarExact(0, 0)).toBe(1)
    expect(mcnemarExact(3, 3)).toBe(1)
    expect(mcnemarExact(1, 0)).toBe(1)
    // The smallest counts that reach significance: 0 against 6 (2 / 64 = 0.03125).
    expect(mcnemarExact(0, 5)).toBeCloseTo(0.0625, 12)
    expect(mcnemarExact(0, 6)).toBeCloseTo(0.03125, 12)
  })

  test.each([
    [10, 25],
    [20, 31],
    [3, 60],
    [120, 170],
    [480, 520],
    [1400, 1600],
    [0, 1074],
    [300, 2700],
  ])('%i against %i agrees with exact integer arithmetic (no overflow or underflow)', (b, c) => {
    const p = mcnemarExact(b, c)
    const exact = exactByBigInt(b, c)
    expect(Number.isFinite(p)).toBe(true)
    if (exact === 0) expect(p).toBeLessThan(1e-300)
    else expect(Math.abs(p - exact) / exact).toBeLessThan(1e-9)
  })

  test('refuses counts that are not whole numbers ≥ 0', () => {
    expect(() => mcnemarExact(-1, 3)).toThrow(InvalidArgumentError)
    expect(() => mcnemarExact(1.5, 3)).toThrow(/\[vitest-scenario\].*whole numbers/)
    expect(() => mcnemarExact(Number.NaN, 3)).toThrow(InvalidArgumentError)
  })
})

describe('wilsonInterval() against published values', () => {
  test('13 of 16 → 0.5699 to 0.9341', () => {
    // Fagerland, Lydersen & Laake, ch. 2 example, as contingencytables prints it
    // (tests/testthat/test-ch2.R): "estimate = 0.8125 (95% CI 0.5699 to 0.9341)".
    const interval = wilsonInterval(13, 16)
    expect(interval.low).toBeCloseTo(0.5699, 4)
    expect(interval.high).toBeCloseTo(0.9341, 4)
  })

  test('81 of 263 → 0.2553 to 0.3662', () => {
    // Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison of
    // seven methods", Statistics in Medicine 17:857-872, Table II, score method (method 3).
    const interval = wilsonInterval(81, 263)
    expect(interval.low).toBeCloseTo(0.2553, 4)
    expect(interval.high).toBeCloseTo(0.3662, 4)
  })
})

describe('pairedDifferenceInterval() — Newcombe 1998 method 10', () => {
  // Newcombe (1998), "Improved confidence intervals for the difference between binomial
  // proportions based on paired data", Statistics in Medicine 17:2635-2650, Table III, method 10
  // (95 %), cells (e, f, g, h): e both positive, f first only, g second only, h neither; the
  // difference is (f − g) / n. Our first side is the candidate: e = bothPass, f = gained,
  // g = lost, h = bothFail. Rows as transcribed by several independent implementations' tests
  // (e.g. the method-8 / method-10 pairs for the first rows: 20,12,2,16 gives 0.0618-0.3242
  // without the φ correction and 0.0562-0.3292 with it).
  test.each([
    [36, 12, 2, 0, 0.0569, 0.3404],
    [20, 12, 2, 16, 0.0562, 0.3292],
    [18, 12, 2, 18, 0.0562, 0.329],
    [36, 14, 0, 0, 0.1528, 0.4167],
    [35, 14, 0, 1, 0.1461, 0.4175],
    [18, 14, 0, 18, 0.1441, 0.3963],
    [2, 97, 1, 0, 0.8721, 0.9854],
    [1, 97, 1, 1, 0.8736, 0.985],
    [0, 29, 1, 0, 0.6666, 0.9882],
    [2, 98, 0, 0, 0.9178, 0.9945],
    [1, 98, 0, 1, 0.9171, 0.9916],
    [0, 30, 0, 0, 0.8395, 1],
    [54, 0, 0, 0, -0.0664, 0.0664],
  ])('e=%i f=%i g=%i h=%i → %s to %s', (e, f, g, h, low, high) => {
    const interval = pairedDifferenceInterval({ bothPass: e, gained: f, lost: g, bothFail: h })
    expect(interval.difference).toBeCloseTo((f - g) / (e + f + g + h), 12)
    // The paper prints four decimals.
    expect(Math.abs(interval.low - low)).toBeLessThan(0.00011)
    expect(Math.abs(interval.high - high)).toBeLessThan(0.00011)
    expect(interval.confidence).toBe(0.95)
  })

  test('Cavo et al. (2012): −0.0621, 95 % CI −0.1186 to −0.0046', () => {
    // Fagerland, Lydersen & Laake, ch. 8, "Newcombe square-and-add" (Newcombe's method 10), as
    // contingencytables prints it for [[59, 6], [16, 80]] (first test = rows, success first):
    // "estimate = -0.0621 (95% CI -0.1186 to -0.0046)". First side passes: 59 + 6; second: 59 + 16.
    const interval = pairedDifferenceInterval({ bothPass: 59, gained: 6, lost: 16, bothFail: 80 })
    expect(interval.difference).toBeCloseTo(-0.0621, 4)
    expect(interval.low).toBeCloseTo(-0.1186, 4)
    expect(interval.high).toBeCloseTo(-0.0046, 4)
  })

  test('mirrors when the sides swap', () => {
    const a = pairedDifferenceInterval({ bothPass: 7, gained: 5, lost: 1, bothFail: 3 })
    const b = pairedDifferenceInterval({ bothPass: 7, gained: 1, lost: 5, bothFail: 3 })
    expect(a.low).toBeCloseTo(-b.high, 12)
    expect(a.high).toBeCloseTo(-b.low, 12)
  })

  test('with no pairs the interval is the whole range', () => {
    expect(pairedDifferenceInterval({ bothPass: 0, gained: 0, lost: 0, bothFail: 0 })).toEqual({
      difference: 0,
      low: -1,
      high: 1,
      confidence: 0.95,
    })
  })

  test('stays inside [-1, 1] at the extremes and for thousands of pairs', () => {
    const all = pairedDifferenceInterval({ bothPass: 0, gained: 1, lost: 0, bothFail: 0 })
    expect(all.high).toBe(1)
    expect(all.low).toBeGreaterThanOrEqual(-1)
    const large = pairedDifferenceInterval({
      bothPass: 2000,
      gained: 400,
      lost: 300,
      bothFail: 1300,
    })
    expect(large.difference).toBeCloseTo(0.025, 12)
    expect(large.low).toBeLessThan(0.025)
    expect(large.high).toBeGreaterThan(0.025)
    expect(large.high - large.low).toBeLessThan(0.03)
  })

  test('refuses counts that are not whole numbers ≥ 0', () => {
    expect(() =>
      pairedDifferenceInterval({ bothPass: 1, gained: -1, lost: 0, bothFail: 0 }),
    ).toThrow(/\[vitest-scenario\].*gained/)
  })
})

describe('pairedStatistics()', () => {
  const pairs = (counts: [boolean, boolean, number][]) =>
    counts.flatMap(([baseline, candidate, times]) =>
      Array.from({ length: times }, () => ({ baseline, candidate })),
    )

  test('counts the cells and concludes worse when the candidate loses significantly', () => {
    const stats = pairedStatistics(
      pairs([
        [true, false, 16],
        [false, true, 1],
        [true, true, 3],
      ]),
    )
    expect(stats).toMatchObject({
      n: 20,
      baselinePasses: 19,
      candidatePasses: 4,
      lost: 16,
      gained: 1,
    })
    expect(stats.difference).toBeCloseTo(-0.75, 12)
    expect(stats.pValue).toBeCloseTo(exactByBigInt(16, 1), 12)
    expect(stats.verdict).toBe('worse')
    expect(stats.interval.high).toBeLessThan(0)
  })

  test('concludes better by the sign', () => {
    expect(pairedStatistics(pairs([[false, true, 6]])).verdict).toBe('better')
  })

  test('no evidence at p ≥ 0.05, and with nothing discordant', () => {
    expect(pairedStatistics(pairs([[false, true, 5]])).verdict).toBe('no evidence')
    // Cavo et al.: p = 0.052479, just above the line.
    expect(
      pairedStatistics(
        pairs([
          [true, false, 16],
          [false, true, 6],
        ]),
      ).verdict,
    ).toBe('no evidence')
    const same = pairedStatistics(
      pairs([
        [true, true, 4],
        [false, false, 1],
      ]),
    )
    expect(same).toMatchObject({ pValue: 1, difference: 0, verdict: 'no evidence' })
  })

  test('with no pairs: n 0, p 1, the whole range', () => {
    expect(pairedStatistics([])).toEqual({
      n: 0,
      baselinePasses: 0,
      candidatePasses: 0,
      lost: 0,
      gained: 0,
      difference: 0,
      interval: { low: -1, high: 1, confidence: 0.95 },
      pValue: 1,
      verdict: 'no evidence',
    })
  })
})
