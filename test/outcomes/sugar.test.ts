import { describe, expect, test } from 'vitest'
import {
  allTurns,
  anyTurn,
  evaluateOutcome,
  exactMatch,
  firstTurn,
  lastTurn,
  numericExact,
} from './imports.js'
import { makeResult } from './make-result.js'

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

const run = makeResult([
  { nodeId: 'ask', verifyResult: true, parsedFields: { target: 'BCL2', score: 4 } },
  { nodeId: 'challenge', verifyResult: false, parsedFields: { target: 'BCL2L1', score: 2 } },
  { nodeId: 'confirm', verifyResult: true, parsedFields: { target: 'bcl2 ', score: 5 } },
])

describe('firstTurn / lastTurn', () => {
  test('one field is one TurnCheck with the scope of the sugar', () => {
    expect(json(lastTurn({ verifyResult: true }))).toEqual({
      type: 'TurnCheck',
      scope: { type: 'LastTurn' },
      field: 'verifyResult',
      expected: true,
      verifyWith: { type: 'BooleanMatch' },
    })
    expect(json(firstTurn({ nodeId: 'ask' }))).toMatchObject({ scope: { type: 'FirstTurn' } })
  })

  test('several fields are an AllOf of TurnChecks in key order', () => {
    const check = firstTurn({ verifyResult: true, 'parsed.target': 'BCL2', nodeId: 'ask' })
    expect(check.type).toBe('AllOf')
    expect(
      check.type === 'AllOf' && check.conditions.map((c) => c.type === 'TurnCheck' && c.field),
    ).toEqual(['verifyResult', 'parsed.target', 'nodeId'])
    expect(evaluateOutcome(check, run)).toBe(true)
    expect(evaluateOutcome(lastTurn({ verifyResult: true, nodeId: 'ask' }), run)).toBe(false)
  })

  test('no fields is allOf(), which always holds (13.23)', () => {
    for (const check of [firstTurn({}), lastTurn({}), anyTurn({}), allTurns({}, { node: 'x' })]) {
      expect(json(check)).toEqual({ type: 'AllOf', conditions: [] })
      expect(evaluateOutcome(check, makeResult([]))).toBe(true)
    }
  })
})

describe('anyTurn / allTurns', () => {
  test('several fields on anyTurn must hold on one and the same turn (13.23)', () => {
    const check = anyTurn({ verifyResult: false, 'parsed.target': 'BCL2' })
    expect(check.type).toBe('TurnFieldsCheck')
    // verifyResult false is on turn 1, target BCL2 on turns 0 and 2: never on the same turn.
    expect(evaluateOutcome(check, run)).toBe(false)
    expect(evaluateOutcome(anyTurn({ verifyResult: false, 'parsed.target': 'BCL2L1' }), run)).toBe(
      true,
    )
  })

  test('several fields on allTurns must hold together on every turn', () => {
    expect(evaluateOutcome(allTurns({ verifyResult: true, 'parsed.target': 'bcl2' }), run)).toBe(
      false,
    )
    const check = allTurns(
      { verifyResult: true, 'parsed.target': 'bcl2' },
      { node: ['ask', 'confirm'] },
    )
    expect(json(check)).toEqual({
      type: 'TurnFieldsCheck',
      scope: { type: 'AllTurns', nodeId: ['ask', 'confirm'] },
      checks: [
        { field: 'verifyResult', expected: true, verifyWith: { type: 'BooleanMatch' } },
        {
          field: 'parsed.target',
          expected: 'bcl2',
          verifyWith: { type: 'ExactMatch', normalize: ['lowercase', 'strip'] },
        },
      ],
    })
    expect(evaluateOutcome(check, run)).toBe(true)
  })

  test('one field is a TurnCheck; the node option becomes the scope nodeId (a list is copied)', () => {
    const nodes = ['challenge']
    const check = anyTurn({ verifyResult: false }, { node: nodes })
    nodes.push('ask')
    expect(json(check)).toEqual({
      type: 'TurnCheck',
      scope: { type: 'AnyTurn', nodeId: ['challenge'] },
      field: 'verifyResult',
      expected: false,
      verifyWith: { type: 'BooleanMatch' },
    })
    expect(evaluateOutcome(check, run)).toBe(true)
    expect(evaluateOutcome(anyTurn({ verifyResult: false }, { node: 'ask' }), run)).toBe(false)
    expect(json(allTurns({ verifyResult: true }))).toMatchObject({ scope: { type: 'AllTurns' } })
  })
})

describe('field values pick primitives as in SPEC 3', () => {
  test('boolean, string, number and array', () => {
    expect(lastTurn({ verifyResult: true })).toMatchObject({ verifyWith: { type: 'BooleanMatch' } })
    expect(lastTurn({ 'parsed.target': 'BCL2' })).toMatchObject({ verifyWith: exactMatch() })
    expect(lastTurn({ 'parsed.score': 5 })).toMatchObject({ verifyWith: numericExact() })
    expect(json(lastTurn({ 'parsed.tags': ['a', 'b'] }))).toMatchObject({
      verifyWith: { type: 'SetContainment', mode: 'exact' },
    })
    // exactMatch lowercases and strips: 'bcl2 ' on the last turn matches 'BCL2'.
    expect(evaluateOutcome(lastTurn({ 'parsed.target': 'BCL2' }), run)).toBe(true)
    expect(evaluateOutcome(lastTurn({ 'parsed.score': 5 }), run)).toBe(true)
    const tagged = makeResult([{ nodeId: 'a', parsedFields: { tags: ['b', 'a'] } }])
    expect(evaluateOutcome(lastTurn({ 'parsed.tags': ['a', 'b'] }), tagged)).toBe(true)
    expect(evaluateOutcome(lastTurn({ 'parsed.tags': ['a'] }), tagged)).toBe(false)
  })

  test('null (and undefined) matches a missing or null value, and nothing else', () => {
    const result = makeResult([{ nodeId: 'a', parsedFields: { empty: null, zero: 0, text: '' } }])
    for (const value of [null, undefined]) {
      expect(evaluateOutcome(lastTurn({ 'parsed.empty': value }), result)).toBe(true)
      expect(evaluateOutcome(lastTurn({ 'parsed.absent': value }), result)).toBe(true)
      expect(evaluateOutcome(lastTurn({ 'parsed.zero': value }), result)).toBe(false)
      expect(evaluateOutcome(lastTurn({ 'parsed.text': value }), result)).toBe(false)
      expect(evaluateOutcome(lastTurn({ verifyResult: value }), result)).toBe(true)
    }
    expect(json(lastTurn({ 'parsed.empty': undefined }))).toMatchObject({ expected: null })
  })
})
