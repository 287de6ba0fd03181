import { describe, expect, test } from 'vitest'
import { ModelCallError, RecordingMissingError } from '../../src/errors/index.js'
import type { Diagnostic } from '../../src/state/types.js'
import {
  countTurns,
  evaluateCriteria,
  judge,
  lastTurn,
  type OutcomeCriterion,
  statusIs,
  turnAt,
  turnCheck,
} from './imports.js'
import { makeResult } from './make-result.js'

const run = makeResult([
  { nodeId: 'ask', verifyResult: true },
  { nodeId: 'challenge', verifyResult: false },
])

async function evaluate(criteria: readonly OutcomeCriterion[]) {
  const diagnostics: Diagnostic[] = []
  const { values, errors, reasons } = await evaluateCriteria(criteria, run, diagnostics)
  return { values, errors, reasons, diagnostics }
}

describe('evaluateCriteria', () => {
  test('evaluates checks and callables in registration order, numbers included', async () => {
    const order: string[] = []
    const { values, diagnostics } = await evaluate([
      { name: 'kept', check: lastTurn({ verifyResult: true }) },
      {
        name: 'slow',
        evaluate: async (result) => {
          await new Promise((resolve) => setTimeout(resolve, 5))
          order.push('slow')
          return result.turnCount
        },
      },
      {
        name: 'correct',
        description: 'turns answered right',
        check: countTurns({ verifyResult: true }),
      },
      {
        name: 'fast',
        evaluate: () => {
          order.push('fast')
          return true
        },
      },
    ])
    expect(values).toEqual({ kept: false, slow: 2, correct: 1, fast: true })
    expect(Object.keys(values)).toEqual(['kept', 'slow', 'correct', 'fast'])
    expect(order).toEqual(['slow', 'fast'])
    expect(diagnostics).toEqual([])
  })

  test('a criterion with both check and evaluate uses check', async () => {
    let called = false
    const { values } = await evaluate([
      {
        name: 'both',
        check: statusIs('completed'),
        evaluate: () => {
          called = true
          return false
        },
      },
    ])
    expect(values).toEqual({ both: true })
    expect(called).toBe(false)
  })

  test('a criterion that throws is false with an outcome diagnostic naming it, and an error', async () => {
    const { values, errors, diagnostics } = await evaluate([
      {
        name: 'boom',
        evaluate: () => {
          throw new Error('no such field')
        },
      },
      { name: 'rejects', evaluate: () => Promise.reject(new TypeError('bad')) },
      { name: 'broken', check: { type: 'AllOf', conditions: [countTurns()] } as never },
      { name: 'after', check: statusIs('completed') },
    ])
    expect(values).toEqual({ boom: false, rejects: false, broken: false, after: true })
    // An error is not a verdict: each one that threw says why in `errors`.
    expect(errors).toEqual({
      boom: { category: 'unexpected', message: 'evaluate threw Error: no such field' },
      rejects: { category: 'unexpected', message: 'evaluate threw TypeError: bad' },
      broken: {
        category: 'unexpected',
        message: expect.stringMatching(/^its check threw InvalidArgumentError: /),
      },
    })
    expect(diagnostics).toEqual([
      {
        kind: 'outcome',
        message: "Outcome 'boom' counted as false: it threw Error: no such field",
      },
      { kind: 'outcome', message: "Outcome 'rejects' counted as false: it threw TypeError: bad" },
      {
        kind: 'outcome',
        message:
          "Outcome 'broken' counted as false: it threw InvalidArgumentError: [vitest-scenario] An aggregation ('CountTurns') cannot be composed\nAggregations return a number; add one as an outcome of its own.",
      },
    ])
  })

  test('an evaluate value that is neither boolean, number nor { pass, reason? } is false with a diagnostic', async () => {
    const { values, errors, diagnostics } = await evaluate([
      { name: 'text', evaluate: () => 'yes' as never },
      { name: 'nothing', evaluate: () => undefined as never },
      { name: 'object', evaluate: async () => ({ passed: true }) as never },
      { name: 'reason', evaluate: async () => ({ pass: true, reason: 7 }) as never },
    ])
    expect(values).toEqual({ text: false, nothing: false, object: false, reason: false })
    expect(errors).toEqual({})
    expect(diagnostics.map((d) => d.message)).toEqual([
      "Outcome 'text' counted as false: evaluate returned 'yes', not a boolean, a number or { pass, reason? }",
      "Outcome 'nothing' counted as false: evaluate returned undefined, not a boolean, a number or { pass, reason? }",
      "Outcome 'object' counted as false: evaluate returned an object, not a boolean, a number or { pass, reason? }",
      "Outcome 'reason' counted as false: evaluate returned an object, not a boolean, a number or { pass, reason? }",
    ])
  })

  test('a callable may say why: { pass, reason? } gives the verdict, the reason lands in reasons', async () => {
    const { values, reasons, errors, diagnostics } = await evaluate([
      {
        name: 'short',
        evaluate: () => ({ pass: false, reason: 'took 2 turns, at most 1 allowed' }),
      },
      { name: 'ok', evaluate: async () => ({ pass: true, reason: 'no tool errors' }) },
      { name: 'bare', evaluate: () => ({ pass: true }) },
      { name: '__proto__', evaluate: () => ({ pass: false, reason: 'kept as a key' }) },
    ])
    expect(values).toEqual({ short: false, ok: true, bare: true, ['__proto__']: false })
    expect(reasons).toEqual({
      short: 'took 2 turns, at most 1 allowed',
      ok: 'no tool errors',
      ['__proto__']: 'kept as a key',
    })
    expect(Object.keys(reasons)).toEqual(['short', 'ok', '__proto__'])
    expect(errors).toEqual({})
    expect(diagnostics).toEqual([])
  })

  test('a model call or a recording miss inside a callable keeps its category', async () => {
    const miss = new RecordingMissingError(
      { what: 'No recording for POST /v1/chat/completions' },
      { file: 'a.json', mode: 'replay' },
    )
    const { values, errors } = await evaluate([
      {
        name: 'call',
        evaluate: () => {
          throw new ModelCallError(
            { category: 'rate_limit', stage: 'verify', attempts: 3, model: 'm', message: '429' },
            undefined,
          )
        },
      },
      {
        name: 'wrapped',
        evaluate: () => Promise.reject(new Error('fetch failed', { cause: miss })),
      },
    ])
    expect(values).toEqual({ call: false, wrapped: false })
    expect(errors).toEqual({
      call: { category: 'rate_limit', message: "A call to model 'm' failed (rate_limit): 429" },
      wrapped: { category: 'recording', message: miss.what },
    })
  })

  test('a judge() check evaluated without a judge is an error, not a verdict', async () => {
    const { values, errors } = await evaluate([{ name: 'polite', check: judge(['Polite']) }])
    expect(values).toEqual({ polite: false })
    expect(errors.polite?.category).toBe('unexpected')
  })

  test('a criterion with neither check nor evaluate is false with a diagnostic', async () => {
    const { values, diagnostics } = await evaluate([{ name: 'empty' }])
    expect(values).toEqual({ empty: false })
    expect(diagnostics).toEqual([
      {
        kind: 'outcome',
        message:
          "Outcome 'empty' counted as false: it has neither a check nor an evaluate function",
      },
    ])
  })

  test("a check's diagnostics are kept, prefixed with the criterion's name", async () => {
    const { values, diagnostics } = await evaluate([
      { name: 'third', check: turnCheck(turnAt(2), 'verifyResult', true) },
    ])
    expect(values).toEqual({ third: false })
    expect(diagnostics).toEqual([
      {
        kind: 'outcome',
        message:
          "Outcome 'third': turnAt(2) selects no turn (the run has 2 turns); the check does not match.",
      },
    ])
  })

  test('names are ordinary keys, even __proto__', async () => {
    const { values } = await evaluate([{ name: '__proto__', check: statusIs('completed') }])
    expect(Object.keys(values)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype)
  })
})
