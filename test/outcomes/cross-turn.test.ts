import { describe, expect, test } from 'vitest'
import type { CrossTurnOptions, TurnScope } from './imports.js'
import {
  crossTurn,
  evaluateOutcome,
  firstTurnScope,
  lastTurnScope,
  synonymMap,
  turnAt,
} from './imports.js'
import { makeResult } from './make-result.js'

type Comparison = CrossTurnOptions['comparison']

/** `target <comparison> source` between the parsed `v` of turn 1 (target) and turn 0 (source). */
function compare(source: unknown, comparison: Comparison, target: unknown, normalize?: never) {
  const result = makeResult([
    { nodeId: 'a', parsedFields: { v: source } },
    { nodeId: 'b', parsedFields: { v: target } },
  ])
  const check = crossTurn({
    source: turnAt(0),
    sourceField: 'parsed.v',
    target: turnAt(1),
    targetField: 'parsed.v',
    comparison,
    ...(normalize === undefined ? {} : { normalize }),
  })
  return evaluateOutcome(check, result)
}

describe('crossTurn', () => {
  test('is plain data; normalize defaults to []', () => {
    const check = crossTurn({
      source: firstTurnScope(),
      sourceField: 'rawResponse',
      target: lastTurnScope(),
      targetField: 'raw_response',
      comparison: 'contains',
    })
    expect(JSON.parse(JSON.stringify(check))).toEqual({
      type: 'CrossTurnCheck',
      sourceTurn: { type: 'FirstTurn' },
      sourceField: 'rawResponse',
      targetTurn: { type: 'LastTurn' },
      targetField: 'raw_response',
      comparison: 'contains',
      normalize: [],
    })
  })

  test('reads target <op> source', () => {
    expect([compare(1, 'gt', 2), compare(2, 'gt', 1)]).toEqual([true, false])
    expect([compare(2, 'gte', 2), compare(3, 'gte', 2)]).toEqual([true, false])
    expect([compare(2, 'lt', 1), compare(1, 'lt', 2)]).toEqual([true, false])
    expect([compare(2, 'lte', 2), compare(1, 'lte', 2)]).toEqual([true, false])
    expect([compare('BCL', 'contains', 'BCL2'), compare('BCL2', 'contains', 'BCL')]).toEqual([
      true,
      false,
    ])
  })

  test('eq / neq are deep equality of the values', () => {
    expect(compare({ a: [1, { b: 'x' }] }, 'eq', { a: [1, { b: 'x' }] })).toBe(true)
    expect(compare([1, 2], 'eq', [2, 1])).toBe(false)
    expect(compare(1, 'eq', '1')).toBe(false)
    expect(compare(true, 'eq', 1)).toBe(false)
    expect([compare('x', 'neq', 'y'), compare('x', 'neq', 'x')]).toEqual([true, false])
  })

  test('a missing (undefined or null) value on either side is false, for every comparison', () => {
    for (const comparison of ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains'] as const) {
      expect(compare(null, comparison, null)).toBe(false)
      expect(compare(undefined, comparison, 1)).toBe(false)
      expect(compare(1, comparison, null)).toBe(false)
    }
  })

  test('ordering compares only two numbers or two strings', () => {
    expect(compare('a', 'gt', 'b')).toBe(true)
    // Strings order as strings, never as numbers: '10' < '9'.
    expect(compare('9', 'gt', '10')).toBe(false)
    expect(compare(9, 'lt', '10')).toBe(false)
    expect(compare('9', 'lt', 10)).toBe(false)
    expect(compare(false, 'lt', true)).toBe(false)
    expect(compare([1], 'lte', [1])).toBe(false)
  })

  test('contains: two strings → substring; array target → a deep-equal element; else false (13.26)', () => {
    expect(compare({ id: 2 }, 'contains', [{ id: 1 }, { id: 2 }])).toBe(true)
    expect(compare({ id: 3 }, 'contains', [{ id: 1 }, { id: 2 }])).toBe(false)
    expect(compare('a', 'contains', ['a', 'b'])).toBe(true)
    expect(compare(1, 'contains', 'x1')).toBe(false)
    expect(compare('a', 'contains', { a: 1 })).toBe(false)
    expect(compare(1, 'contains', 12)).toBe(false)
  })

  test('normalizers apply to both sides, to string values and string leaves only (13.26, 13.37)', () => {
    const n = ['lowercase', 'strip'] as never
    expect(compare(' BCL2 ', 'eq', 'bcl2', n)).toBe(true)
    expect(compare(' BCL2 ', 'eq', 'bcl2')).toBe(false)
    expect(compare({ t: ['BCL2 '] }, 'eq', { t: ['bcl2'] }, n)).toBe(true)
    expect(compare('BCL2', 'contains', ['x', ' bcl2'], n)).toBe(true)
    expect(compare('BCL', 'contains', 'the bcl2 gene', n)).toBe(true)
    expect(compare('a', 'gt', 'B', n)).toBe(true)
    expect(compare('a', 'gt', 'B')).toBe(false)
    expect(compare(1, 'eq', '1', n)).toBe(false)
    expect(
      compare('Venclexta', 'eq', 'venetoclax', [
        'lowercase',
        synonymMap({ venclexta: 'venetoclax' }),
      ] as never),
    ).toBe(true)
  })

  test('both scopes must be single turns; a set scope or an out-of-range turn is false', () => {
    const result = makeResult([
      { nodeId: 'a', rawResponse: 'x' },
      { nodeId: 'b', rawResponse: 'x' },
    ])
    const check = (source: TurnScope, target: TurnScope) =>
      evaluateOutcome(
        crossTurn({
          source,
          sourceField: 'rawResponse',
          target,
          targetField: 'rawResponse',
          comparison: 'eq',
        }),
        result,
      )
    expect(check(firstTurnScope(), lastTurnScope())).toBe(true)
    expect(check({ type: 'AnyTurn' }, lastTurnScope())).toBe(false)
    expect(check(firstTurnScope(), { type: 'AllTurns', nodeId: 'b' })).toBe(false)
    expect(check(turnAt(2), lastTurnScope())).toBe(false)
    expect(check(firstTurnScope(), turnAt(-3))).toBe(false)
    expect(
      evaluateOutcome(
        crossTurn({
          source: firstTurnScope(),
          sourceField: 'nodeId',
          target: lastTurnScope(),
          targetField: 'nodeId',
          comparison: 'neq',
        }),
        makeResult([]),
      ),
    ).toBe(false)
  })

  test('invalid options are errors', () => {
    const base = {
      source: firstTurnScope(),
      sourceField: 'rawResponse',
      target: lastTurnScope(),
      targetField: 'rawResponse',
    }
    expect(() =>
      crossTurn({ ...base, comparison: 'equals' as never }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown comparison in crossTurn(): 'equals'
      Valid values: 'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      crossTurn({ ...base, comparison: 'eq', sourceTurn: firstTurnScope() } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown key 'sourceTurn' in crossTurn()
      Valid keys: 'source', 'sourceField', 'target', 'targetField', 'comparison', 'normalize'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      crossTurn({ ...base, source: 0 as never, comparison: 'eq' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] 'source' in crossTurn() must be a scope, got 0
      Use firstTurnScope(), lastTurnScope() or turnAt(i).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      crossTurn({ ...base, comparison: 'eq', normalize: ['upper'] as never }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown normalizer 'upper' in crossTurn()
      Valid values: 'lowercase', 'strip', 'trim', 'removePunctuation', 'collapseWhitespace' or synonymMap({ … }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => crossTurn(undefined as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] crossTurn() takes an options object, got undefined
      Write crossTurn({ source, sourceField, target, targetField, comparison: 'eq' }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})
