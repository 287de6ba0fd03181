import { describe, expect, test } from 'vitest'
import type { ErrorCategory } from '../../src/state/types.js'
import { compare, one, samples, times } from './support/compare-helpers.js'
import { judgementOf, runOf, testOf } from './support/report-builder.js'

describe('compareReports() buckets', () => {
  test('unchanged-pass and unchanged-fail', () => {
    expect(one(testOf(), testOf()).bucket).toBe('unchanged-pass')
    const failing = testOf({ runs: [runOf({ passed: false })] })
    expect(one(failing, failing).bucket).toBe('unchanged-fail')
  })

  test('fixed when the candidate passes what the baseline failed', () => {
    const result = one(testOf({ runs: [runOf({ passed: false, verify: [false] })] }), testOf())
    expect(result).toMatchObject({ bucket: 'fixed', driver: 'deterministic' })
    expect(result.statistics).toBeUndefined()
  })

  test('regressed by a changed route is deterministic', () => {
    const before = testOf()
    const after = testOf({ runs: [runOf({ passed: false, path: ['ask', 'escalate'] })] })
    const result = one(before, after)
    expect(result).toMatchObject({ bucket: 'regressed', driver: 'deterministic' })
    expect(result.pairs[0]?.changes).toContainEqual({
      kind: 'path',
      baseline: 'ask → confirm',
      candidate: 'ask → escalate',
    })
    expect(result.pairs[0]?.firstDifferingTurn).toBe(1)
  })

  test('regressed by a verify verdict, a check outcome or the status is deterministic', () => {
    const verify = one(
      testOf(),
      testOf({ runs: [runOf({ passed: false, verify: [null, false] })] }),
    )
    expect(verify).toMatchObject({ bucket: 'regressed', driver: 'deterministic' })
    expect(verify.pairs[0]?.changes).toContainEqual({
      kind: 'verify',
      turn: 1,
      baseline: 'null',
      candidate: 'false',
    })
    const outcome = one(
      testOf({ runs: [runOf({ outcomes: { booked: true } })] }),
      testOf({ runs: [runOf({ passed: false, outcomes: { booked: false } })] }),
    )
    expect(outcome).toMatchObject({ bucket: 'regressed', driver: 'deterministic' })
    expect(outcome.pairs[0]?.changes).toContainEqual({
      kind: 'outcome',
      name: 'booked',
      baseline: 'true',
      candidate: 'false',
    })
    const status = one(
      testOf(),
      testOf({ runs: [runOf({ passed: false, status: 'limit_reached' })] }),
    )
    expect(status).toMatchObject({ bucket: 'regressed', driver: 'deterministic' })
  })

  test('regressed by a judge flip alone is judge-driven, with both reasonings kept', () => {
    const before = testOf({
      runs: [
        runOf({ outcomes: { polite: true }, judgements: { polite: judgementOf(['met', 'met']) } }),
      ],
    })
    const after = testOf({
      runs: [
        runOf({
          passed: false,
          outcomes: { polite: false },
          judgements: { polite: judgementOf(['met', 'unmet']) },
          answers: ['answer 0', 'a ruder answer 1'],
          tools: [['lookup']],
        }),
      ],
    })
    const result = one(before, after)
    expect(result).toMatchObject({ bucket: 'regressed', driver: 'judge' })
    const pair = result.pairs[0]
    expect(pair?.changes.map((change) => change.kind)).toEqual(['test', 'judge', 'tools', 'answer'])
    expect(pair?.changes).toContainEqual({
      kind: 'judge',
      name: 'polite',
      baseline: 'pass (2/2 met)',
      candidate: 'fail (1/2 met; 2:unmet)',
    })
    expect(pair?.baseline?.judgements.polite?.criteria[1]?.reasoning).toBe('because 2 was met')
    expect(pair?.candidate?.judgements.polite?.criteria[1]?.reasoning).toBe('because 2 was unmet')
    expect(pair?.candidate?.tools).toEqual([['lookup'], []])
    expect(pair?.firstDifferingTurn).toBe(0)
  })

  test('a verdict that moved with nothing in the meta changed is deterministic (the test body)', () => {
    const before = testOf()
    const after = testOf({ state: 'failed', errors: ['expected 3 to be 4'] })
    const result = one(before, after)
    expect(result).toMatchObject({ bucket: 'regressed', driver: 'deterministic' })
    expect(result.pairs[0]?.changes).toEqual([
      { kind: 'test', baseline: 'passed', candidate: 'failed' },
    ])
    expect(result.pairs[0]?.firstDifferingTurn).toBeUndefined()
  })

  test('flaky when samples disagree without evidence, with the reason', () => {
    const before = samples(times(5, {}))
    const after = samples([{}, { passed: false }, {}, { passed: false }, {}])
    const result = one(before, after)
    expect(result.bucket).toBe('flaky')
    expect(result.driver).toBeUndefined()
    expect(result.reason).toBe(
      "the candidate's (3 of 5 passed) samples disagree, and the paired comparison gives no evidence either way (p = 0.500)",
    )
    expect(result.statistics).toMatchObject({
      n: 5,
      lost: 2,
      gained: 0,
      pValue: 0.5,
      verdict: 'no evidence',
    })
    expect(result.baseline).toEqual({ state: 'passed', passes: 5, n: 5, passRate: 1 })
    expect(result.candidate).toEqual({ state: 'failed', passes: 3, n: 5, passRate: 0.6 })
  })

  test('disagreeing samples with evidence are regressed or fixed', () => {
    const worse = one(
      samples([...times(8, {}), ...times(2, { passed: false })]),
      samples(
        times(10, {
          passed: false,
          outcomes: { polite: false },
          judgements: { polite: judgementOf(['unmet']) },
        }),
      ),
    )
    expect(worse).toMatchObject({ bucket: 'regressed', driver: 'judge' })
    expect(worse.statistics).toMatchObject({ lost: 8, gained: 0, verdict: 'worse' })
    expect(worse.statistics?.pValue).toBeCloseTo(2 / 256, 12)
    const better = one(
      samples([...times(7, { passed: false, path: ['ask'] }), ...times(3, {})]),
      samples(times(10, {})),
    )
    expect(better).toMatchObject({ bucket: 'fixed', driver: 'deterministic' })
    expect(better.statistics?.verdict).toBe('better')
  })

  test('uniform samples that all flip are fixed or regressed whatever the p-value', () => {
    const result = one(samples(times(3, {})), samples(times(3, { passed: false, verify: [false] })))
    expect(result).toMatchObject({ bucket: 'regressed', driver: 'deterministic' })
    expect(result.statistics).toMatchObject({ n: 3, verdict: 'no evidence', pValue: 0.25 })
  })
})

