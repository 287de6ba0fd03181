import { describe, expect, test } from 'vitest'
import { isStateCheck, stateCheck } from '../../src/conditions/index.js'
import { exactMatch, type Primitive, regexMatch } from '../../src/primitives/index.js'

describe('stateCheck', () => {
  test('is plain data: type, field, verifyWith, expected', () => {
    const primitive = exactMatch()
    const check = stateCheck('parsed.drug', primitive, 'aspirin')
    expect(check).toEqual({
      type: 'StateCheck',
      field: 'parsed.drug',
      verifyWith: primitive,
      expected: 'aspirin',
    })
    expect(check.verifyWith).toBe(primitive)
    expect(Object.getPrototypeOf(check)).toBe(Object.prototype)
    expect(JSON.parse(JSON.stringify(check))).toEqual({
      type: 'StateCheck',
      field: 'parsed.drug',
      verifyWith: { type: 'ExactMatch', normalize: ['lowercase', 'strip'] },
      expected: 'aspirin',
    })
  })

  test('expected is optional', () => {
    expect(stateCheck('parsed.answer', regexMatch('^no')).expected).toBeUndefined()
  })

  test('rejects a path that is not a non-empty string', () => {
    expect(() => stateCheck('', exactMatch())).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid path in stateCheck(): ''
      The first argument is a dot path such as 'parsed.score' or 'nodeResults.ask.verifyResult'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => stateCheck(3 as unknown as string, exactMatch())).toThrow(
      'Invalid path in stateCheck(): 3',
    )
  })

  test('rejects an unknown dot path', () => {
    expect(() => stateCheck('history.0', exactMatch())).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown dot path 'history.0' in stateCheck()
      A path starts with verifyResult, turn, currentNode, parsed, accumulated, nodeVisits, nodeResults, user, toolCalls, toolNames, agent, agents, guardrail, verify_result, current_node, node_visits, node_results, e.g. 'parsed.score'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('rejects a primitive that is not one', () => {
    expect(() =>
      stateCheck('parsed.x', { type: 'Exact', normalize: [] } as unknown as Primitive),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Invalid primitive in stateCheck('parsed.x', …): an object of type 'Exact'
      The second argument is a primitive built by a factory, e.g. numericRange({ min: 3 }).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('isStateCheck recognises checks and their JSON data', () => {
    const check = stateCheck('turn', exactMatch(), 1)
    expect(isStateCheck(check)).toBe(true)
    expect(isStateCheck(JSON.parse(JSON.stringify(check)))).toBe(true)
    expect(isStateCheck({ turn: 1 })).toBe(false)
    expect(isStateCheck(null)).toBe(false)
  })
})
