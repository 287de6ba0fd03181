import { describe, expect, test } from 'vitest'
import {
  allOf,
  allTurns,
  anyOf,
  anyTurn,
  assertOutcomeCheck,
  atLeastN,
  containsAny,
  countTurns,
  crossTurn,
  evaluateOutcome,
  exactMatch,
  firstMatchIndex,
  firstTurn,
  firstTurnScope,
  hydrateOutcomeCheck,
  isBooleanCheck,
  isOutcomeCheck,
  lastTurn,
  lastTurnScope,
  type OutcomeCheck,
  resultCheck,
  statusIs,
  synonymMap,
  turnAt,
  turnCheck,
  turnCountEq,
  turnCountGte,
} from './imports.js'
import { makeResult } from './make-result.js'

const catalogue: Record<string, OutcomeCheck> = {
  turnCheck: turnCheck(turnAt(-1), 'rawResponse', undefined, containsAny(['bcl2'])),
  firstTurn: firstTurn({ verifyResult: true, 'parsed.target': 'BCL2' }),
  lastTurn: lastTurn({ 'parsed.score': { gte: 3 }, rawResponse: { matches: 'BCL' } }),
  anyTurn: anyTurn({ verifyResult: false, 'parsed.tags': ['a', 'b'] }, { node: ['ask'] }),
  allTurns: allTurns({ 'parsed.score': { lt: 10 } }, { node: 'ask' }),
  nullForm: lastTurn({ 'parsed.missing': null }),
  eqObject: lastTurn({ parsed: { eq: { target: 'BCL2' } } }),
  result: allOf(
    statusIs('completed'),
    turnCountEq(2),
    turnCountGte(1),
    resultCheck('path', ['ask']),
  ),
  crossTurn: crossTurn({
    source: firstTurnScope(),
    sourceField: 'parsed.target',
    target: lastTurnScope(),
    targetField: 'parsed.target',
    comparison: 'eq',
    normalize: ['lowercase', synonymMap({ 'bcl-2': 'bcl2' })],
  }),
  compositions: anyOf(atLeastN(1, statusIs('error')), allOf()),
  countTurns: countTurns({ node: 'ask', verifyResult: null }),
  firstMatchIndex: firstMatchIndex({ verifyResult: false }),
}

const results = [
  makeResult([
    {
      nodeId: 'ask',
      verifyResult: true,
      rawResponse: 'BCL2',
      parsedFields: { target: 'BCL-2', score: 3 },
    },
    {
      nodeId: 'ask',
      verifyResult: false,
      rawResponse: 'bcl2!',
      parsedFields: { target: 'bcl2', tags: ['b', 'a'], score: 4 },
    },
  ]),
  makeResult([{ nodeId: 'other', verifyResult: null, parsedFields: { score: 12 } }], {
    status: 'error',
  }),
  makeResult([]),
]

