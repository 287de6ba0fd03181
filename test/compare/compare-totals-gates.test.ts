import { describe, expect, test } from 'vitest'
import { compareReports } from '../../src/compare/compare-reports.js'
import type { FailOnGates } from '../../src/results/results-report.js'
import { compare, SOURCES, samples, times } from './support/compare-helpers.js'
import { judgementOf, reportOf, runOf, testOf } from './support/report-builder.js'

describe('compareReports() totals, statistics and runs', () => {
  test('per-run tokens, cost and latency, per-test deltas, suite totals and changes', () => {
    const before = testOf({
      runs: [
        runOf({
          tokens: { input: 100, output: 20 },
          recordedTokens: { input: 10, output: 5 },
          cost: 0.01,
          recordedCost: 0.002,
          durationMs: 900,
          recordedDurationMs: 100,
        }),
      ],
    })
    const after = testOf({
      runs: [runOf({ tokens: { input: 150, output: 30 }, cost: 0.018, durationMs: 1500 })],
    })
    const comparison = compare([before], [after])
    const pair = comparison.tests[0]?.pairs[0]
    expect(pair?.baseline).toMatchObject({
      tokens: { input: 110, output: 25, total: 135 },
      latencyMs: 1000,
    })
    expect(pair?.baseline?.cost).toBeCloseTo(0.012, 12)
    expect(comparison.tests[0]?.delta.tokens).toBe(45)
    expect(comparison.tests[0]?.delta.latencyMs).toBe(500)
    expect(comparison.tests[0]?.delta.cost).toBeCloseTo(0.006, 12)
    expect(comparison.totals.baseline.tokens).toBe(135)
    expect(comparison.totals.costChange).toBeCloseTo(50, 9)
    expect(comparison.totals.latencyChange).toBeCloseTo(50, 9)
  })

  test('a run without prices leaves the cost unknown; not-comparable tests are left out of totals', () => {
    const comparison = compare(
      [
        testOf({ test: 'a', runs: [runOf({ cost: 1 })] }),
        testOf({ test: 'b', runs: [runOf({ cost: 1 })] }),
      ],
      [
        testOf({ test: 'a', runs: [runOf()] }),
        testOf({ test: 'b', runs: [runOf({ error: { category: 'timeout', message: 't' } })] }),
      ],
    )
    expect(comparison.totals.baseline.cost).toBe(1)
    expect(comparison.totals.candidate.cost).toBeUndefined()
    expect(comparison.totals.costChange).toBeUndefined()
    expect(comparison.tests.find((t) => t.test === 'a')?.delta.cost).toBeUndefined()
  })

  test('the suite-level statistics pool every comparable pair', () => {
    const comparison = compare(
      [
        ...Array.from({ length: 8 }, (_, i) => testOf({ test: `t${i}` })),
        testOf({ test: 'broken' }),
      ],
      [
        ...Array.from({ length: 8 }, (_, i) =>
          testOf({ test: `t${i}`, runs: [runOf({ passed: false })] }),
        ),
        testOf({
          test: 'broken',
          runs: [runOf({ error: { category: 'connection', message: 'refused' } })],
        }),
      ],
    )
    expect(comparison.counts.regressed).toBe(8)
    expect(comparison.statistics).toMatchObject({ n: 8, lost: 8, gained: 0, verdict: 'worse' })
    expect(comparison.statistics?.pValue).toBeCloseTo(2 / 256, 12)
    expect(compare([], []).statistics).toBeUndefined()
  })

  test('the runs are named; createdAt is the given time', () => {
    const comparison = compareReports(
      reportOf([], { commit: 'abc', branch: 'main', createdAt: '2026-01-01T00:00:00.000Z' }),
      reportOf([], { candidate: { name: 'next', fork: 2 }, createdAt: '2026-01-02T00:00:00.000Z' }),
      { ...SOURCES, now: new Date('2026-01-03T00:00:00.000Z') },
    )
    expect(comparison).toMatchObject({
      kind: 'vitest-scenario.compare',
      version: 1,
      createdAt: '2026-01-03T00:00:00.000Z',
      baseline: {
        source: 'base.json',
        commit: 'abc',
        branch: 'main',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      candidate: { source: 'cand.json', candidate: 'next', fork: 2 },
      counts: {
        regressed: 0,
        fixed: 0,
        flaky: 0,
        'not-comparable': 0,
        'unchanged-fail': 0,
        'unchanged-pass': 0,
      },
      gates: { results: [], failed: false },
    })
  })
})

describe('compareReports() gates', () => {
  const regressedTwice = (failOn: FailOnGates) =>
    compare(
      [
        testOf({ test: 'a', runs: [runOf({ cost: 1 })] }),
        testOf({ test: 'b', runs: [runOf({ cost: 1 })] }),
      ],
      [
        testOf({ test: 'a', runs: [runOf({ passed: false, cost: 1.05 })] }),
        testOf({ test: 'b', runs: [runOf({ passed: false, cost: 1.15 })] }),
      ],
      failOn,
    ).gates

  test('regressed: fails when more tests regressed than allowed', () => {
    expect(regressedTwice({ regressed: 2 })).toEqual({
      results: [
        {
          gate: 'regressed',
          limit: 2,
          actual: 2,
          passed: true,
          message: '2 tests regressed; failOn.regressed allows 2',
        },
      ],
      failed: false,
    })
    expect(regressedTwice({ regressed: 1 }).failed).toBe(true)
  })

  test('costIncrease: fails above the limit, passes at or under it', () => {
    const over = regressedTwice({ costIncrease: 5 })
    expect(over.failed).toBe(true)
    expect(over.results[0]).toMatchObject({ gate: 'costIncrease', limit: 5, passed: false })
    expect(over.results[0]?.actual).toBeCloseTo(10, 9)
    expect(over.results[0]?.message).toBe('cost +10.0 %; failOn.costIncrease allows +5 %')
    expect(regressedTwice({ costIncrease: 10.5 }).failed).toBe(false)
  })

  test('costIncrease fails when no cost is known, saying prices are needed', () => {
    const gates = compare([testOf()], [testOf()], { costIncrease: 10 }).gates
    expect(gates.failed).toBe(true)
    expect(gates.results[0]).toMatchObject({ gate: 'costIncrease', actual: null, passed: false })
    expect(gates.results[0]?.message).toMatch(
      /^\[vitest-scenario\] failOn\.costIncrease \(10 %\) cannot be checked: .*`prices`/,
    )
  })

  test('worse: fails on the suite-level or a test-level worse verdict', () => {
    // Two single-run regressions: neither the tests (no pairs) nor the suite (p = 0.5) say worse.
    expect(regressedTwice({ worse: true })).toEqual({
      results: [
        {
          gate: 'worse',
          limit: true,
          actual: false,
          passed: true,
          message: 'no paired comparison says worse (failOn.worse)',
        },
      ],
      failed: false,
    })
    const flakyWorse = compare(
      [samples([...times(7, {}), ...times(3, { passed: false })])],
      [samples(times(10, { passed: false }))],
      { worse: true, regressed: 5 },
    ).gates
    expect(flakyWorse.failed).toBe(true)
    expect(flakyWorse.results.map((r) => [r.gate, r.passed])).toEqual([
      ['regressed', true],
      ['worse', false],
    ])
    expect(flakyWorse.results[1]?.message).toBe(
      "the paired comparison says worse for the suite, 'a scenario' (failOn.worse)",
    )
  })
})

describe('compareReports() order', () => {
  test('regressions first by drop, deterministic before judge, then name; then the buckets', () => {
    const judged = {
      passed: false,
      outcomes: { polite: false },
      judgements: { polite: judgementOf(['unmet']) },
    }
    const passing = { outcomes: { polite: true }, judgements: { polite: judgementOf(['met']) } }
    const baseline = [
      testOf({ test: 'unchanged' }),
      testOf({ test: 'z judge', runs: [runOf(passing)] }),
      testOf({ test: 'b route' }),
      testOf({ test: 'a route' }),
      testOf({ test: 'half', runs: [runOf(), runOf(), runOf(), runOf()] }),
      testOf({ test: 'fixed', runs: [runOf({ passed: false })] }),
      testOf({ test: 'gone' }),
      testOf({ test: 'flaky', runs: [runOf(), runOf()] }),
      testOf({ test: 'still failing', runs: [runOf({ passed: false })] }),
    ]
    const candidate = [
      testOf({ test: 'unchanged' }),
      testOf({ test: 'z judge', runs: [runOf(judged)] }),
      testOf({ test: 'b route', runs: [runOf({ passed: false, path: ['ask'] })] }),
      testOf({ test: 'a route', runs: [runOf({ passed: false, path: ['ask'] })] }),
      testOf({
        test: 'half',
        runs: [runOf({ passed: false }), runOf({ passed: false }), runOf(), runOf()],
      }),
      testOf({ test: 'fixed' }),
      testOf({ test: 'flaky', runs: [runOf(), runOf({ passed: false })] }),
      testOf({ test: 'still failing', runs: [runOf({ passed: false })] }),
    ]
    const comparison = compare(baseline, candidate)
    expect(comparison.tests.map((t) => `${t.bucket}: ${t.test}`)).toEqual([
      'regressed: a route',
      'regressed: b route',
      'regressed: z judge',
      'fixed: fixed',
      'flaky: flaky',
      'flaky: half',
      'not-comparable: gone',
      'unchanged-fail: still failing',
      'unchanged-pass: unchanged',
    ])
  })

  test('a larger pass-rate drop sorts first', () => {
    const comparison = compare(
      [samples(times(4, {})), testOf({ test: 'b' })],
      [
        samples([...times(4, { passed: false, path: ['ask'] })]),
        testOf({ test: 'b', runs: [runOf({ passed: false, path: ['x'] })] }),
      ],
    )
    expect(comparison.tests.map((t) => t.test)).toEqual(['a scenario', 'b'])
  })
})
