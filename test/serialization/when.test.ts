import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  dateMatch,
  END,
  isStateCheck,
  regexMatch,
  Scenario,
  type ScenarioDefinition,
  type ScenarioStateView,
  stateCheck,
  type When,
} from '../../src/core.js'
import { isPrimitive } from '../../src/primitives/index.js'

afterEach(() => {
  vi.restoreAllMocks()
})

function isLate(state: ScenarioStateView) {
  return state.turn > 3
}

function withWhen(...whens: (When | 'absent')[]): ScenarioDefinition {
  const s = new Scenario('when').addNode('a', { question: 'q' }).setEntry('a')
  for (const when of whens) s.addEdge('a', END, when === 'absent' ? {} : { when })
  return s.addEdge('a', END).validate()
}

function edgesOf(definition: ScenarioDefinition) {
  return definition.toJSON().edges.slice(0, -1)
}

describe('edge conditions in the document', () => {
  test('an absent or undefined when is left out; null is kept as written', () => {
    // Three unconditional edges on one node: validate() warns, which is not the point here.
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const definition = new Scenario('u')
      .addNode('a', { question: 'q' })
      .addEdge('a', END)
      .addEdge('a', END, { when: undefined })
      .addEdge('a', END, { when: null })
      .setEntry('a')
      .validate()
    const { edges } = definition.toJSON()
    expect(edges).toEqual([
      { source: 'a', target: END },
      { source: 'a', target: END },
      { source: 'a', target: END, when: null },
    ])
    const loaded = Scenario.fromJSON(JSON.stringify(definition))
    expect(loaded.edges.map((e) => 'when' in e)).toEqual([false, false, true])
    expect(loaded.toJSON()).toEqual(definition.toJSON())
  })

  test('undefined anywhere in a when-object is written as null', () => {
    const definition = withWhen(
      { 'parsed.note': undefined, 'parsed.tags': ['a', undefined] },
      { 'parsed.x': { eq: undefined, in: [undefined, 1], neq: { deep: undefined } } },
      [{ 'parsed.y': undefined }],
    )
    expect(edgesOf(definition).map((e) => e.when)).toEqual([
      { 'parsed.note': null, 'parsed.tags': ['a', null] },
      { 'parsed.x': { eq: null, in: [null, 1], neq: { deep: null } } },
      [{ 'parsed.y': null }],
    ])
    const loaded = Scenario.fromJSON(JSON.stringify(definition))
    expect(loaded.toJSON()).toEqual(definition.toJSON())
  })

  test('a stateCheck is written as data and loaded with its primitive back', () => {
    const definition = withWhen(
      stateCheck('parsed.answer', regexMatch('^no\\b', { flags: 'i' })),
      stateCheck('parsed.day', dateMatch(), new Date('2024-05-01T00:00:00Z')),
    )
    expect(edgesOf(definition).map((e) => e.when)).toEqual([
      {
        type: 'StateCheck',
        field: 'parsed.answer',
        verifyWith: { type: 'RegexMatch', pattern: '^no\\b', flags: 'i' },
      },
      {
        type: 'StateCheck',
        field: 'parsed.day',
        verifyWith: { type: 'DateMatch' },
        expected: '2024-05-01T00:00:00.000Z',
      },
    ])
    const loaded = Scenario.fromJSON(JSON.stringify(definition))
    const when = loaded.edges[0]?.when
    expect(isStateCheck(when)).toBe(true)
    expect(isStateCheck(when) && isPrimitive(when.verifyWith)).toBe(true)
    expect(loaded.toJSON()).toEqual(definition.toJSON())
  })

  test('a list keeps its when-objects, stateChecks and functions in order; [] stays []', () => {
    const definition = withWhen(
      [{ verifyResult: false }, isLate, stateCheck('turn', regexMatch('1'))],
      [],
    )
    expect(edgesOf(definition).map((e) => e.when)).toEqual([
      [
        { verifyResult: false },
        { callable: 'isLate', at: 'edges.0.when.1' },
        {
          type: 'StateCheck',
          field: 'turn',
          verifyWith: { type: 'RegexMatch', pattern: '1', flags: '' },
        },
      ],
      [],
    ])
    const loaded = Scenario.fromJSON(JSON.stringify(definition), { callables: { isLate } })
    expect(loaded.edges[0]?.when).toEqual([{ verifyResult: false }, isLate, expect.anything()])
    expect((loaded.edges[0]?.when as unknown[] | undefined)?.[1]).toBe(isLate)
    expect(loaded.toJSON()).toEqual(definition.toJSON())
  })
})

