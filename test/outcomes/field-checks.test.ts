import { describe, expect, test } from 'vitest'
import {
  anyOf,
  booleanMatch,
  containsAny,
  evaluateOutcome,
  exactMatch,
  lastTurn,
  lastTurnScope,
  literalMatch,
  numericRange,
  resultCheck,
  setContainment,
  turnAt,
  turnCheck,
} from './imports.js'
import { makeResult } from './make-result.js'

const run = makeResult(
  [
    { nodeId: 'ask', rawResponse: 'It is BCL2.', parsedFields: { score: 4 } },
    { nodeId: 'challenge', rawResponse: 'Still BCL2.', parsedFields: { score: 7 } },
  ],
  { scenarioId: 'drug-identification', status: 'limit_reached' },
)

describe('turnCheck', () => {
  test('is plain data: scope, field, expected, verifyWith', () => {
    const check = turnCheck(turnAt(1), 'rawResponse', ['bcl2'], containsAny(['BCL2']))
    expect(JSON.parse(JSON.stringify(check))).toEqual({
      type: 'TurnCheck',
      scope: { type: 'TurnAt', index: 1 },
      field: 'rawResponse',
      expected: ['bcl2'],
      verifyWith: { type: 'ContainsAny', substrings: ['BCL2'], normalize: [] },
    })
    expect(evaluateOutcome(check, run)).toBe(true)
  })

  test('an explicit verifyWith takes any primitive', () => {
    const inRange = turnCheck(
      turnAt(-1),
      'parsed.score',
      undefined,
      numericRange({ min: 5, max: 9 }),
    )
    expect(evaluateOutcome(inRange, run)).toBe(true)
    expect(evaluateOutcome(turnCheck(turnAt(0), 'nodeId', 'ASK', booleanMatch()), run)).toBe(false)
    expect(evaluateOutcome(turnCheck(turnAt(0), 'nodeId', 'ASK', exactMatch()), run)).toBe(true)
  })

  test('without verifyWith, expected picks the primitive as in the sugar (13.40)', () => {
    expect(turnCheck(lastTurnScope(), 'parsed.score', { gte: 5 })).toEqual(
      lastTurn({ 'parsed.score': { gte: 5 } }),
    )
    expect(turnCheck(lastTurnScope(), 'parsed.score', 7)).toEqual(lastTurn({ 'parsed.score': 7 }))
    expect(turnCheck(lastTurnScope(), 'parsed.score')).toEqual(lastTurn({ 'parsed.score': null }))
    expect(evaluateOutcome(turnCheck(lastTurnScope(), 'parsed.score', { gt: 6 }), run)).toBe(true)
  })

  test('an unsupported operator object points to an explicit verifyWith or anyOf (13.52)', () => {
    expect(() =>
      turnCheck(lastTurnScope(), 'parsed.score', { neq: 3 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Operator 'neq' is not supported for field 'parsed.score' in turnCheck()
      An operator object in an outcome check holds exactly one of 'eq', 'gt', 'gte', 'lt', 'lte', 'matches', 'contains'. Pass an explicit verifyWith to turnCheck(scope, field, expected, verifyWith), or combine checks with anyOf().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      turnCheck(lastTurnScope(), 'parsed.score', { gt: 1, lt: 9 }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Several operators ('gt', 'lt') for field 'parsed.score' in turnCheck()
      An operator object in an outcome check holds exactly one of 'eq', 'gt', 'gte', 'lt', 'lte', 'matches', 'contains'. Pass an explicit verifyWith to turnCheck(scope, field, expected, verifyWith), or combine one check per operator with allOf() or anyOf().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    // The explicit form takes the object as the expected value.
    const explicit = turnCheck(lastTurnScope(), 'parsed', { score: 7 }, literalMatch())
    expect(evaluateOutcome(explicit, run)).toBe(true)
  })

  test('rejects a non-scope, a non-string field and a verifyWith that is not a primitive', () => {
    expect(() =>
      turnCheck(lastTurn({ verifyResult: true }) as never, 'nodeId', 'x'),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] turnCheck() takes a scope first, got an object of type 'TurnCheck'
      Use firstTurnScope(), lastTurnScope() or turnAt(i).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => turnCheck(turnAt(0), 3 as never, 'x')).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] A field name in turnCheck() must be a string, got 3
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(() =>
      turnCheck(turnAt(0), 'nodeId', 'x', { type: 'Exact', normalize: [] } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] 'verifyWith' in turnCheck() is not a primitive: an object of type 'Exact'
      Build it with a primitive factory, e.g. exactMatch() or numericRange({ min: 1 }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('resultCheck', () => {
  const holds = (field: Parameters<typeof resultCheck>[0], expected: unknown, p?: never) =>
    evaluateOutcome(resultCheck(field, expected, p), run)

  test('reads status, turnCount, path and scenarioId, with snake_case aliases (13.28)', () => {
    expect(holds('status', 'limit_reached')).toBe(true)
    expect([holds('turnCount', 2), holds('turn_count', 2), holds('turnCount', 3)]).toEqual([
      true,
      true,
      false,
    ])
    expect([
      holds('scenarioId', 'drug-identification'),
      holds('scenario_id', 'DRUG-identification'),
    ]).toEqual([true, true])
    // The array value form compares as a set; literalMatch compares in order.
    expect(holds('path', ['challenge', 'ask'])).toBe(true)
    expect(holds('path', ['challenge', 'ask'], literalMatch() as never)).toBe(false)
    expect(holds('path', ['ask'], setContainment('superset') as never)).toBe(true)
    expect(holds('status', { matches: '^limit' })).toBe(true)
  })

  test('is plain data', () => {
    expect(JSON.parse(JSON.stringify(resultCheck('turn_count', { lte: 3 })))).toEqual({
      type: 'ResultCheck',
      field: 'turn_count',
      expected: 3,
      verifyWith: { type: 'NumericMaximum', exclusive: false },
    })
  })

  test('an unknown field, or an unsupported operator, is an error', () => {
    expect(() => resultCheck('history' as never, 2)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown result field 'history' in resultCheck()
      Valid fields: 'status', 'turnCount', 'path', 'scenarioId', 'turn_count', 'scenario_id'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      resultCheck('status', { in: ['completed', 'limit_reached'] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Operator 'in' is not supported for field 'status' in resultCheck()
      An operator object in an outcome check holds exactly one of 'eq', 'gt', 'gte', 'lt', 'lte', 'matches', 'contains'. Pass an explicit verifyWith to resultCheck(field, expected, verifyWith), or combine checks with anyOf().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('the error points to anyOf, which expresses the same check', () => {
    const either = anyOf(resultCheck('status', 'completed'), resultCheck('status', 'limit_reached'))
    expect(evaluateOutcome(either, run)).toBe(true)
  })
})
