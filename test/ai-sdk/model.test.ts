import { createOpenAI } from '@ai-sdk/openai'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { aiSdkModel } from '../../src/ai-sdk/index.js'
import {
  defineTemplate,
  END,
  exactMatch,
  judge,
  runScenario,
  Scenario,
  scriptedModel,
  simulatedUser,
  tool,
} from '../../src/core.js'
import { useScriptedServer } from '../models/server-fixture.js'

// aiSdkModel with the real `ai` and `@ai-sdk/openai` against the loopback Chat Completions
// server, in each place the library takes a model: answering (the library's tool loop), parsing
// (structured output), judging, a simulated user; and the library's retries, faults and aborts.

const { server } = useScriptedServer()
type Body = {
  model: string
  messages: { role: string; content: unknown }[]
  tools?: unknown[]
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } }
  temperature?: number
  max_tokens?: number
}
const bodies = () => server().requests.map((r) => r.body as Body)

const provider = () => createOpenAI({ baseURL: server().baseURL, apiKey: 'test-key-fake' })
const chat = (id = 'test-model') => aiSdkModel(provider().chat(id))

const oneTurn = (question = 'Which drug inhibits BCL-2?') =>
  new Scenario('one').addNode('ask', { question }).addEdge('ask', END).setEntry('ask')

