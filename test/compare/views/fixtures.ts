// Comparisons written by hand for the views' tests and the docs screenshot: every bucket, both
// flip drivers, sampled statistics, gates that pass and fail, judge criteria with both
// reasonings, tool trajectories, and multi-turn transcripts whose first differing turn is known.
import {
  BUCKETS,
  type Bucket,
  COMPARISON_KIND,
  COMPARISON_VERSION,
  type Comparison,
  type PairedStatistics,
  type SamplePair,
  type SideRun,
  type TestComparison,
} from '../../../src/compare/comparison.js'
import type { JudgementMeta, TurnMeta } from '../../../src/hosts/core/meta/scenario-meta.js'

const END = '__end__'

interface RunParts {
  passed: boolean
  path: string[]
  turns: TurnMeta[]
  outcomes?: Record<string, boolean | number>
  judgements?: Record<string, JudgementMeta>
  tokens?: number
  cost?: number
  latencyMs?: number
  status?: SideRun['status']
  infrastructure?: string
  error?: SideRun['error']
}

/** A side's run from its parts; the tools come from the turns. */
export function sideRun(parts: RunParts): SideRun {
  const tokens = parts.tokens ?? 1200
  const input = Math.round(tokens * 0.8)
  return {
    passed: parts.passed,
    status: parts.status ?? 'completed',
    path: parts.path,
    outcomes: parts.outcomes ?? {},
    judgements: parts.judgements ?? {},
    tools: parts.turns.map((turn) => turn.tools ?? []),
    turns: parts.turns,
    tokens: { input, output: tokens - input, total: tokens },
    cost: parts.cost,
    latencyMs: parts.latencyMs ?? 1500,
    error: parts.error,
    infrastructure: parts.infrastructure,
  }
}

function turn(
  node: string,
  question: string,
  answer: string | null,
  extra: Partial<TurnMeta> = {},
): TurnMeta {
  return { node, verify: null, question, answer, ...extra }
}

/** Statistics as the logic computes them, written out. */
function stats(
  parts: Omit<PairedStatistics, 'interval'> & { low: number; high: number },
): PairedStatistics {
  const { low, high, ...rest } = parts
  return { ...rest, interval: { low, high, confidence: 0.95 } }
}

const politeTurns = (answer: string): TurnMeta[] => [
  turn(
    'ask',
    'My blender arrived broken. Order 4417.',
    'Sorry to hear that! Let me look up order 4417.',
    {
      tools: ['lookupOrder'],
    },
  ),
  turn('insist', 'I want my money back NOW.', answer),
]

const tone = (met: boolean): JudgementMeta => ({
  verdict: met ? 'pass' : 'fail',
  criteria: [
    {
      criterion: 'polite',
      verdict: met ? 'met' : 'unmet',
      reasoning: met
        ? 'The agent apologises and stays courteous although the customer shouts.'
        : 'The agent answers "Calm down, rules are rules", which dismisses the customer.',
    },
    {
      criterion: 'offers a next step',
      verdict: 'met',
      reasoning: 'It offers a refund or a replacement.',
    },
  ],
})

/** Regressed by a judge: one run each, the tone judge's `polite` went from met to unmet. */
function judgeRegression(): TestComparison {
  const baseline = sideRun({
    passed: true,
    path: ['ask', 'insist', END],
    turns: politeTurns('I completely understand. I can refund you right away or send a new one.'),
    outcomes: { tone: true },
    judgements: { tone: tone(true) },
    tokens: 1840,
    cost: 0.0021,
    latencyMs: 2100,
  })
  const candidate = sideRun({
    passed: false,
    path: ['ask', 'insist', END],
    turns: politeTurns('Calm down, rules are rules. I can refund you or send a new one.'),
    outcomes: { tone: false },
    judgements: { tone: tone(false) },
    tokens: 1710,
    cost: 0.0026,
    latencyMs: 1650,
  })
  return {
    file: 'test/support.test.ts',
    test: 'refund request > stays polite under pressure',
    bucket: 'regressed',
    driver: 'judge',
    baseline: { state: 'passed', passes: 1, n: 1, passRate: 1 },
    candidate: { state: 'failed', passes: 0, n: 1, passRate: 0 },
    pairs: [
      {
        sample: 0,
        baseline,
        candidate,
        firstDifferingTurn: 1,
        changes: [
          { kind: 'outcome', name: 'tone', baseline: 'true', candidate: 'false' },
          { kind: 'judge', name: 'tone: polite', baseline: 'met', candidate: 'unmet' },
          {
            kind: 'answer',
            turn: 1,
            baseline: 'I completely understand. I can …',
            candidate: 'Calm down, rules are rules. …',
          },
        ],
      },
    ],
    delta: { tokens: -130, cost: 0.0005, latencyMs: -450 },
  }
}

