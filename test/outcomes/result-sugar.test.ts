import { describe, expect, test } from 'vitest'
import {
  allOf,
  evaluateOutcome,
  exactMatch,
  numericExact,
  numericMinimum,
  statusIs,
  turnCountEq,
  turnCountGte,
} from './imports.js'
import { makeResult } from './make-result.js'

const run = makeResult([{ nodeId: 'ask' }, { nodeId: 'challenge' }, { nodeId: 'confirm' }])

describe('result sugar (13.25)', () => {
  test('statusIs uses exactMatch(), turnCountEq numericExact(), turnCountGte numericMinimum()', () => {
    expect(statusIs('completed')).toEqual({
      type: 'ResultCheck',
      field: 'status',
      expected: 'completed',
      verifyWith: exactMatch(),
    })
    expect(turnCountEq(3)).toEqual({
      type: 'ResultCheck',
      field: 'turnCount',
      expected: 3,
      verifyWith: numericExact(),
    })
    expect(turnCountGte(2)).toEqual({
      type: 'ResultCheck',
      field: 'turnCount',
      expected: 2,
      verifyWith: numericMinimum(),
    })
  })

  test('they evaluate against the result', () => {
    expect(evaluateOutcome(statusIs('completed'), run)).toBe(true)
    expect(evaluateOutcome(statusIs('error'), run)).toBe(false)
    expect(
      evaluateOutcome(statusIs('limit_reached'), makeResult([], { status: 'limit_reached' })),
    ).toBe(true)
    expect([2, 3, 4].map((n) => evaluateOutcome(turnCountEq(n), run))).toEqual([false, true, false])
    expect([2, 3, 4].map((n) => evaluateOutcome(turnCountGte(n), run))).toEqual([true, true, false])
    expect(evaluateOutcome(allOf(statusIs('completed'), turnCountGte(0)), makeResult([]))).toBe(
      true,
    )
  })

  test('an unknown status or a bad count is an error', () => {
    expect(() => statusIs('complete' as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown status in statusIs(): 'complete'
      Valid values: 'completed', 'limit_reached', 'error'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => turnCountEq(1.5)).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] turnCountEq() takes an integer ≥ 0, got 1.5
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(() => turnCountGte(-1)).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] turnCountGte() takes an integer ≥ 0, got -1
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
  })
})