describe('isOutcomeCheck / isBooleanCheck', () => {
  test('accept every check the constructors build', () => {
    for (const check of Object.values(catalogue)) expect(isOutcomeCheck(check)).toBe(true)
    expect(isBooleanCheck(catalogue.lastTurn)).toBe(true)
    expect(isBooleanCheck(catalogue.countTurns)).toBe(false)
    expect(isBooleanCheck(catalogue.firstMatchIndex)).toBe(false)
  })

  test('reject scopes, primitives, partial nodes and anything else', () => {
    const rejected: unknown[] = [
      turnAt(0),
      firstTurnScope(),
      exactMatch(),
      null,
      'TurnCheck',
      {},
      { type: 'TurnCheck' },
      { ...statusIs('completed'), extra: 1 },
      // Primitive data of an unknown type, or with bad fields.
      { ...JSON.parse(JSON.stringify(statusIs('completed'))), verifyWith: { type: 'Nope' } },
      {
        type: 'ResultCheck',
        field: 'turnCount',
        expected: 1,
        verifyWith: { type: 'NumericRange', min: 'one' },
      },
      { type: 'AllOf', conditions: [countTurns()] },
      { type: 'AllOf', conditions: [turnAt(0)] },
      { type: 'AtLeastN', n: -1, conditions: [] },
    ]
    for (const value of rejected) {
      expect(isOutcomeCheck(value)).toBe(false)
      expect(isBooleanCheck(value)).toBe(false)
    }
  })

  test('assertOutcomeCheck names where the problem is', () => {
    expect(() =>
      assertOutcomeCheck(turnAt(0), "addOutcome('first')"),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at addOutcome('first'): an object of type 'TurnAt' is not an outcome check
      A scope is not a check: wrap it, e.g. turnCheck(turnAt(0), 'verifyResult', true).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    const nested = {
      type: 'AnyOf',
      conditions: [statusIs('completed'), { type: 'AllOf', conditions: [countTurns()] }],
    }
    expect(() => assertOutcomeCheck(nested, 'check')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at check.conditions.1.conditions.0: an aggregation ('CountTurns') cannot be composed
      Aggregations return a number; add one as an outcome of its own.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('hydrateOutcomeCheck', () => {
  test.each(Object.entries(catalogue))(
    '%s round-trips through JSON losslessly and evaluates the same',
    (_, check) => {
      const text = JSON.stringify(check)
      const hydrated = hydrateOutcomeCheck(JSON.parse(text), 'check')
      expect(JSON.stringify(hydrated)).toBe(text)
      expect(isOutcomeCheck(hydrated)).toBe(true)
      for (const result of results) {
        expect(evaluateOutcome(hydrated, result)).toBe(evaluateOutcome(check, result))
      }
    },
  )

  test('the catalogue is not trivially true or false', () => {
    const values = Object.values(catalogue).map((check) =>
      evaluateOutcome(check, results[0] as never),
    )
    expect(values).toEqual([true, false, false, true, true, true, false, true, true, true, 0, 1])
  })

  test('builds new objects and never returns the input', () => {
    const data = JSON.parse(JSON.stringify(catalogue.lastTurn))
    const hydrated = hydrateOutcomeCheck(data, 'check')
    expect(hydrated).not.toBe(data)
    expect(hydrated).toEqual(data)
  })

  test('rejects invalid documents with the location of the problem', () => {
    const bad = (data: unknown) => () => hydrateOutcomeCheck(data, 'outcomeCriteria.0.check')
    expect(bad({ type: 'TurnAt', index: 0 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check: an object of type 'TurnAt' is not an outcome check
      A scope is not a check: wrap it, e.g. turnCheck(turnAt(0), 'verifyResult', true).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(bad({ type: 'Sometimes' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check: an object of type 'Sometimes' is not an outcome check
      Valid types: 'TurnCheck', 'TurnFieldsCheck', 'ResultCheck', 'CrossTurnCheck', 'CalledTool', 'ToolTrajectory', 'HandedOffTo', 'AllOf', 'AnyOf', 'AtLeastN', 'Judge', 'CountTurns', 'FirstMatchIndex'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({ type: 'AllOf', conditions: [{ type: 'CountTurns' }] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.conditions.0: an aggregation ('CountTurns') cannot be composed
      Aggregations return a number; add one as an outcome of its own.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(bad({ type: 'AnyOf', conditions: {} })).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.conditions: an object is not an array
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(bad({ type: 'AtLeastN', n: 1.5, conditions: [] })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.n: 1.5
      'n' must be an integer ≥ 0.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({
        type: 'TurnCheck',
        scope: { type: 'LastTurn' },
        field: 'x',
        verifyWith: { type: 'Fuzzy' },
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown primitive type 'Fuzzy' in outcomeCriteria.0.check.verifyWith
      Valid values: 'BooleanMatch', 'ExactMatch', 'LiteralMatch', 'NumericExact', 'NumericTolerance', 'NumericRange', 'NumericMinimum', 'NumericMaximum', 'ContainsAny', 'ContainsAll', 'RegexMatch', 'SetContainment', 'OrderedMatch', 'DateMatch', 'DateTolerance', 'DateRange', 'NumericGraded', 'NumericRangeGraded', 'NumericThresholdGraded'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({
        type: 'TurnCheck',
        scope: { type: 'Last' },
        field: 'x',
        verifyWith: { type: 'BooleanMatch' },
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.scope: an object of type 'Last' is not a scope
      Valid scopes: 'LastTurn', 'FirstTurn', 'TurnAt', 'AnyTurn', 'AllTurns'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({
        type: 'TurnCheck',
        scope: { type: 'TurnAt', index: '1' },
        field: 'x',
        verifyWith: { type: 'BooleanMatch' },
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.scope.index: '1'
      'index' must be an integer.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({
        type: 'TurnCheck',
        scope: { type: 'AnyTurn', nodeId: null },
        field: 'x',
        verifyWith: { type: 'BooleanMatch' },
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.scope.nodeId: null
      'nodeId' must be a node id or an array of node ids.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({
        type: 'TurnCheck',
        scope: { type: 'LastTurn' },
        field: 'x',
        verifyWith: { type: 'BooleanMatch' },
        verify_with: 1,
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown key 'verify_with' in outcomeCriteria.0.check
      Valid keys: 'type', 'scope', 'field', 'expected', 'verifyWith'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({ type: 'TurnFieldsCheck', scope: { type: 'AnyTurn' }, checks: [] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.checks: an empty list
      List at least one field check.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(
      bad({
        type: 'TurnFieldsCheck',
        scope: { type: 'AnyTurn' },
        checks: [{ field: 1, verifyWith: { type: 'BooleanMatch' } }],
      }),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.checks.0.field: 1 is not a string
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(
      bad({ type: 'ResultCheck', field: 'history', verifyWith: { type: 'BooleanMatch' } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.field: 'history'
      Valid result fields: 'status', 'turnCount', 'path', 'scenarioId', 'turn_count', 'scenario_id'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    const cross = JSON.parse(JSON.stringify(catalogue.crossTurn))
    expect(bad({ ...cross, comparison: 'like' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.comparison: 'like'
      Valid comparisons: 'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(bad({ ...cross, normalize: undefined })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'normalize' in outcomeCriteria.0.check.normalize: undefined
      'normalize' must be an array of normalizers: 'lowercase', 'strip', 'trim', 'removePunctuation', 'collapseWhitespace' or synonymMap({ … }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(bad({ type: 'CountTurns', verifyResult: 'yes' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at outcomeCriteria.0.check.verifyResult: 'yes'
      'verifyResult' must be true, false or null.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})
