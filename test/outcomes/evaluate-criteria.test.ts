import { describe, expect, test } from 'vitest'
import type { Diagnostic } from '../../src/state/types.js'
import {
  countTurns,
  evaluateCriteria,
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
  const values = await evaluateCriteria(criteria, run, diagnostics)
  return { values, diagnostics }
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

  test('a criterion that throws is false with an outcome diagnostic naming it', async () => {
    const { values, diagnostics } = await evaluate([
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

  test('an evaluate value that is neither boolean nor number is false with a diagnostic (13.28)', async () => {
    const { values, diagnostics } = await evaluate([
      { name: 'text', evaluate: () => 'yes' as never },
      { name: 'nothing', evaluate: () => undefined as never },
      { name: 'object', evaluate: async () => ({ pass: true }) as never },
    ])
    expect(values).toEqual({ text: false, nothing: false, object: false })
    expect(diagnostics.map((d) => d.message)).toEqual([
      "Outcome 'text' counted as false: evaluate returned 'yes', not a boolean or a number",
      "Outcome 'nothing' counted as false: evaluate returned undefined, not a boolean or a number",
      "Outcome 'object' counted as false: evaluate returned an object, not a boolean or a number",
    ])
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
