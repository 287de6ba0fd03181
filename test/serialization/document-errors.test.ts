import { describe, expect, test } from 'vitest'
import {
  END,
  type JsonObject,
  Scenario,
  ScenarioDocumentError,
  ScenarioValidationError,
} from '../../src/core.js'
import { oneNodeDocument } from './support/document-builders.js'

const valid = oneNodeDocument({ question: 'q' })
const load = (document: unknown) => () => Scenario.fromJSON(document)
const node = (fields: JsonObject) => load(oneNodeDocument({ question: 'q', ...fields }))

describe('the document as a whole', () => {
  test('a valid minimal document loads', () => {
    expect(Scenario.fromJSON(valid).toJSON()).toEqual(valid)
  })

  test('text must be JSON, and the document an object', () => {
    expect(load('{ "kind": ')).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Scenario.fromJSON() could not parse its text as JSON: Unexpected end of JSON input
      Pass what JSON.stringify(definition) wrote, or the object parsed from it.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load([valid])).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Scenario.fromJSON() needs a scenario document (an object), got an array
      Pass what definition.toJSON() returned, or its JSON text.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load(null)).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Scenario.fromJSON() needs a scenario document (an object), got null
      Pass what definition.toJSON() returned, or its JSON text.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('the kind must be a scenario definition (SPEC 13.49)', () => {
    expect(
      load({ ...valid, kind: 'vitest-scenario.recording' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Not a scenario document: its kind is 'vitest-scenario.recording'
        - at kind
      Scenario.fromJSON() reads what definition.toJSON() writes, of kind 'vitest-scenario.definition'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    const { kind: _, ...noKind } = valid
    expect(load(noKind)).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Not a scenario document: its kind is undefined
        - at kind
      Scenario.fromJSON() reads what definition.toJSON() writes, of kind 'vitest-scenario.definition'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    try {
      load(noKind)()
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioDocumentError)
      expect((error as ScenarioDocumentError).code).toBe('invalid_document')
      expect((error as ScenarioDocumentError).locations).toEqual(['kind'])
    }
  })

  test('the formatVersion must be one this version reads', () => {
    expect(load({ ...valid, formatVersion: 2 })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: formatVersion 2 is not supported
        - at formatVersion
      This version of vitest-scenario reads formatVersion 1.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ ...valid, formatVersion: '1' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: formatVersion "1" is not supported
        - at formatVersion
      This version of vitest-scenario reads formatVersion 1.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('top-level keys are exactly the documented ones (SPEC 13.35)', () => {
    expect(load({ ...valid, version: 1 })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'version'
        - at the top level
      Valid keys: 'formatVersion', 'kind', 'name', 'description', 'entryNode', 'nodes', 'edges', 'outcomeCriteria'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    const { outcomeCriteria: _, ...noOutcomes } = valid
    expect(load(noOutcomes)).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'outcomeCriteria'
        - at the top level
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ ...valid, name: '' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a non-empty string
        - at name
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ ...valid, nodes: {} })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected an array, got an object
        - at nodes
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })
})

describe('nodes', () => {
  test('ids are non-empty, unique and not END', () => {
    expect(load({ ...valid, nodes: [{ question: 'q' }] })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'id'
        - at nodes[0]
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({
        ...valid,
        nodes: [
          { id: 'a', question: 'q' },
          { id: 'a', question: 'q' },
        ],
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: node 'a' appears twice
        - at nodes[1].id
      Node ids are unique.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({ ...valid, nodes: [{ id: END, question: 'q' }] }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document at nodes.__end__: '__end__' (END) is not a valid node id
      END is the target that ends a run: use it in addEdge(source, END).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('keys and values are checked, naming the node by id', () => {
    expect(node({ stateUpdater: null })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'stateUpdater'
        - at nodes.a
      Valid keys: 'id', 'question', 'answer', 'modelOverride', 'toolFilter', 'stateUpdate', 'metadata'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load(oneNodeDocument({}))).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: missing 'question'
        - at nodes.a
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(node({ question: 3 })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a string, a question object or null, got 3
        - at nodes.a.question
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(node({ question: { question: 'q', answer: 'a' } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'answer'
        - at nodes.a.question
      Valid keys: 'question', 'rawAnswer', 'template', 'rubric', 'id'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(node({ question: { question: 'q', rawAnswer: 1 } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a string, got 1
        - at nodes.a.question.rawAnswer
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(node({ toolFilter: { remove: 'search' } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected an array, got 'search'
        - at nodes.a.toolFilter.remove
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(node({ metadata: [] })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected an object, got an empty array
        - at nodes.a.metadata
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(node({ metadata: { when: () => true } as never })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: a function is not JSON data
        - at nodes.a.metadata.when
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('model overrides hold no clients, keys or parsing callables (SPEC 13.48)', () => {
    const override = (modelOverride: JsonObject) => node({ modelOverride })
    expect(override({ answering: { client: {} } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: 'client' cannot be loaded from a document
        - at nodes.a.modelOverride.answering.client
      A document holds no clients, drivers or API keys: pass them on the run (runScenario options).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(override({ answering: { driver: {} } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: 'driver' cannot be loaded from a document
        - at nodes.a.modelOverride.answering.driver
      A document holds no clients, drivers or API keys: pass them on the run (runScenario options).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(override({ answering: { api: 'completions' } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: 'completions' is not an API
        - at nodes.a.modelOverride.answering.api
      Use 'chat' (the default) or 'responses'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(override({ parsing: { apiKey: 'sk-x' } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: 'apiKey' cannot be loaded from a document
        - at nodes.a.modelOverride.parsing.apiKey
      A document holds no clients, drivers or API keys: pass them on the run (runScenario options).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      override({ parsing: { callable: 'judge', at: 'nodes.a.modelOverride.parsing' } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: the parsing override is a callable
        - at nodes.a.modelOverride.parsing
      The parsing side is a model that fills templates: write { model, … }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(override({ answering: { temperature: 'low' } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a finite number, got 'low'
        - at nodes.a.modelOverride.answering.temperature
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(override({ answer: {} })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'answer'
        - at nodes.a.modelOverride
      Valid keys: 'answering', 'parsing'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })
})

describe('graph problems are validation errors (fromJSON re-runs validate())', () => {
  test('an unknown entry is unknown_entry, and every other problem is listed', () => {
    const document = {
      ...valid,
      entryNode: 'start',
      nodes: [
        { id: 'a', question: 'q' },
        { id: 'b', question: 'q' },
      ],
      edges: [
        { source: 'a', target: 'c' },
        { source: 'b', target: END, when: { verifyResult: true } },
      ],
    }
    expect(load(document)).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioValidationError: [vitest-scenario] Scenario 'doc' is not valid (3 problems)
        - unknown_entry: The entry node 'start' is not a known node
        - unknown_target: Edge 'a' → 'c' goes to 'c', which is neither a known node nor END
        - no_fallback: Node 'b' has conditional edges but no unconditional fallback; add addEdge('b', target) without \`when\`. Its edges test only verifyResult, which is null on every turn of this node (it has no template, so no verdict): neither true nor false matches, and the fallback is the edge taken
      Fix the graph and call validate() again.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_scenario]
    `)
    try {
      load(document)()
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioValidationError)
      expect((error as ScenarioValidationError).problems.map((p) => p.code)).toEqual([
        'unknown_entry',
        'unknown_target',
        'no_fallback',
      ])
    }
    expect(load({ ...document, entryNode: 'a' })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioValidationError: [vitest-scenario] Scenario 'doc' is not valid (3 problems)
        - unknown_target: Edge 'a' → 'c' goes to 'c', which is neither a known node nor END
        - unreachable: Node 'b' cannot be reached from the entry node 'a'
        - no_fallback: Node 'b' has conditional edges but no unconditional fallback; add addEdge('b', target) without \`when\`. Its edges test only verifyResult, which is null on every turn of this node (it has no template, so no verdict): neither true nor false matches, and the fallback is the edge taken
      Fix the graph and call validate() again.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_scenario]
    `)
  })
})
