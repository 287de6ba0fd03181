import { describe, expect, test } from 'vitest'
import type { Diagnostic } from '../../src/state/types.js'
import {
  allTurns,
  anyTurn,
  type BooleanCheck,
  crossTurn,
  evaluateOutcome,
  firstTurnScope,
  lastTurn,
  lastTurnScope,
  resultCheck,
  turnAt,
  turnCheck,
} from './imports.js'
import { makeResult } from './make-result.js'

const run = makeResult([
  { nodeId: 'ask', parsedFields: { score: 'high', target: 'BCL2' }, verifyResult: true },
  { nodeId: 'challenge', parsedFields: { target: null }, verifyResult: null, rawResponse: null },
])

function diagnose(check: BooleanCheck): { value: boolean; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const value = evaluateOutcome(check, run, { diagnostics })
  // Without a diagnostics array the verdict is the same (and nothing is collected).
  expect(evaluateOutcome(check, run)).toBe(value)
  return { value, diagnostics }
}

describe('outcome diagnostics', () => {
  test('a missing or null value names the turn, its node and the field (13.46)', () => {
    expect(diagnose(lastTurn({ 'parsed.target': 'BCL2', verifyResult: true }))).toEqual({
      value: false,
      diagnostics: [
        {
          kind: 'outcome',
          message:
            "Turn 1 ('challenge') has no value at 'parsed.target' (null); the check does not match.",
          nodeId: 'challenge',
          turn: 1,
          path: 'parsed.target',
        },
      ],
    })
    expect(diagnose(turnCheck(turnAt(0), 'parsed.dose', { gt: 1 })).diagnostics).toEqual([
      {
        kind: 'outcome',
        message:
          "Turn 0 ('ask') has no value at 'parsed.dose' (undefined); the check does not match.",
        nodeId: 'ask',
        turn: 0,
        path: 'parsed.dose',
      },
    ])
  })

  test('the null value form matching a missing value leaves nothing', () => {
    expect(diagnose(lastTurn({ 'parsed.target': null, rawResponse: null }))).toEqual({
      value: true,
      diagnostics: [],
    })
  })

  test('a value of a type the primitive does not take is a wrong-type diagnostic', () => {
    expect(diagnose(turnCheck(turnAt(0), 'parsed.score', { gte: 3 }))).toEqual({
      value: false,
      diagnostics: [
        {
          kind: 'outcome',
          message:
            "Turn 0 ('ask') has 'high' at 'parsed.score', which NumericMinimum does not take; the check does not match.",
          nodeId: 'ask',
          turn: 0,
          path: 'parsed.score',
        },
      ],
    })
    // A plain mismatch of the right type is no diagnostic.
    expect(diagnose(turnCheck(turnAt(0), 'parsed.target', 'BCL2L1')).diagnostics).toEqual([])
    expect(diagnose(resultCheck('path', { gte: 1 })).diagnostics).toEqual([
      {
        kind: 'outcome',
        message:
          "The result has an array at 'path', which NumericMinimum does not take; the check does not match.",
        path: 'path',
      },
    ])
  })

  test('an unknown turn field is reported once per check, not per turn', () => {
    expect(diagnose(anyTurn({ verifyResults: true })).diagnostics).toEqual([
      {
        kind: 'outcome',
        message:
          "'verifyResults' is not a turn field (nodeId, verifyResult, rawResponse, questionText, parsed.<field>, rubric.<trait>, toolNames, toolCalls, agent, agents, guardrail.name); it reads as undefined.",
        path: 'verifyResults',
      },
    ])
  })

  test('a scope that selects no turn says why', () => {
    expect(
      diagnose(turnCheck(turnAt(-3), 'nodeId', 'ask')).diagnostics.map((d) => d.message),
    ).toEqual(['turnAt(-3) selects no turn (the run has 2 turns); the check does not match.'])
    expect(
      diagnose(allTurns({ nodeId: 'x' }, { node: ['retry', 'confirm'] })).diagnostics.map(
        (d) => d.message,
      ),
    ).toEqual([
      "allTurns (nodes 'retry', 'confirm') selects no turn (the run has 2 turns); the check does not match.",
    ])
  })

  test('anyTurn stops at the first passing turn, allTurns at the first failing one', () => {
    expect(diagnose(anyTurn({ 'parsed.target': 'BCL2' })).diagnostics).toEqual([])
    expect(diagnose(allTurns({ verifyResult: false })).diagnostics).toEqual([])
    expect(diagnose(anyTurn({ 'parsed.target': 'x' })).diagnostics).toHaveLength(1)
  })

  test('cross-turn checks explain set scopes, missing values and unorderable values', () => {
    const cross = (over: Partial<Parameters<typeof crossTurn>[0]>) =>
      diagnose(
        crossTurn({
          source: firstTurnScope(),
          sourceField: 'parsed.target',
          target: lastTurnScope(),
          targetField: 'parsed.target',
          comparison: 'eq',
          ...over,
        }),
      ).diagnostics.map((d) => d.message)
    expect(cross({ source: { type: 'AnyTurn' } })).toEqual([
      'crossTurn source scope anyTurn does not select a single turn (use firstTurnScope(), lastTurnScope() or turnAt(i)); the check does not match.',
    ])
    expect(cross({})).toEqual([
      "Turn 1 ('challenge') has no value at 'parsed.target' (null); the check does not match.",
    ])
    expect(
      cross({
        targetField: 'verifyResult',
        sourceField: 'parsed.score',
        target: turnAt(0),
        comparison: 'lt',
      }),
    ).toEqual([
      "crossTurn 'lt' cannot order true and 'high' (it orders two numbers or two strings); the check does not match.",
    ])
    expect(cross({ targetField: 'parsed.nothing', target: turnAt(0) })).toEqual([
      "Turn 0 ('ask') has no value at 'parsed.nothing' (undefined); the check does not match.",
    ])
    expect(cross({ targetField: 'answer', target: turnAt(0) })).toEqual([
      "'answer' is not a turn field (nodeId, verifyResult, rawResponse, questionText, parsed.<field>, rubric.<trait>, toolNames, toolCalls, agent, agents, guardrail.name); it reads as undefined.",
    ])
  })
})
