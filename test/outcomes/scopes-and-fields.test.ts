import { describe, expect, test } from 'vitest'
import {
  allTurns,
  anyTurn,
  containsAny,
  evaluateOutcome,
  firstTurn,
  firstTurnScope,
  lastTurn,
  lastTurnScope,
  turnAt,
  turnCheck,
} from './imports.js'
import { makeResult } from './make-result.js'

const run = makeResult([
  { nodeId: 'ask', verifyResult: true, rawResponse: 'zero', questionText: 'Q0' },
  { nodeId: 'retry', verifyResult: false, rawResponse: 'one', questionText: 'Q1' },
  { nodeId: 'ask', verifyResult: null, rawResponse: 'two', questionText: 'Q2' },
])
const empty = makeResult([])
const nodeAt = (index: number) => evaluateOutcome(turnCheck(turnAt(index), 'nodeId', 'retry'), run)
const raw = (scope: Parameters<typeof turnCheck>[0], text: string, result = run) =>
  evaluateOutcome(turnCheck(scope, 'rawResponse', text), result)

describe('single-turn scopes', () => {
  test('turnAt counts from 0, and from the end when negative', () => {
    expect([0, 1, 2].map(nodeAt)).toEqual([false, true, false])
    expect([-1, -2, -3].map(nodeAt)).toEqual([false, true, false])
    expect(raw(turnAt(-1), 'two')).toBe(true)
    expect(raw(turnAt(-3), 'zero')).toBe(true)
  })

  test('turnAt out of range in either direction is false, whatever the check', () => {
    for (const index of [3, 4, -4, -10]) {
      expect(evaluateOutcome(turnCheck(turnAt(index), 'rawResponse', null), run)).toBe(false)
    }
  })

  test('firstTurn and lastTurn select history[0] and the last turn; an empty history is false', () => {
    expect(raw(firstTurnScope(), 'zero')).toBe(true)
    expect(raw(lastTurnScope(), 'two')).toBe(true)
    expect(raw(lastTurnScope(), 'zero')).toBe(false)
    expect(evaluateOutcome(firstTurn({ rawResponse: null }), empty)).toBe(false)
    expect(evaluateOutcome(lastTurn({ rawResponse: null }), empty)).toBe(false)
    expect(evaluateOutcome(turnCheck(turnAt(0), 'rawResponse', null), empty)).toBe(false)
  })

  test('turnAt takes integers only', () => {
    expect(() => turnAt(0.5)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] turnAt() takes an integer index, got 0.5
      Use 0 for the first turn, -1 for the last.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => turnAt('1' as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] turnAt() takes an integer index, got '1'
      Use 0 for the first turn, -1 for the last.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('anyTurn / allTurns scopes', () => {
  test('anyTurn holds when some turn passes, allTurns when every turn does', () => {
    expect(evaluateOutcome(anyTurn({ rawResponse: 'one' }), run)).toBe(true)
    expect(evaluateOutcome(anyTurn({ rawResponse: 'three' }), run)).toBe(false)
    expect(evaluateOutcome(allTurns({ questionText: { matches: '^Q\\d$' } }), run)).toBe(true)
    expect(evaluateOutcome(allTurns({ verifyResult: true }), run)).toBe(false)
  })

  test('the node filter takes one id or a list', () => {
    expect(evaluateOutcome(allTurns({ nodeId: 'ask' }, { node: 'ask' }), run)).toBe(true)
    expect(evaluateOutcome(anyTurn({ rawResponse: 'one' }, { node: 'ask' }), run)).toBe(false)
    expect(evaluateOutcome(anyTurn({ rawResponse: 'one' }, { node: ['ask', 'retry'] }), run)).toBe(
      true,
    )
    expect(evaluateOutcome(allTurns({ verifyResult: false }, { node: ['retry'] }), run)).toBe(true)
  })

  test('an empty set of turns is false for both, never vacuously true', () => {
    const always = { rawResponse: { matches: '' } }
    expect(evaluateOutcome(anyTurn(always, { node: 'confirm' }), run)).toBe(false)
    expect(evaluateOutcome(allTurns(always, { node: 'confirm' }), run)).toBe(false)
    expect(evaluateOutcome(anyTurn(always), empty)).toBe(false)
    expect(evaluateOutcome(allTurns(always), empty)).toBe(false)
    expect(evaluateOutcome(allTurns(always, { node: [] }), run)).toBe(false)
  })
})

describe('turn fields', () => {
  const rich = makeResult([
    {
      nodeId: 'ask',
      questionText: 'Which target?',
      rawResponse: 'BCL2',
      verifyResult: true,
      parsedFields: {
        target: 'BCL2',
        detail: { gene: { symbol: 'BCL2' }, list: ['a', 'b'] },
        'dotted.key': 'literal',
        dotted: { key: 'nested' },
      },
      rubric: { clarity: 4, polite: true, 'has.dot': 1 },
    },
  ])
  const holds = (field: string, expected: unknown) =>
    evaluateOutcome(turnCheck(lastTurnScope(), field, expected as never), rich)

  test('nodeId, verifyResult, rawResponse, questionText and their snake_case aliases (13.41)', () => {
    expect([holds('nodeId', 'ask'), holds('node_id', 'ask')]).toEqual([true, true])
    expect([holds('verifyResult', true), holds('verify_result', true)]).toEqual([true, true])
    expect([holds('rawResponse', 'bcl2'), holds('raw_response', 'bcl2')]).toEqual([true, true])
    expect(holds('questionText', 'which target?')).toBe(true)
    expect(holds('question_text', 'which target?')).toBe(true)
    expect(holds('verify_result', false)).toBe(false)
  })

  test('parsed.<f>… reads parsedFields like a dot path, the literal key first (13.47)', () => {
    expect(holds('parsed.target', 'BCL2')).toBe(true)
    expect(holds('parsed.detail.gene.symbol', 'BCL2')).toBe(true)
    expect(holds('parsed.detail.list.1', 'b')).toBe(true)
    expect(holds('parsed.dotted.key', 'literal')).toBe(true)
    expect(holds('parsed.detail', { eq: { gene: { symbol: 'BCL2' }, list: ['a', 'b'] } })).toBe(
      true,
    )
    expect(holds('parsed', { eq: rich.history[0]?.parsedFields })).toBe(true)
  })

  test('rubric.<trait> reads the rubric scores', () => {
    expect(holds('rubric.clarity', { gte: 4 })).toBe(true)
    expect(holds('rubric.polite', true)).toBe(true)
    expect(holds('rubric.has.dot', 1)).toBe(true)
    expect(holds('rubric', { eq: { clarity: 4, polite: true, 'has.dot': 1 } })).toBe(true)
  })

  test('an unknown field, or a suffix after a scalar field, reads as undefined', () => {
    for (const field of ['verifyResults', 'parsedFields', 'nodeId.x', 'parsed.missing.deep']) {
      expect(holds(field, 'ask')).toBe(false)
      // The null value form matches a missing value, so the read is undefined, not an error.
      expect(holds(field, null)).toBe(true)
    }
  })

  test('a missing or null value never matches an explicit check either (13.46)', () => {
    const noAnswer = makeResult([{ nodeId: 'ask', rawResponse: null }])
    const check = turnCheck(lastTurnScope(), 'rawResponse', undefined, containsAny(['x']))
    expect(evaluateOutcome(check, noAnswer)).toBe(false)
    expect(evaluateOutcome(turnCheck(lastTurnScope(), 'rawResponse', null), noAnswer)).toBe(true)
  })
})
