import { describe, expect, test } from 'vitest'
import type { Diagnostic } from '../../src/state/types.js'
import {
  anyOf,
  evaluateOutcome,
  exactMatch,
  handedOffTo,
  hydrateOutcomeCheck,
  lastTurnScope,
  turnAt,
  turnCheck,
} from './imports.js'
import { makeResult } from './make-result.js'

// `handedOffTo` (a handoff is an agent in a turn's chain after its first entry) and the agent
// and guardrail fields of a turn as checks read them.

const result = makeResult([
  { nodeId: 'ask', agent: 'triage', agents: ['triage'] },
  { nodeId: 'refund', agent: 'billing', agents: ['triage', 'billing'] },
  {
    nodeId: 'math',
    rawResponse: null,
    agent: 'triage',
    agents: ['triage'],
    guardrail: { name: 'no-math', kind: 'input', info: { reason: 'homework' } },
  },
])

describe('handedOffTo', () => {
  test('holds when the agent follows the first entry of some turn’s chain', () => {
    expect(evaluateOutcome(handedOffTo('billing'), result)).toBe(true)
    // The entry agent of every turn was never handed off to.
    expect(evaluateOutcome(handedOffTo('triage'), result)).toBe(false)
    expect(evaluateOutcome(handedOffTo('shipping'), result)).toBe(false)
  })

  test('a scope narrows it to a turn, some turns or every turn', () => {
    expect(evaluateOutcome(handedOffTo('billing', { scope: turnAt(1) }), result)).toBe(true)
    expect(evaluateOutcome(handedOffTo('billing', { scope: turnAt(0) }), result)).toBe(false)
    expect(evaluateOutcome(handedOffTo('billing', { scope: lastTurnScope() }), result)).toBe(false)
    expect(
      evaluateOutcome(
        handedOffTo('billing', { scope: { type: 'AnyTurn', nodeId: 'refund' } }),
        result,
      ),
    ).toBe(true)
    expect(evaluateOutcome(handedOffTo('billing', { scope: { type: 'AllTurns' } }), result)).toBe(
      false,
    )
    expect(
      evaluateOutcome(
        handedOffTo('billing', { scope: { type: 'AllTurns', nodeId: 'refund' } }),
        result,
      ),
    ).toBe(true)
  })

  test('a scope that selects no turn is false, with a diagnostic naming the check', () => {
    const diagnostics: Diagnostic[] = []
    const check = handedOffTo('billing', { scope: turnAt(7) })
    expect(evaluateOutcome(check, result, { diagnostics })).toBe(false)
    expect(diagnostics.map((d) => d.message)).toEqual([
      "handedOffTo 'billing' (turnAt(7)): turnAt(7) selects no turn (the run has 3 turns); the check does not match.",
    ])
  })

  test('turns without a chain (a result from before chains) never hand off', () => {
    const old = makeResult([{ nodeId: 'ask', agent: 'billing' }])
    expect(evaluateOutcome(handedOffTo('billing'), old)).toBe(false)
  })

  test('is plain data: a JSON copy evaluates the same, also composed', () => {
    const check = anyOf(handedOffTo('billing', { scope: turnAt(1) }), handedOffTo('shipping'))
    const copy = hydrateOutcomeCheck(JSON.parse(JSON.stringify(check)), 'outcome')
    expect(copy).toEqual(check)
    expect(evaluateOutcome(copy, result)).toBe(true)
  })

  test('bad input is an InvalidArgumentError naming the place', () => {
    expect(() => handedOffTo('')).toThrow(
      "[vitest-scenario] handedOffTo(agent) needs the name of the agent handed off to (a non-empty string), got ''",
    )
    expect(() =>
      hydrateOutcomeCheck(
        { type: 'HandedOffTo', agent: 'billing', scope: { type: 'Nope' } },
        'outcome',
      ),
    ).toThrow(/is not a scope/)
    expect(() =>
      hydrateOutcomeCheck({ type: 'HandedOffTo', agent: 'b', turn: 1 }, 'outcome'),
    ).toThrow(/Unknown key 'turn'/)
  })
})

describe('turn fields of agents and guardrails', () => {
  test('turnCheck reads agent, agents.<i> and guardrail.name', () => {
    const holds = (field: string, expected: unknown, scope = turnAt(2)) =>
      evaluateOutcome(turnCheck(scope, field, expected, exactMatch()), result)
    expect(holds('guardrail.name', 'no-math')).toBe(true)
    expect(holds('guardrail.kind', 'input')).toBe(true)
    expect(holds('guardrail.info.reason', 'homework')).toBe(true)
    expect(holds('guardrail.name', 'no-math', turnAt(1))).toBe(false)
    expect(holds('agent', 'billing', turnAt(1))).toBe(true)
    expect(holds('agents.0', 'triage', turnAt(1))).toBe(true)
  })

  test('the fields are known: no typo diagnostic', () => {
    const diagnostics: Diagnostic[] = []
    evaluateOutcome(turnCheck(lastTurnScope(), 'guardrail.name', 'x', exactMatch()), result, {
      diagnostics,
    })
    evaluateOutcome(turnCheck(lastTurnScope(), 'agents', ['x'], exactMatch()), result, {
      diagnostics,
    })
    expect(diagnostics.filter((d) => d.message.includes('is not a turn field'))).toEqual([])
  })
})
