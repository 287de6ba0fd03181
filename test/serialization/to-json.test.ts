import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  allOf,
  anyTurn,
  atLeastN,
  callableTrait,
  countTurns,
  crossTurn,
  dateMatch,
  defineTemplate,
  END,
  firstMatchIndex,
  lastTurn,
  llmTrait,
  type NodeSpec,
  regexTrait,
  resultCheck,
  Scenario,
  type ScenarioDefinition,
  setContainment,
  statusIs,
  synonymMap,
  turnAt,
  turnCheck,
  turnCountGte,
} from '../../src/core.js'

function oneNode(spec: NodeSpec): ScenarioDefinition {
  return new Scenario('one').addNode('a', spec).setEntry('a').validate()
}

function roundTrip(definition: ScenarioDefinition, callables = {}) {
  const document = definition.toJSON()
  const loaded = Scenario.fromJSON(JSON.stringify(document), { callables })
  expect(loaded.toJSON()).toEqual(document)
  return { document, loaded }
}

function shortAnswer(response: string) {
  return response.length < 20
}

describe('round trips', () => {
  test('rubrics: regex, model-judged and callable traits', () => {
    const rubric = {
      traits: [
        regexTrait('hedges', /\bmaybe\b/gi, { invert: true }),
        llmTrait('tone', { description: 'Tone?', kind: 'labels', labels: ['calm', 'rude'] }),
        llmTrait('polite', { description: 'Polite?', kind: 'boolean' }),
        callableTrait('short', shortAnswer),
      ],
    }
    const { document, loaded } = roundTrip(oneNode({ question: { question: 'q', rubric } }), {
      shortAnswer,
    })
    expect(document.nodes[0]?.question).toMatchObject({
      rubric: {
        traits: [
          { type: 'RegexTrait', name: 'hedges', pattern: '\\bmaybe\\b', flags: 'i', invert: true },
          { type: 'LlmTrait', name: 'tone', kind: 'labels', labels: ['calm', 'rude'] },
          { type: 'LlmTrait', name: 'polite', kind: 'boolean' },
          {
            type: 'CallableTrait',
            name: 'short',
            fn: { callable: 'shortAnswer', at: 'nodes.a.question.rubric.traits.3.fn' },
          },
        ],
      },
    })
    const question = loaded.nodes.a?.question
    expect(typeof question === 'object' && question?.rubric).toEqual(rubric)
  })

  test('model overrides, tool filters and metadata', () => {
    const answering = async () => 'ok'
    const definition = oneNode({
      question: 'q',
      modelOverride: {
        answering: { model: 'gpt-4.1-mini', baseURL: 'http://localhost:1234/v1', maxTokens: 100 },
        parsing: { model: 'gpt-4.1', temperature: 0 },
      },
      toolFilter: { remove: ['search', 'calc'] },
      metadata: {
        owner: 'qa',
        day: new Date('2024-05-01T00:00:00Z'),
        skip: undefined,
        list: [1, undefined],
      },
    })
    const { document } = roundTrip(definition)
    expect(document.nodes[0]).toMatchObject({
      metadata: { owner: 'qa', day: '2024-05-01T00:00:00.000Z', list: [1, null] },
    })
    expect(document.nodes[0]?.metadata).not.toHaveProperty('skip')
    const agent = oneNode({ question: 'q', modelOverride: { answering } })
    expect(agent.toJSON().nodes[0]?.modelOverride).toEqual({
      answering: { callable: '', at: 'nodes.a.modelOverride.answering' },
    })
    const loaded = Scenario.fromJSON(agent.toJSON(), {
      callables: { 'nodes.a.modelOverride.answering': answering },
    })
    expect(loaded.nodes.a?.modelOverride?.answering).toBe(answering)
  })

  test('outcome checks of every kind, with Date expected values written as ISO strings', () => {
    const definition = new Scenario('outcomes')
      .addNode('a', { question: 'q' })
      .addEdge('a', END)
      .setEntry('a')
      .addOutcome('last', lastTurn({ verifyResult: true, 'parsed.score': { gte: 3 } }))
      .addOutcome('any', anyTurn({ nodeId: 'a' }, { node: ['a'] }), { description: 'some turn' })
      .addOutcome(
        'composed',
        atLeastN(
          1,
          statusIs('completed'),
          allOf(turnCountGte(1), resultCheck('path', ['a'], setContainment('subset'))),
        ),
      )
      .addOutcome('count', countTurns({ node: 'a', verifyResult: null }))
      .addOutcome('first', firstMatchIndex({ verifyResult: false }))
      .addOutcome(
        'cross',
        crossTurn({
          source: turnAt(0),
          sourceField: 'parsed.drug',
          target: turnAt(-1),
          targetField: 'parsed.drug',
          comparison: 'eq',
          normalize: ['lowercase', synonymMap({ abt199: 'venetoclax' })],
        }),
      )
      .addOutcome(
        'dated',
        turnCheck(turnAt(0), 'parsed.day', new Date('2024-05-01T00:00:00Z'), dateMatch()),
      )
      .addOutcomeCriterion({ name: 'both', check: statusIs('completed'), evaluate: () => true })
      .validate()
    const { document } = roundTrip(definition, { 'outcomeCriteria.both.evaluate': () => false })
    expect(document.outcomeCriteria.find((c) => c.name === 'dated')?.check).toMatchObject({
      expected: '2024-05-01T00:00:00.000Z',
    })
    expect(document.outcomeCriteria.map((c) => c.name)).toEqual([
      'last',
      'any',
      'composed',
      'count',
      'first',
      'cross',
      'dated',
      'both',
    ])
  })
})

