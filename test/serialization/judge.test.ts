import { describe, expect, test } from 'vitest'
import { allOf, END, judge, Scenario, statusIs } from '../../src/core.js'

const withOutcome = (check: Parameters<Scenario['addOutcome']>[1]) =>
  new Scenario('judged')
    .addNode('ask', { question: 'Hi' })
    .addEdge('ask', END)
    .setEntry('ask')
    .addOutcome('polite', check)
    .validate()

describe('judge() checks in a scenario document', () => {
  test('round-trip losslessly, alone and composed', () => {
    const definition = withOutcome(
      allOf(
        statusIs('completed'),
        judge(['Greets the user', 'Stays polite'], {
          model: { model: 'judge-model', baseURL: 'http://127.0.0.1:8080/v1', temperature: 0 },
          instructions: 'The agent may not promise refunds.',
          inconclusive: 'pass',
        }),
      ),
    )
    const document = definition.toJSON()
    expect(document.outcomeCriteria[0]?.check).toMatchObject({
      type: 'AllOf',
      conditions: [
        { type: 'ResultCheck' },
        {
          type: 'Judge',
          criteria: ['Greets the user', 'Stays polite'],
          model: { model: 'judge-model', baseURL: 'http://127.0.0.1:8080/v1', temperature: 0 },
          instructions: 'The agent may not promise refunds.',
          inconclusive: 'pass',
        },
      ],
    })
    const text = JSON.stringify(definition)
    const loaded = Scenario.fromJSON(text)
    expect(loaded.toJSON()).toEqual(document)
    expect(loaded.outcomeCriteria[0]?.check).toEqual(definition.outcomeCriteria[0]?.check)
    expect(Scenario.fromJSON(JSON.stringify(withOutcome(judge(['Polite'])))).toJSON()).toEqual(
      withOutcome(judge(['Polite'])).toJSON(),
    )
  })

  test("a judge's client or key cannot be written, and a document cannot hold one", () => {
    const client = { chat: { completions: { create: async () => ({}) } } }
    expect(() =>
      withOutcome(allOf(judge(['Polite'], { model: { model: 'm', client } }))).toJSON(),
    ).toThrow(
      "Cannot write the `client` of the judge's model at outcomeCriteria.polite.check.conditions.0.model to JSON",
    )
    expect(() =>
      withOutcome(judge(['Polite'], { model: { model: 'm', apiKey: 'k' } })).toJSON(),
    ).toThrow(
      "Cannot write the `apiKey` of the judge's model at outcomeCriteria.polite.check.model to JSON",
    )
    const document = withOutcome(judge(['Polite'], { model: { model: 'm' } })).toJSON()
    const check = document.outcomeCriteria[0]?.check as { model: Record<string, unknown> }
    check.model.client = {}
    expect(() => Scenario.fromJSON(document)).toThrow("'client' cannot be loaded from a document")
  })
})