describe('aiSdkModel as the answering model', () => {
  test('names the model and its driver after the AI SDK model', () => {
    const config = chat('gpt-4.1-mini')
    expect(config.model).toBe('gpt-4.1-mini')
    expect(config.driver.name).toBe('ai-sdk:openai.chat')
  })

  test('answers with sampling settings; the usage is counted', async () => {
    server().reply({
      content: 'Venetoclax.',
      usage: { promptTokens: 20, completionTokens: 3, cachedTokens: 8 },
    })
    const result = await runScenario(oneTurn().validate(), {
      model: { ...chat(), temperature: 0, maxTokens: 40, systemPrompt: 'Be brief.' },
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(result.history[0]?.rawResponse).toBe('Venetoclax.')
    expect(result.history[0]?.usage.answering).toEqual({
      input: 20,
      output: 3,
      cached: 8,
      cacheWrite: 0,
      reasoning: 0,
      model: 'test-model',
    })
    expect(bodies()[0]).toMatchObject({
      model: 'test-model',
      temperature: 0,
      max_tokens: 40,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Which drug inhibits BCL-2?' },
      ],
    })
  })

  test("the library's tools are offered without execute; the library runs them and calls again", async () => {
    let ran = 0
    const lookUp = tool({
      description: 'Looks a drug up',
      parameters: z.object({ name: z.string() }),
      execute: async ({ name }) => {
        ran += 1
        return { name, target: 'BCL-2' }
      },
    })
    server().reply(
      { toolCalls: [{ id: 'call_9', name: 'lookUp', arguments: { name: 'venetoclax' } }] },
      { content: 'Venetoclax inhibits BCL-2.' },
    )
    const result = await runScenario(oneTurn().validate(), {
      model: chat(),
      tools: { lookUp },
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(ran).toBe(1)
    expect(result.history[0]?.toolCalls).toMatchObject([
      { id: 'call_9', name: 'lookUp', arguments: { name: 'venetoclax' } },
    ])
    const [first, second] = bodies()
    expect(first?.tools).toMatchObject([
      {
        type: 'function',
        function: {
          name: 'lookUp',
          description: 'Looks a drug up',
          parameters: { type: 'object', properties: { name: { type: 'string' } } },
        },
      },
    ])
    expect(second?.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_9',
            type: 'function',
            function: { name: 'lookUp', arguments: '{"name":"venetoclax"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_9', content: '{"name":"venetoclax","target":"BCL-2"}' },
    ])
  })

  test('a 429 is retried by the library (the AI SDK makes one attempt)', async () => {
    server().reply({ status: 429, retryAfterMs: 1 }, { content: 'Venetoclax.' })
    const result = await runScenario(oneTurn().validate(), { model: chat() })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(server().requests).toHaveLength(2)
  })

  test('a 429 that persists is a rate_limit error after the library retries', async () => {
    server().reply(...Array.from({ length: 3 }, () => ({ status: 429, retryAfterMs: 1 })))
    const result = await runScenario(oneTurn().validate(), { model: chat() })
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({ category: 'rate_limit', stage: 'answer' })
    expect(result.error?.message).toContain('ai-sdk:openai.chat')
    expect(server().requests).toHaveLength(3)
  })

  test('a 400 is not retried', async () => {
    server().reply({ status: 400, message: 'bad request body' })
    const result = await runScenario(oneTurn().validate(), { model: chat() })
    expect(result.error).toMatchObject({ category: 'unexpected' })
    expect(result.error?.message).toContain('bad request body')
    expect(server().requests).toHaveLength(1)
  })

  test('a 2xx answer that is not the API’s is a bad_response, never retried', async () => {
    server().reply({
      raw: { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>login</html>' },
    })
    const result = await runScenario(oneTurn().validate(), { model: chat() })
    expect(result.error).toMatchObject({ category: 'bad_response' })
    expect(server().requests).toHaveLength(1)
  })

  test('a server that is gone is a connection error', async () => {
    const gone = aiSdkModel(
      createOpenAI({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'test-key-fake' }).chat('m'),
    )
    const result = await runScenario(oneTurn().validate(), {
      model: gone,
      limiter: undefined,
    })
    expect(result.error).toMatchObject({ category: 'connection' })
  }, 30_000)

  test('aborting the run aborts the call in flight', async () => {
    server().reply({ hang: true })
    const controller = new AbortController()
    const running = runScenario(oneTurn().validate(), { model: chat(), signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 100))
    controller.abort()
    const result = await running
    expect(result.error).toMatchObject({ category: 'aborted' })
  })

  test('a driver given something that is not a model says what to pass', () => {
    expect(() => aiSdkModel({} as never)).toThrow(
      /\[vitest-scenario\] aiSdkModel\(languageModel\) needs an AI SDK language model, got an object/,
    )
  })
})

describe('aiSdkModel as the parsing model: structured output through the AI SDK', () => {
  const template = defineTemplate({
    schema: z.object({ drug: z.string() }),
    groundTruth: { drug: 'venetoclax' },
    verify: { drug: exactMatch() },
  })
  const withTemplate = () =>
    new Scenario('parsed')
      .addNode('ask', { question: { question: 'Which drug inhibits BCL-2?', template } })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()

  test('fills the template from a json_schema answer', async () => {
    server().reply({
      json: { drug: 'Venetoclax' },
      usage: { promptTokens: 30, completionTokens: 6 },
    })
    const result = await runScenario(withTemplate(), {
      model: scriptedModel(['It is venetoclax.']),
      parsingModel: chat('parser'),
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(result.history[0]?.parsedFields).toEqual({ drug: 'Venetoclax' })
    expect(result.history[0]?.verifyResult).toBe(true)
    expect(result.history[0]?.usage.judging).toEqual({
      input: 30,
      output: 6,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'parser',
    })
    expect(bodies()[0]?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { schema: { type: 'object', properties: { drug: { type: 'string' } } } },
    })
  })

  test('an answer that is not JSON is a parsing error turn, not a thrown error', async () => {
    server().reply({ content: 'venetoclax, I think' })
    const result = await runScenario(withTemplate(), {
      model: scriptedModel(['It is venetoclax.']),
      parsingModel: chat('parser'),
    })
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({ category: 'parsing', stage: 'parse' })
  })
})

describe('aiSdkModel as a judge and as a simulated user', () => {
  test("a judge's model", async () => {
    server().reply({
      json: { criterion_1: { reasoning: 'It names the drug.', verdict: 'met' } },
    })
    const definition = oneTurn()
      .addOutcome('names the drug', judge(['The answer names a drug'], { model: chat('judge') }))
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['Venetoclax.']) })
    expect(result.outcomeErrors ?? {}).toEqual({})
    expect(result.outcomeResults['names the drug']).toBe(true)
    expect(bodies()[0]?.model).toBe('judge')
  })

  test("a simulated user's model (userModel)", async () => {
    server().reply(
      { json: { message: 'Where is my parcel?', goalReached: false } },
      { json: { message: 'Thanks!', goalReached: true } },
    )
    const customer = simulatedUser({
      persona: 'You are Dana, a customer.',
      goal: 'Get a delivery date.',
    })
    const definition = new Scenario('customer')
      .addNode('customer', { question: customer })
      .addEdge('customer', END, { when: { 'user.goalReached': true } })
      .addEdge('customer', 'customer')
      .setEntry('customer')
      .validate()
    const result = await runScenario(definition, {
      model: scriptedModel(() => 'It arrives on Friday.'),
      userModel: chat('user'),
      turnLimit: 4,
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(result.history.map((t) => t.questionText)).toEqual(['Where is my parcel?', 'Thanks!'])
    expect(result.usage.simulating.input).toBeGreaterThan(0)
    expect(bodies().map((b) => b.response_format?.json_schema?.name)).toEqual([
      'simulated_user',
      'simulated_user',
    ])
  })
})
