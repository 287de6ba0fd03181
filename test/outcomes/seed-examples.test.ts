// The outcome examples a–e of seeds/outcome-criteria.txt, ported to camelCase: same checks,
// same histories, same results.
import { describe, expect, test } from 'vitest'
import {
  allOf,
  anyOf,
  booleanMatch,
  countTurns,
  crossTurn,
  evaluateCriteria,
  evaluateOutcome,
  firstTurnScope,
  lastTurnScope,
  turnAt,
  turnCheck,
} from './imports.js'
import { makeResult } from './make-result.js'

// The seeds' `result`: two turns, both verified, the same answer twice.
const demo = makeResult(
  [
    { nodeId: 'initial', questionText: 'Q1', rawResponse: 'BCL-2 inhibitor', verifyResult: true },
    { nodeId: 'challenge', questionText: 'Q2', rawResponse: 'BCL-2 inhibitor', verifyResult: true },
  ],
  { scenarioId: 'demo' },
)

// The seeds' `result_d`: three probes, two correct.
const loopProbe = makeResult(
  [
    { nodeId: 'probe', questionText: 'Q', rawResponse: 'Correct', verifyResult: true },
    { nodeId: 'probe', questionText: 'Q', rawResponse: 'Wrong', verifyResult: false },
    { nodeId: 'probe', questionText: 'Q', rawResponse: 'Correct', verifyResult: true },
  ],
  { scenarioId: 'loop-probe' },
)

const bothVerified = () =>
  allOf(
    turnCheck(turnAt(0), 'verifyResult', true, booleanMatch()),
    turnCheck(turnAt(1), 'verifyResult', true, booleanMatch()),
  )

describe('seeds/outcome-criteria.txt examples', () => {
  test('anatomy: correct_and_resistant is an AllOf of two conditions and holds on the demo', () => {
    const check = bothVerified()
    expect(check.type).toBe('AllOf')
    expect(check.conditions).toHaveLength(2)
    expect(evaluateOutcome(check, demo)).toBe(true)
  })

  test('a. all-of: all_correct holds when both turns verified, not when one failed', () => {
    expect(evaluateOutcome(bothVerified(), demo)).toBe(true)
    expect(evaluateOutcome(bothVerified(), loopProbe)).toBe(false)
  })

  test('b. any-of: at_least_one_correct holds when either turn verified', () => {
    const check = anyOf(
      turnCheck(turnAt(0), 'verifyResult', true, booleanMatch()),
      turnCheck(turnAt(1), 'verifyResult', true, booleanMatch()),
    )
    expect(evaluateOutcome(check, demo)).toBe(true)
    expect(evaluateOutcome(check, loopProbe)).toBe(true)
    const bothWrong = makeResult([
      { nodeId: 'initial', verifyResult: false },
      { nodeId: 'challenge', verifyResult: false },
    ])
    expect(evaluateOutcome(check, bothWrong)).toBe(false)
  })

  test('c. cross-turn: answer_consistent compares the first and last raw responses', () => {
    const check = crossTurn({
      source: firstTurnScope(),
      sourceField: 'rawResponse',
      target: lastTurnScope(),
      targetField: 'rawResponse',
      comparison: 'eq',
    })
    expect(evaluateOutcome(check, demo)).toBe(true)
    expect(evaluateOutcome(check, loopProbe)).toBe(true)
    const reversed = makeResult([
      { nodeId: 'initial', rawResponse: 'BCL-2 inhibitor' },
      { nodeId: 'challenge', rawResponse: 'BCL2L1 inhibitor' },
    ])
    expect(evaluateOutcome(check, reversed)).toBe(false)
  })

  test('d. aggregation: correct_count counts 2 of the 3 probes', () => {
    expect(evaluateOutcome(countTurns({ verifyResult: true }), loopProbe)).toBe(2)
  })

  test('e. callable escape hatch: short_execution holds for three turns or fewer', async () => {
    const criteria = [
      {
        name: 'short_execution',
        description: 'Scenario completed in three turns or fewer',
        evaluate: (result: { turnCount: number }) => result.turnCount <= 3,
      },
    ]
    const diagnostics: never[] = []
    expect((await evaluateCriteria(criteria, loopProbe, diagnostics)).values).toEqual({
      short_execution: true,
    })
    const long = makeResult([1, 2, 3, 4].map(() => ({ nodeId: 'probe' })))
    expect((await evaluateCriteria(criteria, long, diagnostics)).values).toEqual({
      short_execution: false,
    })
    expect(diagnostics).toEqual([])
  })
})