describe('what JSON cannot hold', () => {
  test('metadata and ground truth must be JSON data', () => {
    expect(() =>
      oneNode({ question: 'q', metadata: { fn: () => 1 } }).toJSON(),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Cannot write nodes.a.metadata.fn to JSON: it holds a function
      Metadata, ground truth and expected values are JSON data (strings, finite numbers, booleans, null, arrays, plain objects; a Date is written as its ISO string).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      oneNode({ question: 'q', metadata: { n: Number.NaN } }).toJSON(),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Cannot write nodes.a.metadata.n to JSON: it holds NaN
      Metadata, ground truth and expected values are JSON data (strings, finite numbers, booleans, null, arrays, plain objects; a Date is written as its ISO string).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    const template = defineTemplate({
      schema: z.object({ tags: z.array(z.string()) }),
      groundTruth: { tags: new Set(['a']) as never },
      parse: (raw) => ({ tags: [raw] }),
    })
    expect(() =>
      oneNode({ question: { question: 'q', template } }).toJSON(),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Cannot write nodes.a.question.template.groundTruth.tags to JSON: it holds a Set
      Metadata, ground truth and expected values are JSON data (strings, finite numbers, booleans, null, arrays, plain objects; a Date is written as its ISO string).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('the wire API of a model override is written and read back', () => {
    const definition = oneNode({
      question: 'q',
      modelOverride: { answering: { api: 'responses' } },
    })
    const json = definition.toJSON()
    expect(json.nodes[0]?.modelOverride).toEqual({ answering: { api: 'responses' } })
    const loaded = Scenario.fromJSON(JSON.stringify(json))
    expect(loaded.nodes.a?.modelOverride).toEqual({ answering: { api: 'responses' } })
  })

  test('a model client and an API key are never written', () => {
    const withOverride = (answering: Record<string, unknown>) =>
      oneNode({ question: 'q', modelOverride: { answering } })
    expect(() => withOverride({ client: {} }).toJSON()).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Cannot write the \`client\` of nodes.a.modelOverride.answering to JSON
      A client is a live object and cannot be serialized: leave it out of the override and pass it on the run (runScenario options), or set \`baseURL\`.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    // An adapter's driver (aiSdkModel) is a live object too: refused by name, not as "a function".
    const driver = { name: 'ai-sdk:test', complete: async () => ({}) }
    expect(() => withOverride({ model: 'm', driver }).toJSON()).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Cannot write the \`driver\` of nodes.a.modelOverride.answering to JSON
      A driver is a live object and cannot be serialized: leave it out of the override and pass it on the run (runScenario options), or set \`baseURL\`.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      JSON.stringify(withOverride({ apiKey: 'sk-test' })),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Cannot write the \`apiKey\` of nodes.a.modelOverride.answering to JSON
      API keys are never written to a scenario document: leave \`apiKey\` out of the override and let the client read OPENAI_API_KEY, or pass the key on the run.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('seeded and scripted turns, async questions', () => {
  async function askWithContext(
    _state: unknown,
    context: { turn: number; conversation: readonly unknown[] },
  ): Promise<string> {
    return `turn ${context.turn}, ${context.conversation.length} messages so far`
  }

  test('question: null, a scripted answer and a question function taking a context round-trip', () => {
    const definition = new Scenario('scripted')
      .addNode('opening', { question: null, answer: 'Welcome.' })
      .addNode('judged', {
        question: { question: null, rubric: { traits: [regexTrait('greets', /welcome/i)] } },
      })
      .addNode('ask', { question: { question: askWithContext }, answer: '' })
      .addEdge('opening', 'judged')
      .addEdge('judged', 'ask')
      .addEdge('ask', END)
      .setEntry('opening')
      .validate()
    const { document, loaded } = roundTrip(definition, { askWithContext })
    expect(document.nodes.map((n) => [n.question, n.answer])).toEqual([
      [null, 'Welcome.'],
      [
        {
          question: null,
          rubric: {
            traits: [
              { type: 'RegexTrait', name: 'greets', pattern: 'welcome', flags: 'i', invert: false },
            ],
          },
        },
        undefined,
      ],
      [{ question: { callable: 'askWithContext', at: 'nodes.ask.question.question' } }, ''],
    ])
    expect(loaded.nodes.ask?.question).toEqual({ question: askWithContext })
    expect(loaded.nodes.opening).toMatchObject({ question: null, answer: 'Welcome.' })
  })

  test('a document with a wrong answer or question is refused, naming the place', () => {
    const document = new Scenario('s')
      .addNode('a', { question: 'q' })
      .setEntry('a')
      .validate()
      .toJSON()
    const withNode = (node: Record<string, unknown>) =>
      JSON.stringify({ ...document, nodes: [{ id: 'a', ...node }] })
    expect(() =>
      Scenario.fromJSON(withNode({ question: 'q', answer: 3 })),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a string, got 3
        - at nodes.a.answer
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
    expect(() => Scenario.fromJSON(withNode({ question: 3 }))).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioDocumentError: [vitest-scenario] Invalid scenario document: expected a string, a question object or null, got 3
        - at nodes.a.question
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_document]
    `)
  })
})