describe('errors', () => {
  const load = (when: unknown) => () =>
    Scenario.fromJSON({
      formatVersion: 1,
      kind: 'vitest-scenario.definition',
      name: 'w',
      description: '',
      entryNode: 'a',
      nodes: [{ id: 'a', question: 'q' }],
      edges: [
        { source: 'a', target: END, when },
        { source: 'a', target: END },
      ],
      outcomeCriteria: [],
    })

  test('a when is checked as addEdge checks it, naming its location', () => {
    expect(load({ 'parsd.x': 1 })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Unknown dot path 'parsd.x' in 'when'
        - edges.0.when
      A path starts with verifyResult, turn, currentNode, parsed, accumulated, nodeVisits, nodeResults, toolNames, toolCalls, agent, agents, guardrail or user (the spellings verify_result, current_node, node_visits and node_results are accepted), e.g. 'parsed.confidence'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load(3)).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Unsupported 'when' value: 3
        - edges.0.when
      Use a when-object ({ verifyResult: false }), a list of checks, stateCheck(path, primitive, expected) or a function (state) => boolean; omit it for an unconditional edge.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load('verifyResult === false')).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Unsupported 'when' value: 'verifyResult === false'
        - edges.0.when
      Use a when-object ({ verifyResult: false }), a list of checks, stateCheck(path, primitive, expected) or a function (state) => boolean; omit it for an unconditional edge. A string is never run as code.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({})).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Empty 'when' object
        - edges.0.when
      Use [] for a condition that always holds, or omit \`when\` for an unconditional edge.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load([{ turn: 1 }, {}])).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Empty when-object at index 1 of the 'when' list
        - edges.0.when
      Use [] for a condition that always holds, or omit \`when\` for an unconditional edge.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load({ turn: { between: [1, 2] } })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Unknown operator 'between' at 'turn' in 'when'
        - edges.0.when
      Valid operators: eq neq gt gte lt lte in matches contains. A plain object is always the operator form: to compare with an object write { eq: {…} } or stateCheck(path, literalMatch(), value).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('a stateCheck is checked strictly', () => {
    const check = { type: 'StateCheck', field: 'turn', verifyWith: { type: 'NumericExact' } }
    expect(load({ ...check, expect: 1 })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: unknown key 'expect'
        - at edges.0.when
      Valid keys: 'type', 'field', 'verifyWith', 'expected'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(
      load({ ...check, verifyWith: { type: 'NumericExact', tolerance: 1 } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] edges.0.when.verifyWith (NumericExact) has an invalid option
        - unknown key 'tolerance' in options; it takes none
      Remove what NumericExact does not take: its data is its 'type' and its own fields.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load([{ ...check, field: 'nowhere' }])).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Unknown dot path 'nowhere' in 'when'
        - edges.0.when
      A path starts with verifyResult, turn, currentNode, parsed, accumulated, nodeVisits, nodeResults, toolNames, toolCalls, agent, agents, guardrail or user (the spellings verify_result, current_node, node_visits and node_results are accepted), e.g. 'parsed.confidence'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })

  test('a when given as an object must hold JSON data only', () => {
    expect(load({ 'parsed.day': new Date(0) })).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: a Date is not JSON data
        - at edges.0.when.parsed.day
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(load([{ turn: Number.NaN }])).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: NaN is not JSON data
        - at edges.0.when.0.turn
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })
})
