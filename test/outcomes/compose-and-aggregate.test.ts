import { describe, expect, test } from 'vitest'
import {
  allOf,
  anyOf,
  atLeastN,
  countTurns,
  evaluateOutcome,
  firstMatchIndex,
  lastTurn,
  statusIs,
  turnAt,
  turnCheck,
} from './imports.js'
import { makeResult } from './make-result.js'

const yes = statusIs('completed')
const no = statusIs('error')
const run = makeResult([
  { nodeId: 'ask', verifyResult: true },
  { nodeId: 'retry', verifyResult: false },
  { nodeId: 'retry', verifyResult: null },
  { nodeId: 'confirm', verifyResult: true },
])

describe('allOf / anyOf / atLeastN', () => {
  test('allOf holds when every condition holds; empty → true', () => {
    expect(evaluateOutcome(allOf(), run)).toBe(true)
    expect(evaluateOutcome(allOf(yes, yes), run)).toBe(true)
    expect(evaluateOutcome(allOf(yes, no), run)).toBe(false)
  })

  test('anyOf holds when one condition holds; empty → false', () => {
    expect(evaluateOutcome(anyOf(), run)).toBe(false)
    expect(evaluateOutcome(anyOf(no, yes), run)).toBe(true)
    expect(evaluateOutcome(anyOf(no, no), run)).toBe(false)
  })

  test('atLeastN counts the conditions that hold; n = 0 holds even when empty', () => {
    expect(evaluateOutcome(atLeastN(0), run)).toBe(true)
    expect(evaluateOutcome(atLeastN(1), run)).toBe(false)
    expect(evaluateOutcome(atLeastN(2, yes, no, yes), run)).toBe(true)
    expect(evaluateOutcome(atLeastN(3, yes, no, yes), run)).toBe(false)
    expect(evaluateOutcome(atLeastN(4, yes, yes, yes), run)).toBe(false)
  })

  test('atLeastN evaluates every condition; allOf and anyOf stop early', () => {
    const diagnostics: unknown[] = []
    const missing = turnCheck(turnAt(9), 'verifyResult', true)
    evaluateOutcome(atLeastN(1, yes, missing, missing), run, { diagnostics: diagnostics as never })
    expect(diagnostics).toHaveLength(2)
    diagnostics.length = 0
    evaluateOutcome(anyOf(yes, missing), run, { diagnostics: diagnostics as never })
    evaluateOutcome(allOf(no, missing), run, { diagnostics: diagnostics as never })
    expect(diagnostics).toEqual([])
  })

  test('compositions nest and stay plain data', () => {
    const check = anyOf(allOf(lastTurn({ nodeId: 'confirm' }), yes), atLeastN(1, no))
    expect(JSON.parse(JSON.stringify(check))).toMatchObject({
      type: 'AnyOf',
      conditions: [
        { type: 'AllOf', conditions: [{ type: 'TurnCheck' }, { type: 'ResultCheck' }] },
        { type: 'AtLeastN', n: 1, conditions: [{ type: 'ResultCheck' }] },
      ],
    })
    expect(evaluateOutcome(check, run)).toBe(true)
  })

  test('an aggregation, a scope or a non-check inside a composition is an error when built', () => {
    expect(() => allOf(yes, countTurns() as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] allOf(): conditions[1] is an aggregation ('CountTurns'), which cannot be composed
      An aggregation returns a number; add it as an outcome of its own, e.g. addOutcome('name', countTurns({ … })).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => anyOf(firstMatchIndex() as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] anyOf(): conditions[0] is an aggregation ('FirstMatchIndex'), which cannot be composed
      An aggregation returns a number; add it as an outcome of its own, e.g. addOutcome('name', firstMatchIndex({ … })).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => atLeastN(1, turnAt(0) as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] atLeastN(): conditions[0] is a scope ('TurnAt'), not a check
      Wrap the scope in a check, e.g. turnCheck(turnAt(0), 'verifyResult', true).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => allOf({ verifyResult: true } as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] allOf(): conditions[0] is not an outcome check: an object
      Build conditions with turnCheck(), resultCheck(), crossTurn(), the sugar (lastTurn({ … }), …), allOf(), anyOf() or atLeastN().
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => atLeastN(-1, yes)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] atLeastN() takes an integer n ≥ 0 first, got -1
      Write atLeastN(2, check1, check2, check3).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => atLeastN(yes as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] atLeastN() takes an integer n ≥ 0 first, got an object of type 'ResultCheck'
      Write atLeastN(2, check1, check2, check3).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('an aggregation smuggled into composition data is an error at evaluation', () => {
    const smuggled = { type: 'AllOf', conditions: [countTurns()] } as never
    expect(() => evaluateOutcome(smuggled, run)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at evaluateOutcome(check, result).conditions.0: an aggregation ('CountTurns') cannot be composed
      Aggregations return a number; add one as an outcome of its own.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      evaluateOutcome({ type: 'Nope' } as never, run),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid outcome check at evaluateOutcome(check, result): an object of type 'Nope' is not an outcome check
      Valid types: 'TurnCheck', 'TurnFieldsCheck', 'ResultCheck', 'CrossTurnCheck', 'CalledTool', 'ToolTrajectory', 'HandedOffTo', 'AllOf', 'AnyOf', 'AtLeastN', 'Judge', 'CountTurns', 'FirstMatchIndex'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('countTurns / firstMatchIndex', () => {
  test('without filters they count every turn / find the first', () => {
    expect(evaluateOutcome(countTurns(), run)).toBe(4)
    expect(evaluateOutcome(firstMatchIndex(), run)).toBe(0)
    expect(evaluateOutcome(countTurns({}), makeResult([]))).toBe(0)
    expect(evaluateOutcome(firstMatchIndex(), makeResult([]))).toBe(-1)
  })

  test('node filters take one id or a list', () => {
    expect(evaluateOutcome(countTurns({ node: 'retry' }), run)).toBe(2)
    expect(evaluateOutcome(countTurns({ node: ['ask', 'confirm'] }), run)).toBe(2)
    expect(evaluateOutcome(firstMatchIndex({ node: 'confirm' }), run)).toBe(3)
    expect(evaluateOutcome(firstMatchIndex({ node: 'nowhere' }), run)).toBe(-1)
  })

  test('verifyResult: undefined does not filter, null selects turns without a verdict', () => {
    expect(evaluateOutcome(countTurns({ verifyResult: undefined }), run)).toBe(4)
    expect(evaluateOutcome(countTurns({ verifyResult: true }), run)).toBe(2)
    expect(evaluateOutcome(countTurns({ verifyResult: false }), run)).toBe(1)
    expect(evaluateOutcome(countTurns({ verifyResult: null }), run)).toBe(1)
    expect(evaluateOutcome(firstMatchIndex({ verifyResult: null }), run)).toBe(2)
    expect(evaluateOutcome(firstMatchIndex({ node: 'retry', verifyResult: true }), run)).toBe(-1)
  })

  test('are plain data; an undefined filter is left out, null is kept', () => {
    expect(JSON.parse(JSON.stringify(countTurns({ verifyResult: undefined })))).toEqual({
      type: 'CountTurns',
    })
    expect(countTurns({ node: ['a'], verifyResult: null })).toEqual({
      type: 'CountTurns',
      nodeId: ['a'],
      verifyResult: null,
    })
    expect(firstMatchIndex({ node: 'a', verifyResult: false })).toEqual({
      type: 'FirstMatchIndex',
      nodeId: 'a',
      verifyResult: false,
    })
  })

  test('invalid filters are errors', () => {
    expect(() => countTurns({ nodeId: 'a' } as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] countTurns() has an invalid option
        - unknown key 'nodeId' in options; valid keys: 'node', 'verifyResult'
      Pass an options object with only the keys listed.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => countTurns({ verifyResult: 'true' } as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'verifyResult' in countTurns(): 'true'
      'verifyResult' must be true, false, or null (turns without a verdict).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => firstMatchIndex({ node: [1] } as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid 'node' in firstMatchIndex(): an array
      'node' must be a node id or an array of node ids.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})