const routeTurns = (refund: boolean): TurnMeta[] => [
  turn(
    'ask',
    'The charger I bought last week stopped working.',
    'Which order is it? I see 2 recent orders.',
    {
      tools: ['listOrders'],
      verify: true,
    },
  ),
  refund
    ? turn('refund', 'Order 9981.', 'Done: I refunded 24.99 to your card.', {
        tools: ['lookupOrder', 'issueRefund'],
        verify: false,
      })
    : turn(
        'escalate',
        'Order 9981.',
        'I have passed this to a specialist who will email you today.',
        {
          tools: ['lookupOrder', 'createTicket'],
          verify: true,
        },
      ),
]

/** Regressed by a route change, over 8 samples with evidence (McNemar p = 0.0156). */
function routeRegression(): TestComparison {
  const pairs: SamplePair[] = Array.from({ length: 8 }, (_, sample) => {
    const held = sample === 5
    const baseline = sideRun({
      passed: true,
      path: ['ask', 'escalate', END],
      turns: routeTurns(false),
      outcomes: { escalated: true, 'refund issued': false },
      tokens: 2300 + sample * 10,
      cost: 0.0031,
      latencyMs: 2600 + sample * 40,
    })
    const candidate = held
      ? sideRun({ ...baselineParts(), tokens: 2250, cost: 0.0036, latencyMs: 2400 })
      : sideRun({
          passed: false,
          path: ['ask', 'refund', END],
          turns: routeTurns(true),
          outcomes: { escalated: false, 'refund issued': true },
          tokens: 2100 + sample * 10,
          cost: 0.0034,
          latencyMs: 2300 + sample * 30,
        })
    return {
      sample,
      baseline,
      candidate,
      firstDifferingTurn: held ? undefined : 1,
      changes: held
        ? []
        : [
            { kind: 'path', baseline: 'ask → escalate → END', candidate: 'ask → refund → END' },
            { kind: 'verify', turn: 1, baseline: 'true', candidate: 'false' },
            { kind: 'outcome', name: 'escalated', baseline: 'true', candidate: 'false' },
            {
              kind: 'tools',
              turn: 1,
              baseline: 'lookupOrder, createTicket',
              candidate: 'lookupOrder, issueRefund',
            },
          ],
    }
  })
  return {
    file: 'test/support.test.ts',
    test: 'a defective charger is escalated, not refunded',
    project: 'support',
    bucket: 'regressed',
    driver: 'deterministic',
    baseline: { state: 'passed', passes: 8, n: 8, passRate: 1 },
    candidate: { state: 'failed', passes: 1, n: 8, passRate: 0.125 },
    statistics: stats({
      n: 8,
      baselinePasses: 8,
      candidatePasses: 1,
      lost: 7,
      gained: 0,
      difference: -0.875,
      low: -0.9722,
      high: -0.4907,
      pValue: 0.015625,
      verdict: 'worse',
    }),
    pairs,
    delta: { tokens: -1230, cost: 0.0024, latencyMs: -2580 },
  }
}

function baselineParts(): RunParts {
  return {
    passed: true,
    path: ['ask', 'escalate', END],
    turns: routeTurns(false),
    outcomes: { escalated: true, 'refund issued': false },
  }
}

