import { describe, expect, test } from 'vitest'
import { defineTemplate, END, Scenario, type ScenarioStateView } from '../../src/core.js'
import { INFERRED_NAMES, isAnonymousName } from '../../src/serialization/index.js'
import { collectReferences } from './support/collect-references.js'
import {
  agent,
  askAgain,
  countTries,
  everyLocation,
  firstTurn,
  isRetry,
  isShort,
  judge,
  parseAnswer,
  sameAnswer,
  schema,
} from './support/every-location.js'

describe('callables in the document (SPEC 8, 13.29)', () => {
  test('are written { callable, at } at their locations, named by the function', () => {
    expect(collectReferences(everyLocation().toJSON())).toMatchInlineSnapshot(`
      [
        {
          "at": "nodes.ask.question.question",
          "callable": "askAgain",
        },
        {
          "at": "nodes.ask.question.template.verify",
          "callable": "sameAnswer",
        },
        {
          "at": "nodes.ask.question.template.parse",
          "callable": "parseAnswer",
        },
        {
          "at": "nodes.ask.question.rubric.traits.0.fn",
          "callable": "isShort",
        },
        {
          "at": "nodes.ask.modelOverride.answering",
          "callable": "agent",
        },
        {
          "at": "nodes.ask.stateUpdate",
          "callable": "countTries",
        },
        {
          "at": "edges.0.when",
          "callable": "isRetry",
        },
        {
          "at": "edges.1.when.1",
          "callable": "firstTurn",
        },
        {
          "at": "outcomeCriteria.judged.evaluate",
          "callable": "judge",
        },
      ]
    `)
  })

  test('resolve by location, then by name, to the functions given', () => {
    const location = (state: ScenarioStateView) => state.turn > 1
    const loaded = Scenario.fromJSON(JSON.stringify(everyLocation()), {
      callables: {
        countTries,
        askAgain,
        parseAnswer,
        sameAnswer,
        isShort,
        isRetry,
        firstTurn,
        judge,
        agent,
        // A location wins over a name.
        'edges.0.when': location,
        // An entry under an unused key is fine: one map may serve several documents.
        unused: () => 0,
      },
    })
    const node = loaded.nodes.ask
    expect(node?.stateUpdate).toBe(countTries)
    expect(node?.modelOverride?.answering).toBe(agent)
    const question = typeof node?.question === 'object' ? node.question : undefined
    expect(question?.question).toBe(askAgain)
    expect(question?.template?.parse).toBe(parseAnswer)
    expect(question?.template?.verify).toBe(sameAnswer)
    expect(question?.rubric?.traits[0]).toMatchObject({ fn: isShort })
    expect(loaded.edges[0]?.when).toBe(location)
    expect(loaded.edges[1]?.when).toEqual([{ turn: 3 }, firstTurn])
    expect(loaded.outcomeCriteria[0]?.evaluate).toBe(judge)
  })

  test('a loaded definition writes the names its document gave, whatever function resolved them', () => {
    const document = everyLocation().toJSON()
    const callables: Record<string, () => unknown> = {}
    for (const { at } of collectReferences(document)) callables[at] = function other() {}
    const loaded = Scenario.fromJSON(document, { callables })
    expect(loaded.toJSON()).toEqual(document)
  })
})

describe('anonymous names (SPEC 13.29, 13.34, 13.48)', () => {
  test('a name inferred from the option key is anonymous', () => {
    const definition = new Scenario('inferred')
      .addNode('ask', {
        question: {
          question: () => 'q',
          template: defineTemplate({
            schema,
            parse: (raw) => ({ answer: raw }),
            verify: () => true,
          }),
        },
        stateUpdate: (accumulated) => accumulated,
        modelOverride: { answering: async () => 'x' },
      })
      .addEdge('ask', END, { when: (state) => state.turn > 0 })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcomeCriterion({ name: 'e', evaluate: () => true })
      .validate()
    const references = collectReferences(definition.toJSON())
    expect(references).toHaveLength(7)
    expect(references.map((r) => r.callable)).toEqual(['', '', '', '', '', '', ''])
  })

  test('names equal to any option key, to the key given under, or to the location are anonymous', () => {
    expect(INFERRED_NAMES).toEqual([
      'when',
      'stateUpdate',
      'evaluate',
      'parse',
      'verify',
      'fn',
      'execute',
      'question',
      'answering',
      'parsing',
    ])
    for (const name of INFERRED_NAMES)
      expect(isAnonymousName(name, 'when', 'edges.0.when')).toBe(true)
    expect(isAnonymousName('myKey', 'myKey', 'edges.0.when')).toBe(true)
    expect(isAnonymousName('edges.0.when', 'when', 'edges.0.when')).toBe(true)
    expect(isAnonymousName('', 'when', 'edges.0.when')).toBe(true)
    expect(isAnonymousName('isRetry', 'when', 'edges.0.when')).toBe(false)
  })

  test('a name shared by two different functions is written as "", one function at several locations keeps its name', () => {
    const make = () =>
      function check(state: ScenarioStateView) {
        return state.turn > 0
      }
    const definition = new Scenario('shared')
      .addNode('a', { question: 'a', stateUpdate: countTries })
      .addNode('b', { question: 'b', stateUpdate: countTries })
      .addEdge('a', 'b', { when: make() })
      .addEdge('a', 'b')
      .addEdge('b', END, { when: make() })
      .addEdge('b', END)
      .setEntry('a')
      .validate()
    const document = definition.toJSON()
    expect(collectReferences(document)).toEqual([
      { callable: 'countTries', at: 'nodes.a.stateUpdate' },
      { callable: 'countTries', at: 'nodes.b.stateUpdate' },
      { callable: '', at: 'edges.0.when' },
      { callable: '', at: 'edges.2.when' },
    ])
    const loaded = Scenario.fromJSON(document, {
      callables: { countTries, 'edges.0.when': make(), 'edges.2.when': make() },
    })
    expect(loaded.nodes.a?.stateUpdate).toBe(countTries)
    expect(loaded.nodes.b?.stateUpdate).toBe(countTries)
  })
})
