import { createOpenAI } from '@ai-sdk/openai'
import { type LanguageModelMiddleware, wrapLanguageModel } from 'ai'
import { describe, expect, test } from 'vitest'
import { aiSdkAgent, aiSdkModel } from '../../src/ai-sdk/index.js'
import { END, GuardrailTripwire, runScenario, Scenario } from '../../src/core.js'
import { useScriptedServer } from '../models/server-fixture.js'

// A GuardrailTripwire thrown by an AI SDK middleware (the real `ai`, `wrapLanguageModel`, and
// `@ai-sdk/openai` against the loopback Chat Completions server) is the turn's guardrail, through
// the agent adapter and through the model adapter alike: the AI SDK passes it on unwrapped (or
// wrapped, found as a cause), the turn completes with no answer and the run goes on.

const { server } = useScriptedServer()

/** An input guardrail: refuses arithmetic before any call reaches the server. */
const noMath: LanguageModelMiddleware = {
  // `ai` 6 requires the middleware spec 'v3'; `ai` 7 takes any version name (its own is 'v4') and
  // `wrapLanguageModel` reads only the hooks, so 'v3' type-checks and runs on both.
  specificationVersion: 'v3',
  transformParams: async ({ params }) => {
    const last = JSON.stringify(params.prompt.at(-1) ?? '')
    if (/\d\s*[-+*/]\s*\d/.test(last)) {
      throw new GuardrailTripwire('no-math', { info: { reason: 'homework help is off-topic' } })
    }
    return params
  },
}

const guarded = () =>
  wrapLanguageModel({
    model: createOpenAI({ baseURL: server().baseURL, apiKey: 'test-key-fake' }).chat('test-model'),
    middleware: noMath,
  })

const scenario = () =>
  new Scenario('guardrails')
    .addNode('ask', { question: 'What is 12 * 7?' })
    .addNode('redirect', { question: 'OK. Where is my order 1042?' })
    .addEdge('ask', 'redirect', { when: { 'guardrail.name': 'no-math' } })
    .addEdge('ask', END)
    .addEdge('redirect', END)
    .setEntry('ask')
    .validate()

describe('a GuardrailTripwire from an AI SDK middleware', () => {
  test.each([
    ['aiSdkAgent', () => aiSdkAgent({ model: guarded() })],
    ['aiSdkModel', () => aiSdkModel(guarded())],
  ])('through %s: the turn is refused, the run routes on it and goes on', async (_, model) => {
    server().reply({ content: 'Order 1042 ships on Friday.' })
    const result = await runScenario(scenario(), { model: model() })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(result.path).toEqual(['ask', 'redirect'])
    const [refused, answered] = result.history
    expect(refused).toMatchObject({
      rawResponse: null,
      guardrail: {
        name: 'no-math',
        kind: 'input',
        info: { reason: 'homework help is off-topic' },
      },
      messages: [],
    })
    expect(refused?.error).toBeUndefined()
    expect(answered?.rawResponse).toBe('Order 1042 ships on Friday.')
    // The refused question reached no server; the next call holds it with no answer after it.
    expect(server().requests).toHaveLength(1)
    const body = server().requests[0]?.body as { messages: { role: string; content: unknown }[] }
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'user'])
  })
})