/** Fixed deterministically: the candidate checks the order before refunding (verify and tools). */
function verifyFix(): TestComparison {
  const turns = (checks: boolean): TurnMeta[] => [
    turn('greet', 'Hi, I need help with an order.', 'Hello! What is the order number?'),
    turn(
      'details',
      'It is 5120, a lamp.',
      checks ? 'Found it: the lamp, delivered on May 2.' : 'Okay, a lamp.',
      {
        tools: checks ? ['lookupOrder'] : [],
        verify: checks,
      },
    ),
    turn('resolve', 'It flickers. Can you replace it?', 'A replacement lamp ships tomorrow.', {
      tools: ['createReplacement'],
      verify: true,
    }),
  ]
  const baseline = sideRun({
    passed: false,
    path: ['greet', 'details', 'resolve', END],
    turns: turns(false),
    outcomes: { 'order checked': false, turns: 3 },
    tokens: 2950,
    cost: 0.0032,
    latencyMs: 3100,
  })
  const candidate = sideRun({
    passed: true,
    path: ['greet', 'details', 'resolve', END],
    turns: turns(true),
    outcomes: { 'order checked': true, turns: 3 },
    tokens: 3320,
    cost: 0.0041,
    latencyMs: 3600,
  })
  return {
    file: 'test/orders.test.ts',
    test: 'checks the order before replacing it',
    bucket: 'fixed',
    driver: 'deterministic',
    baseline: { state: 'failed', passes: 0, n: 1, passRate: 0 },
    candidate: { state: 'passed', passes: 1, n: 1, passRate: 1 },
    pairs: [
      {
        sample: 0,
        baseline,
        candidate,
        firstDifferingTurn: 1,
        changes: [
          { kind: 'verify', turn: 1, baseline: 'false', candidate: 'true' },
          { kind: 'outcome', name: 'order checked', baseline: 'false', candidate: 'true' },
          { kind: 'tools', turn: 1, baseline: '(none)', candidate: 'lookupOrder' },
        ],
      },
    ],
    delta: { tokens: 370, cost: 0.0009, latencyMs: 500 },
  }
}

/** Flaky: the samples disagree on both sides, no evidence either way. */
function flakyTest(): TestComparison {
  const baselinePass = [true, false, true, true, false]
  const candidatePass = [true, false, false, true, false]
  const pairs: SamplePair[] = baselinePass.map((passed, sample) => {
    const other = candidatePass[sample] ?? false
    const side = (ok: boolean, tokens: number) =>
      sideRun({
        passed: ok,
        path: ok ? ['ask', 'clarify', END] : ['ask', 'guess', END],
        turns: [
          turn('ask', 'Book me a table for Friday.', 'For how many people?'),
          ok
            ? turn('clarify', 'Four.', 'Booked: Friday, 4 people, 19:00.', { tools: ['book'] })
            : turn('guess', 'Four.', 'Booked for two on Saturday.', { tools: ['book'] }),
        ],
        outcomes: { 'booking right': ok },
        tokens,
        cost: 0.0011,
        latencyMs: 900,
      })
    return {
      sample,
      baseline: side(passed, 980),
      candidate: side(other, 1010),
      firstDifferingTurn: passed === other ? undefined : 1,
      changes:
        passed === other
          ? []
          : [{ kind: 'path', baseline: 'ask → clarify → END', candidate: 'ask → guess → END' }],
    }
  })
  return {
    file: 'test/booking.test.ts',
    test: 'books the table it was asked for',
    bucket: 'flaky',
    reason:
      'the samples disagree on both sides (3/5 and 2/5) and the paired comparison finds no evidence (p = 1)',
    baseline: { state: 'passed', passes: 3, n: 5, passRate: 0.6 },
    candidate: { state: 'failed', passes: 2, n: 5, passRate: 0.4 },
    statistics: stats({
      n: 5,
      baselinePasses: 3,
      candidatePasses: 2,
      lost: 1,
      gained: 0,
      difference: -0.2,
      low: -0.6245,
      high: 0.2859,
      pValue: 1,
      verdict: 'no evidence',
    }),
    pairs,
    delta: { tokens: 150, cost: 0, latencyMs: 0 },
  }
}

