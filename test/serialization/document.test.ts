import { zodResponseFormat } from 'openai/helpers/zod'
import { describe, expect, test } from 'vitest'
import {
  END,
  runScenario,
  SCENARIO_DOCUMENT_KIND,
  SCENARIO_FORMAT_VERSION,
  Scenario,
  scriptedModel,
} from '../../src/core.js'
import { exampleCallables, exampleDefinition } from './support/example-scenario.js'

const callables = exampleCallables

describe('definition.toJSON()', () => {
  test('writes the document: top-level keys in order, versioned and type-tagged (SPEC 8, 13.35)', () => {
    const document = exampleDefinition().toJSON()
    expect(Object.keys(document)).toEqual([
      'formatVersion',
      'kind',
      'name',
      'description',
      'entryNode',
      'nodes',
      'edges',
      'outcomeCriteria',
    ])
    expect(document.formatVersion).toBe(SCENARIO_FORMAT_VERSION)
    expect(document.kind).toBe(SCENARIO_DOCUMENT_KIND)
    expect(document.kind).toBe('vitest-scenario.definition')
    expect(document.nodes.map((node) => node.id)).toEqual(['ask', 'retry'])
  })

  test('JSON.stringify(definition) writes toJSON(), and the result is plain JSON', () => {
    const definition = exampleDefinition()
    const text = JSON.stringify(definition)
    expect(JSON.parse(text)).toEqual(definition.toJSON())
    expect(JSON.parse(text)).toStrictEqual(JSON.parse(JSON.stringify(definition.toJSON())))
  })

  test('returns a new document on every call; changing it leaves the definition alone', () => {
    const definition = exampleDefinition()
    const first = definition.toJSON()
    const question = first.nodes[0]?.question
    if (typeof question !== 'object' || question === null || question.template === undefined)
      throw new Error('no template')
    question.template.schema.type = 'string'
    expect(definition.toJSON()).not.toEqual(first)
    expect(definition.toJSON()).toEqual(exampleDefinition().toJSON())
  })

  test('keeps the insertion order of nodes, also for integer-like ids', () => {
    const definition = new Scenario('order')
      .addNode('b', { question: 'b' })
      .addNode('10', { question: '10' })
      .addNode('2', { question: '2' })
      .addEdge('b', '10')
      .addEdge('10', '2')
      .addEdge('2', END)
      .setEntry('b')
      .validate()
    expect(definition.nodeIds).toEqual(['b', '10', '2'])
    expect(definition.toJSON().nodes.map((node) => node.id)).toEqual(['b', '10', '2'])
    const again = Scenario.fromJSON(definition.toJSON())
    expect(again.nodeIds).toEqual(['b', '10', '2'])
  })
})

describe('Scenario.fromJSON()', () => {
  test('reads the document or its text; writing the result again gives the same document', () => {
    const document = exampleDefinition().toJSON()
    const fromObject = Scenario.fromJSON(document, { callables })
    const fromText = Scenario.fromJSON(JSON.stringify(document), { callables })
    expect(fromObject.toJSON()).toEqual(document)
    expect(fromText.toJSON()).toEqual(document)
    expect(JSON.stringify(fromText)).toBe(JSON.stringify(document))
  })

  test('returns a validated, frozen definition that runs like the original', async () => {
    const original = exampleDefinition({ judged: false })
    const loaded = Scenario.fromJSON(JSON.stringify(original), { callables })
    expect(Object.isFrozen(loaded)).toBe(true)
    expect(Object.isFrozen(loaded.nodes.ask)).toBe(true)
    const replies = ['drug: imatinib, dose: 5', 'drug: venetoclax', 'drug: venetoclax']
    const runs = await Promise.all(
      [original, loaded].map((d) => runScenario(d, { model: scriptedModel(replies) })),
    )
    const [a, b] = runs
    expect(b?.path).toEqual(a?.path)
    expect(b?.status).toEqual(a?.status)
    expect(b?.history.map((t) => t.verifyResult)).toEqual(a?.history.map((t) => t.verifyResult))
    expect(b?.history.map((t) => t.parsedFields)).toEqual(a?.history.map((t) => t.parsedFields))
    expect(b?.outcomeResults).toEqual(a?.outcomeResults)
    expect(a?.path).toEqual(['ask', 'retry', 'retry'])
    expect(a?.status).toBe('completed')
  })

  test('a loaded template still parses and converts to a response format', () => {
    const loaded = Scenario.fromJSON(exampleDefinition().toJSON(), { callables })
    const question = loaded.nodes.ask?.question
    const template = typeof question === 'object' ? question?.template : undefined
    expect(template?.schema.parse({ drug: 'x', dose: null, extra: 1 })).toEqual({
      drug: 'x',
      dose: null,
    })
    const format = zodResponseFormat(template?.schema as never, 'answer')
    expect(format.json_schema.schema).toMatchObject({
      properties: { drug: { type: 'string', description: 'The drug named in the answer' } },
    })
  })
})