describe('compareReports() not-comparable', () => {
  test('a test missing on either side', () => {
    const a = testOf({ test: 'only before' })
    const b = testOf({ test: 'only after' })
    const comparison = compare([a], [b])
    expect(comparison.tests.map((t) => [t.test, t.bucket, t.reason])).toEqual([
      ['only after', 'not-comparable', 'not in the baseline report (a new test)'],
      ['only before', 'not-comparable', 'not in the candidate report'],
    ])
    expect(comparison.tests[0]?.baseline).toBeUndefined()
    expect(comparison.tests[0]?.pairs[0]?.baseline).toBeUndefined()
    expect(comparison.counts['not-comparable']).toBe(2)
  })

  test('a changed definition hash; a missing hash on one side still compares', () => {
    const changed = one(
      testOf({ definition: 'sha256:aaaaaaaaaaaaaaaa' }),
      testOf({ definition: 'sha256:bbbbbbbbbbbbbbbb' }),
    )
    expect(changed.bucket).toBe('not-comparable')
    expect(changed.reason).toContain('sha256:aaaaaaaaaaaaaaaa → sha256:bbbbbbbbbbbbbbbb')
    expect(one(testOf({ definition: null }), testOf()).bucket).toBe('unchanged-pass')
  })

  const categories: ErrorCategory[] = [
    'connection',
    'rate_limit',
    'server_error',
    'timeout',
    'recording',
    'bad_response',
    'aborted',
  ]
  for (const side of ['baseline', 'candidate'] as const) {
    test.each(categories)(`an infrastructure failure (%s) on the ${side}`, (category) => {
      const broken = testOf({
        runs: [runOf({ error: { category, message: 'HTTP 503 from 127.0.0.1' } })],
      })
      const result = side === 'baseline' ? one(broken, testOf()) : one(testOf(), broken)
      expect(result.bucket).toBe('not-comparable')
      expect(result.reason).toBe(
        `the ${side} failed on infrastructure, not on the model: ${category} at 'confirm' (answer): HTTP 503 from 127.0.0.1`,
      )
      expect(result.pairs[0]?.[side]?.infrastructure).toContain(category)
    })
  }

  test('errors of the model or the agent are compared, not excused', () => {
    for (const category of ['parsing', 'tool', 'agent', 'unexpected'] as const) {
      const failed = testOf({ runs: [runOf({ error: { category, message: 'bad' } })] })
      expect(one(testOf(), failed).bucket).toBe('regressed')
    }
  })

  test('a judge that could not be reached, in one sample of several', () => {
    const before = samples(times(3, {}))
    const after = samples([
      {},
      { passed: false, outcomeErrors: { polite: { category: 'rate_limit', message: '429' } } },
      {},
    ])
    const result = one(before, after)
    expect(result.bucket).toBe('not-comparable')
    expect(result.reason).toBe(
      "sample 2 of the candidate failed on infrastructure, not on the model: rate_limit evaluating outcome 'polite': 429",
    )
  })

  test('a test that failed before any run, and one that was skipped', () => {
    const crashed = testOf({
      runs: [],
      state: 'failed',
      errors: ['TypeError: agent is not a function\n  at x'],
    })
    expect(one(testOf(), crashed).reason).toBe(
      'the candidate failed before any scenario run: TypeError: agent is not a function',
    )
    const skipped = testOf({ runs: [], state: 'skipped' })
    expect(one(skipped, testOf()).reason).toBe('the baseline has no scenario run (skipped)')
  })

  test('tests align by project, file and name', () => {
    const comparison = compare(
      [testOf({ project: 'a' }), testOf({ file: 'x.test.ts' })],
      [testOf({ project: 'b' }), testOf({ file: 'x.test.ts' })],
    )
    expect(comparison.counts).toMatchObject({ 'not-comparable': 2, 'unchanged-pass': 1 })
  })
})