/** Not comparable: the candidate's server answered 503. */
function serverDown(): TestComparison {
  const baseline = sideRun({
    passed: true,
    path: ['ask', END],
    turns: [
      turn('ask', 'What are your opening hours?', 'We are open 9:00–18:00, Monday to Saturday.'),
    ],
    outcomes: { 'hours given': true },
    tokens: 640,
    cost: 0.0007,
    latencyMs: 800,
  })
  const candidate = sideRun({
    passed: false,
    status: 'error',
    path: ['ask'],
    turns: [turn('ask', 'What are your opening hours?', null, { error: 'server_error' })],
    tokens: 0,
    latencyMs: 120,
    error: {
      node: 'ask',
      category: 'server_error',
      stage: 'answer',
      message: 'HTTP 503 Service Unavailable',
    },
    infrastructure: 'server_error: HTTP 503 Service Unavailable',
  })
  return {
    file: 'test/faq.test.ts',
    test: 'gives the opening hours',
    bucket: 'not-comparable',
    reason:
      "the candidate's run failed with server_error (HTTP 503 Service Unavailable): an infrastructure failure, not a verdict",
    baseline: { state: 'passed', passes: 1, n: 1, passRate: 1 },
    candidate: { state: 'failed', passes: 0, n: 1, passRate: 0 },
    pairs: [
      {
        sample: 0,
        baseline,
        candidate,
        firstDifferingTurn: 0,
        changes: [{ kind: 'status', baseline: 'completed', candidate: 'error' }],
      },
    ],
    delta: { tokens: -640, latencyMs: -680 },
  }
}

/** A test that passed (or failed) the same way on both sides. */
function unchanged(file: string, name: string, passed: boolean): TestComparison {
  const side = (tokens: number) =>
    sideRun({
      passed,
      path: ['ask', 'answer', END],
      turns: [
        turn('ask', 'Where is my parcel?', 'Let me check the tracking.', { tools: ['track'] }),
        turn('answer', 'Thanks.', passed ? 'It arrives tomorrow.' : 'I cannot tell.'),
      ],
      outcomes: { 'tracking given': passed },
      tokens,
      cost: 0.001,
      latencyMs: 1000,
    })
  const state = passed ? 'passed' : 'failed'
  return {
    file,
    test: name,
    bucket: passed ? 'unchanged-pass' : 'unchanged-fail',
    baseline: { state, passes: passed ? 1 : 0, n: 1, passRate: passed ? 1 : 0 },
    candidate: { state, passes: passed ? 1 : 0, n: 1, passRate: passed ? 1 : 0 },
    pairs: [{ sample: 0, baseline: side(900), candidate: side(950), changes: [] }],
    delta: { tokens: 50, cost: 0, latencyMs: 0 },
  }
}

/** Counts of `tests` per bucket. */
export function countBuckets(tests: readonly TestComparison[]): Record<Bucket, number> {
  const counts = Object.fromEntries(BUCKETS.map((bucket) => [bucket, 0])) as Record<Bucket, number>
  for (const test of tests) counts[test.bucket] += 1
  return counts
}

/** The comparison the views' tests and the docs screenshot render: eight tests, every bucket. */
export function comparisonFixture(): Comparison {
  const tests = [
    routeRegression(),
    judgeRegression(),
    verifyFix(),
    flakyTest(),
    serverDown(),
    unchanged('test/orders.test.ts', 'cancels an order on request', false),
    unchanged('test/parcels.test.ts', 'tells where the parcel is', true),
    unchanged('test/parcels.test.ts', 'answers in the customer’s language', true),
  ]
  return withTests(tests)
}

