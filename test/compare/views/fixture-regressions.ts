// The fixture's two regressions: one flipped by a judge (a criterion met → unmet), one by a
// changed route over eight samples with evidence (McNemar p = 0.0156).
import type { SamplePair, TestComparison } from '../../../src/compare/comparison.js'
import type { JudgementMeta, TurnMeta } from '../../../src/hosts/core/meta/scenario-meta.js'
import { END, type RunParts, sideRun, stats, turn } from './fixture-runs.js'

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
export function judgeRegression(): TestComparison {
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
export function routeRegression(): TestComparison {
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
