import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { defineTemplate, END, runScenario, Scenario } from '../../src/core.js'
import { useScriptedServer } from './server-fixture.js'

// usage.model and usage.reasoning of the library's own model calls, read from the responses the
// loopback Chat Completions server sends: the name the response gives (a dated snapshot, not the
// name asked for), per turn and merged over the run; the parsing model's apart.

const { server, model } = useScriptedServer()

const template = defineTemplate({
  schema: z.object({ drug: z.string() }),
  verify: (parsed) => parsed.drug === 'Venetoclax',
})

describe('usage.model and usage.reasoning from the responses', () => {
  test('each turn names the model that answered; the run names each once, in order', async () => {
    server().reply(
      {
        content: 'Venetoclax.',
        model: 'test-model-2025-04-14',
        usage: { promptTokens: 20, completionTokens: 30, reasoningTokens: 24 },
      },
      {
        json: { drug: 'Venetoclax' },
        model: 'parser-2025-01-01',
        usage: { promptTokens: 40, completionTokens: 9, reasoningTokens: 0 },
      },
      { content: 'Yes.', usage: { promptTokens: 30, completionTokens: 8, reasoningTokens: 5 } },
      { content: 'Sure.', model: 'test-model-2025-04-14', usage: { reasoningTokens: 1 } },
    )
    const definition = new Scenario('models')
      .addNode('ask', { question: { question: 'Which drug?', template } })
      // Its own model: the server names it as asked (no snapshot name).
      .addNode('challenge', {
        question: 'Are you sure?',
        modelOverride: { answering: { ...model(), model: 'other-model' } },
      })
      .addNode('again', { question: 'Really?' })
      .addEdge('ask', 'challenge')
      .addEdge('challenge', 'again')
      .addEdge('again', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, {
      model: model(),
      parsingModel: { ...model(), model: 'parser' },
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    const [ask, challenge, again] = result.history
    expect(ask?.usage).toMatchObject({
      model: 'test-model-2025-04-14',
      reasoning: 24,
      answering: { model: 'test-model-2025-04-14', reasoning: 24 },
      judging: { model: 'parser-2025-01-01', reasoning: 0 },
    })
    expect(challenge?.usage.model).toBe('other-model')
    expect(again?.usage.model).toBe('test-model-2025-04-14')
    // The run's total: the answering models, each once in order of first use; the parser apart.
    expect(result.usage.model).toBe('test-model-2025-04-14, other-model')
    expect(result.usage.answering.model).toBe('test-model-2025-04-14, other-model')
    expect(result.usage.judging.model).toBe('parser-2025-01-01')
    expect(result.usage.reasoning).toBe(24 + 0 + 5 + 1)
    expect(result.usage.answering.reasoning).toBe(30)
  })

  test('a response that states no usage details leaves them out', async () => {
    server().reply({ content: 'Venetoclax.', usage: null })
    const definition = new Scenario('bare')
      .addNode('ask', { question: 'Which drug?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: model() })
    expect(result.usage.reasoning).toBeUndefined()
    // The body still names its model.
    expect(result.usage.model).toBe('test-model')
  })
})
