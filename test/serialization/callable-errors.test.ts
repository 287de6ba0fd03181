import { describe, expect, test } from 'vitest'
import { Scenario, ScenarioDocumentError } from '../../src/core.js'
import { countTries, everyLocation } from './support/every-location.js'

describe('errors', () => {
  test('unresolved callables are rejected together, each named by location and name', () => {
    const text = JSON.stringify(everyLocation())
    expect(() =>
      Scenario.fromJSON(text, { callables: { countTries } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Scenario document 'callables' references 8 callables that Scenario.fromJSON() was not given
        - nodes.ask.question.question: 'askAgain'
        - nodes.ask.question.template.verify: 'sameAnswer'
        - nodes.ask.question.template.parse: 'parseAnswer'
        - nodes.ask.question.rubric.traits.0.fn: 'isShort'
        - nodes.ask.modelOverride.answering: 'agent'
        - edges.0.when: 'isRetry'
        - edges.1.when.1: 'firstTurn'
        - outcomeCriteria.judged.evaluate: 'judge'
      Pass them as Scenario.fromJSON(json, { callables }), keyed by location (e.g. 'nodes.ask.question.question') or by name (e.g. 'askAgain').
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    try {
      Scenario.fromJSON(text, { callables: { countTries } })
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioDocumentError)
      expect((error as ScenarioDocumentError).code).toBe('invalid_document')
      expect((error as ScenarioDocumentError).locations).toHaveLength(8)
    }
  })

  test('an anonymous callable is found by location only', () => {
    const definition = new Scenario('anon')
      .addNode('a', { question: 'a', stateUpdate: (accumulated) => accumulated })
      .setEntry('a')
      .validate()
    expect(() =>
      Scenario.fromJSON(definition.toJSON(), { callables: { stateUpdate: (a: unknown) => a } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Scenario document 'anon' references 1 callable that Scenario.fromJSON() was not given
        - nodes.a.stateUpdate: (anonymous)
      Pass it as Scenario.fromJSON(json, { callables }), keyed by location (e.g. 'nodes.a.stateUpdate').
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('a callable reference must be well formed and name its own location', () => {
    const document = (stateUpdate: unknown) => ({
      formatVersion: 1,
      kind: 'vitest-scenario.definition',
      name: 'refs',
      description: '',
      entryNode: 'a',
      nodes: [{ id: 'a', question: 'q', stateUpdate }],
      edges: [],
      outcomeCriteria: [],
    })
    const load = (stateUpdate: unknown) => () =>
      Scenario.fromJSON(document(stateUpdate), { callables: { countTries } })
    expect(load('countTries')).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a callable { callable, at }, got 'countTries'
        - at nodes.a.stateUpdate
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ callable: 'countTries' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'at'
        - at nodes.a.stateUpdate
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({ callable: 'countTries', at: 'nodes.a.stateUpdate', source: 'x' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'source'
        - at nodes.a.stateUpdate
      Valid keys: 'callable', 'at'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ callable: 1, at: 'nodes.a.stateUpdate' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a string, got 1
        - at nodes.a.stateUpdate.callable
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({ callable: 'countTries', at: 'nodes.b.stateUpdate' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: the callable says it is at 'nodes.b.stateUpdate'
        - at nodes.a.stateUpdate.at
      A callable names its own location: write "at": "nodes.a.stateUpdate".
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ callable: 'countTries', at: 'nodes.a.stateUpdate' })().nodes.a?.stateUpdate).toBe(
      countTries,
    )
  })

  test('the options are checked', () => {
    const text = JSON.stringify(everyLocation())
    expect(() =>
      Scenario.fromJSON(text, { callables: { countTries: 'countTries' as never } }),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] \`callables['countTries']\` in Scenario.fromJSON() must be a function, got 'countTries'
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
    expect(() =>
      Scenario.fromJSON(text, { callable: {} } as never),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown key 'callable' in Scenario.fromJSON() options
      Valid keys: 'callables'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      Scenario.fromJSON(text, { callables: [countTries] as never }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] \`callables\` in Scenario.fromJSON() must be an object of functions
      Key each function by its location ('nodes.retry.stateUpdate') or by its name ('countTries').
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})