/** The fixture's header, totals, statistics and gates around `tests`. */
export function withTests(tests: TestComparison[]): Comparison {
  return {
    kind: COMPARISON_KIND,
    version: COMPARISON_VERSION,
    createdAt: '2026-05-14T09:30:00.000Z',
    baseline: {
      source: 'test-results/baseline/results.json',
      createdAt: '2026-05-14T09:20:00.000Z',
      commit: '3f9c2e1a7b',
      branch: 'main',
    },
    candidate: {
      source: 'test-results/candidates/gpt-next/results.json',
      createdAt: '2026-05-14T09:28:00.000Z',
      commit: '3f9c2e1a7b',
      branch: 'main',
      candidate: 'gpt-next',
      fork: 1,
    },
    counts: countBuckets(tests),
    totals: {
      baseline: { tokens: 41_230, cost: 0.0512, latencyMs: 48_200 },
      candidate: { tokens: 40_560, cost: 0.0606, latencyMs: 41_900 },
      costChange: 18.359375,
      latencyChange: -13.070539,
    },
    statistics: stats({
      n: 18,
      baselinePasses: 14,
      candidatePasses: 6,
      lost: 10,
      gained: 2,
      difference: -0.4444,
      low: -0.6521,
      high: -0.1649,
      pValue: 0.0385742,
      verdict: 'worse',
    }),
    gates: {
      failed: true,
      results: [
        {
          gate: 'regressed',
          limit: 0,
          actual: 2,
          passed: false,
          message: '2 tests regressed; at most 0 may',
        },
        {
          gate: 'worse',
          limit: true,
          actual: true,
          passed: false,
          message: 'the suite is worse (McNemar p = 0.039)',
        },
        {
          gate: 'costIncrease',
          limit: 25,
          actual: 18.4,
          passed: true,
          message: 'cost +18.4%, within +25%',
        },
      ],
    },
    tests,
  }
}

/** Text a hostile test name, answer or reasoning may hold: markup, a terminal escape, pipes. */
export const HOSTILE =
  '<script>alert(1)</script> | a | b ** _x_ `y` [z](http://evil.test) \u001b]0;pwned\u0007 \u001b[2J </noscript></details><img src=x onerror=alert(2)>'

/** The fixture with hostile text in every field a user or a model writes. */
export function hostileComparison(): Comparison {
  const comparison = comparisonFixture()
  for (const test of comparison.tests) {
    test.test = `${test.test} ${HOSTILE}`
    test.file = `test/${HOSTILE}.test.ts`
    if (test.reason !== undefined) test.reason = `${test.reason} ${HOSTILE}`
    for (const pair of test.pairs) {
      for (const change of pair.changes) {
        change.name = HOSTILE
        change.baseline = HOSTILE
        change.candidate = HOSTILE
      }
      for (const run of [pair.baseline, pair.candidate]) {
        if (run === undefined) continue
        run.path = run.path.map((node) => `${node}${HOSTILE}`)
        run.outcomes = { [HOSTILE]: false }
        run.tools = run.tools.map((names) => names.map((name) => `${name}${HOSTILE}`))
        for (const turn of run.turns) {
          turn.question = HOSTILE
          turn.answer = HOSTILE
          turn.tools = (turn.tools ?? []).map((name) => `${name}${HOSTILE}`)
        }
        for (const judgement of Object.values(run.judgements)) {
          for (const criterion of judgement.criteria) {
            criterion.criterion = HOSTILE
            criterion.reasoning = HOSTILE
          }
        }
        if (run.infrastructure !== undefined) run.infrastructure = HOSTILE
      }
    }
  }
  comparison.candidate.candidate = HOSTILE
  comparison.candidate.source = HOSTILE
  for (const gate of comparison.gates.results) gate.message = HOSTILE
  return comparison
}

/**
 * A comparison of `count` tests: the fixture's tests repeated under new names, in the fixture's
 * bucket order (regressions first), as a suite of that size would be.
 */
export function manyTests(count: number): Comparison {
  const base = comparisonFixture().tests
  const tests: TestComparison[] = Array.from({ length: count }, (_, i) => {
    const source = base[i % base.length] as TestComparison
    return {
      ...source,
      test: `case ${i}: ${source.test}`,
      file: `test/batch-${Math.floor(i / 50)}.test.ts`,
    }
  })
  const order = new Map(BUCKETS.map((bucket, i) => [bucket, i]))
  tests.sort((a, b) => (order.get(a.bucket) ?? 0) - (order.get(b.bucket) ?? 0))
  return withTests(tests)
}
