import { describe, expect, test } from 'vitest'
import { compileWhen } from '../../src/conditions/compile-when.js'
import { evaluateCondition } from '../../src/conditions/evaluate-condition.js'
import { describeWhen } from '../../src/hosts/core/meta/describe-when.js'
import { resolvePath } from '../../src/state/resolve-path.js'
import type { Diagnostic, ScenarioState } from '../../src/state/types.js'
import { makeState } from '../state/state-fixture.js'

const call = { id: 'c1', name: 'book', arguments: { city: 'Paris' } }
const state: ScenarioState = {
  ...makeState(),
  toolCalls: [call],
  toolNames: ['search', 'book'],
  parsed: { tags: ['a', ['x', 'y'], { k: 1 }], text: 'abc' },
}
state.nodeResults.ask = {
  verifyResult: null,
  parsed: {},
  rubric: {},
  toolCalls: [call],
  toolNames: ['book'],
}

function matches(when: unknown, diagnostics?: Diagnostic[]): boolean {
  const compiled = compileWhen(when, "addEdge('a', 'b')")
  if (compiled === null) throw new Error('expected a condition')
  return evaluateCondition(compiled, state, { diagnostics })
}

describe("the when operator 'contains'", () => {
  test('an array value holds the operand, or every element of an operand list (deep equality)', () => {
    expect(matches({ toolNames: { contains: 'book' } })).toBe(true)
    expect(matches({ toolNames: { contains: 'refund' } })).toBe(false)
    expect(matches({ toolNames: { contains: ['book', 'search'] } })).toBe(true)
    expect(matches({ toolNames: { contains: ['book', 'refund'] } })).toBe(false)
    expect(matches({ toolNames: { contains: [] } })).toBe(true)
    expect(matches({ 'parsed.tags': { contains: [['x', 'y']] } })).toBe(true)
    expect(matches({ 'parsed.tags': { contains: { k: 1 } } })).toBe(true)
    expect(matches({ 'parsed.tags': { contains: 'A' } })).toBe(false) // not normalized
    expect(matches({ 'nodeResults.ask.toolNames': { contains: 'book' } })).toBe(true)
    expect(matches({ toolCalls: { contains: call } })).toBe(true)
  })

  test('a value that is no array, or missing, does not match and leaves a diagnostic', () => {
    const diagnostics: Diagnostic[] = []
    expect(matches({ 'parsed.text': { contains: 'a' } }, diagnostics)).toBe(false)
    expect(matches({ 'parsed.none': { contains: 'a' } }, diagnostics)).toBe(false)
    expect(diagnostics.map((d) => d.message)).toMatchInlineSnapshot(`
      [
        "Condition on 'parsed.text' did not match: 'abc' has the wrong type; expected { contains: 'a' }",
        "Condition on 'parsed.none' did not match: the value is missing (undefined); expected { contains: 'a' }",
      ]
    `)
  })

  test('the operand must be JSON data', () => {
    expect(() =>
      compileWhen({ toolNames: { contains: new Date(0) } }, "addEdge('a', 'b')"),
    ).toThrow("Unsupported value in 'when' at 'toolNames' (operator 'contains'): a Date")
  })

  test('reports describe it', () => {
    expect(describeWhen({ toolNames: { contains: 'book' } })).toBe("toolNames contains 'book'")
  })
})

describe('tool dot paths', () => {
  test('the latest turn’s toolNames and toolCalls, and per node', () => {
    expect(resolvePath(state, 'toolNames')).toEqual(['search', 'book'])
    expect(resolvePath(state, 'toolNames.1')).toBe('book')
    expect(resolvePath(state, 'toolCalls.0.arguments.city')).toBe('Paris')
    expect(resolvePath(state, 'nodeResults.ask.toolNames')).toEqual(['book'])
    expect(resolvePath(state, 'nodeResults.ask.toolCalls.0.name')).toBe('book')
  })

  test('are known paths for conditions', () => {
    expect(() => compileWhen({ toolNames: ['a'] }, 'x')).not.toThrow()
    expect(() => compileWhen({ 'toolCalls.0.name': 'a' }, 'x')).not.toThrow()
  })
})
