// Results reports with judged conversations for the labeller's tests, and a fake terminal that
// types keys: a stream that says it is a TTY and records its raw mode.
import { PassThrough } from 'node:stream'
import type { CliInput } from '../../src/cli/cli-context.js'
import type { JudgementMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import type { ResultsReport } from '../../src/results/results-report.js'
import { reportOf, runOf, testOf } from '../compare/support/report-builder.js'

/** A judge's decision on two criteria of a refund conversation. */
export function refundJudgement(
  verdicts: ['met' | 'unmet' | 'inconclusive', 'met' | 'unmet' | 'inconclusive'] = ['met', 'unmet'],
): JudgementMeta {
  return {
    verdict: verdicts.every((v) => v === 'met') ? 'pass' : 'fail',
    criteria: [
      {
        criterion: 'The agent asks for the order number',
        verdict: verdicts[0],
        reasoning: 'Turn 0: "What is your order number?"',
      },
      {
        criterion: 'The agent apologizes',
        verdict: verdicts[1],
        reasoning: 'No turn says sorry.',
      },
    ],
  }
}

/** A judged run whose transcript is `text` (hash from `hash`, a hex digit repeated). */
export function judgedRun(text: string | undefined, hash: string, judgement = refundJudgement()) {
  const run = runOf({ outcomes: { polite: judgement.verdict === 'pass' } })
  run.judgements = { polite: judgement }
  run.transcript = { hash: `sha256:${hash.repeat(16).slice(0, 16)}` }
  if (text !== undefined) run.transcript.text = text
  return run
}

/**
 * A report of two test files: `refunds` (two samples, each judged on two criteria) and `orders`
 * (one judged run), plus one test with no judge.
 */
export function labelReport(): ResultsReport {
  return reportOf([
    testOf({
      test: 'refunds > asks first',
      file: 'test/refunds.test.ts',
      runs: [
        judgedRun('USER: I want a refund.\nASSISTANT: What is your order number?', 'a'),
        judgedRun(
          'USER: Refund please.\nASSISTANT: Sure, which order?',
          'b',
          refundJudgement(['met', 'met']),
        ),
      ],
    }),
    testOf({
      test: 'orders > late parcel',
      file: 'test/orders.test.ts',
      runs: [judgedRun('USER: Where is my parcel?\nASSISTANT: Sorry! Order number?', 'c')],
    }),
    testOf({ test: 'orders > no judge', file: 'test/orders.test.ts' }),
  ])
}

/** A fake terminal: `type` queues keys; `raw` says whether raw mode is on. */
export interface FakeTerminal extends CliInput {
  type(keys: string): void
  raw: boolean
  rawModes: boolean[]
}

/** A stream that says it is a terminal (or not, with `isTTY: false`). */
export function fakeTerminal(isTTY = true): FakeTerminal {
  const stream = new PassThrough()
  const terminal = stream as unknown as FakeTerminal
  Object.assign(terminal, {
    isTTY,
    raw: false,
    rawModes: [],
    setRawMode(raw: boolean) {
      terminal.raw = raw
      terminal.rawModes.push(raw)
      return terminal
    },
    type(keys: string) {
      stream.write(keys)
    },
  })
  return terminal
}
