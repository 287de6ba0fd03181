import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { tool } from 'ai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { aiSdkAgent, aiSdkModel } from '../../src/ai-sdk/index.js'
import {
  defineTemplate,
  END,
  exactMatch,
  runScenario,
  Scenario,
  scriptedModel,
} from '../../src/core.js'
import { recordingFetch } from '../../src/recordings/recording-fetch.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { memoryStore } from '../../src/recordings/store.js'
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server/index.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'

// aiSdkAgent and aiSdkModel with the other providers' models: @ai-sdk/openai's Responses model
// (the provider's default) against the Responses loopback server, and @ai-sdk/anthropic against
// the Anthropic Messages loopback server (tool use, cache reads and writes). Each multi-turn run
// with tools is recorded, then replayed with the server silent.

let openaiServer: ScriptedServer
let anthropicServer: AnthropicServer
beforeAll(async () => {
  openaiServer = await startOpenAIServer({ created: 1_700_000_000 })
  anthropicServer = await startAnthropicServer({ apiKey: 'test-key-fake-anthropic' })
})
afterAll(async () => {
  await openaiServer.close()
  await anthropicServer.close()
})
beforeEach(() => {
  openaiServer.reset()
  anthropicServer.reset()
})

const store = memoryStore()
let current: RecordingSession | undefined
const session = (name: string, mode: 'new' | 'replay') => {
  current = new RecordingSession({
    file: `/memory/__recordings__/providers.test.ts/${name}.json`,
    displayFile: `providers.test.ts/${name}.json`,
    test: name,
    mode,
    command: 'npx vitest run providers.test.ts -u',
    store,
  })
  return current
}
const recorded = (baseURL: string) =>
  recordingFetch({
    recording: () => current,
    baseURL: () => baseURL,
    live: (input, init) => fetch(input, init),
  })

const lookUpOrder = tool({
  description: 'Finds an order by its number',
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }) => ({ id, status: 'delayed' }),
})

const support = () =>
  new Scenario('support')
    .addNode('ask', { question: 'Where is order 1042?' })
    .addNode('thanks', { question: 'Thanks!' })
    .addEdge('ask', 'thanks')
    .addEdge('thanks', END)
    .setEntry('ask')
    .validate()

/** Records a run, then replays it: both results, and the requests the live run made. */
async function recordThenReplay(
  name: string,
  model: () => Parameters<typeof runScenario>[1]['model'],
) {
  const recording = session(name, 'new')
  const live = await runScenario(support(), { model: model(), recording })
  expect(live.status, JSON.stringify(live.error)).toBe('completed')
  await recording.finish(false)
  const requests = openaiServer.requests.length + anthropicServer.requests.length
  const replayed = await runScenario(support(), {
    model: model(),
    recording: session(name, 'replay'),
  })
  expect(replayed.status, JSON.stringify(replayed.error)).toBe('completed')
  expect(openaiServer.requests.length + anthropicServer.requests.length).toBe(requests)
  expect(replayed.history.map((t) => t.rawResponse)).toEqual(live.history.map((t) => t.rawResponse))
  expect(replayed.history.map((t) => t.toolCalls)).toEqual(live.history.map((t) => t.toolCalls))
  expect(replayed.history[0]?.usage.replayed).toBe(true)
  return { live, replayed }
}

describe('the Responses API model (@ai-sdk/openai default)', () => {
  test('a multi-turn agent with tools over /responses, recorded then replayed', async () => {
    openaiServer.reply(
      {
        toolCalls: [{ id: 'call_r', name: 'lookUpOrder', arguments: { id: '1042' } }],
        usage: { promptTokens: 30, completionTokens: 6, cachedTokens: 10 },
      },
      { content: 'It is delayed.', usage: { promptTokens: 50, completionTokens: 4 } },
      { content: 'You are welcome.', usage: { promptTokens: 60, completionTokens: 3 } },
    )
    const provider = createOpenAI({
      baseURL: openaiServer.baseURL,
      apiKey: 'test-key-fake',
      fetch: recorded(openaiServer.baseURL),
    })
    const { live } = await recordThenReplay('responses', () =>
      aiSdkAgent({ model: provider('agent'), tools: { lookUpOrder } }),
    )
    expect(openaiServer.requests.map((r) => r.path)).toEqual([
      '/v1/responses',
      '/v1/responses',
      '/v1/responses',
    ])
    expect(live.history[0]?.toolCalls).toEqual([
      {
        id: 'call_r',
        name: 'lookUpOrder',
        arguments: { id: '1042' },
        result: { id: '1042', status: 'delayed' },
        step: 0,
      },
    ])
    expect(live.history[0]?.usage.answering).toEqual({
      input: 80,
      output: 10,
      cached: 10,
      cacheWrite: 0,
      reasoning: 0,
      model: 'agent',
    })
    // The second turn sends the first one back as Responses items: the call and its output.
    const third = openaiServer.requests[2]
    if (third === undefined) throw new Error('expected a third request')
    const { input } = third.body as { input: { type?: string; role?: string }[] }
    expect(input.map((item) => item.type ?? item.role)).toEqual([
      'user',
      'function_call',
      'function_call_output',
      'assistant',
      'user',
    ])
  })

  test('a Responses model as the parsing model (structured output)', async () => {
    openaiServer.reply({ json: { drug: 'venetoclax' } })
    const template = defineTemplate({
      schema: z.object({ drug: z.string() }),
      groundTruth: { drug: 'venetoclax' },
      verify: { drug: exactMatch() },
    })
    const definition = new Scenario('parsed')
      .addNode('ask', { question: { question: 'Which drug?', template } })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const provider = createOpenAI({ baseURL: openaiServer.baseURL, apiKey: 'test-key-fake' })
    const result = await runScenario(definition, {
      model: scriptedModel(['Venetoclax.']),
      parsingModel: aiSdkModel(provider.responses('parser')),
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(result.history[0]?.verifyResult).toBe(true)
    expect(openaiServer.requests[0]?.body).toMatchObject({
      text: { format: { type: 'json_schema' } },
    })
  })
})

describe('@ai-sdk/anthropic (Messages API)', () => {
  test('a multi-turn agent with tool use, cache reads and writes, recorded then replayed', async () => {
    anthropicServer.reply(
      {
        toolUses: [{ id: 'toolu_1', name: 'lookUpOrder', input: { id: '1042' } }],
        usage: { inputTokens: 20, outputTokens: 7, cacheReadTokens: 100, cacheWriteTokens: 40 },
      },
      { text: 'It is delayed.', usage: { inputTokens: 30, outputTokens: 4, cacheReadTokens: 140 } },
      {
        text: 'You are welcome.',
        usage: { inputTokens: 10, outputTokens: 3, cacheReadTokens: 140 },
      },
    )
    const provider = createAnthropic({
      baseURL: anthropicServer.v1URL,
      apiKey: 'test-key-fake-anthropic',
      fetch: recorded(anthropicServer.v1URL),
    })
    const { live, replayed } = await recordThenReplay('anthropic', () =>
      aiSdkAgent({ model: provider('claude-test'), tools: { lookUpOrder }, maxOutputTokens: 256 }),
    )
    expect(live.history[0]?.toolCalls).toEqual([
      {
        id: 'toolu_1',
        name: 'lookUpOrder',
        arguments: { id: '1042' },
        result: { id: '1042', status: 'delayed' },
        step: 0,
      },
    ])
    // input = uncached + cache reads + cache writes, as the library counts it.
    expect(live.history[0]?.usage.answering).toEqual({
      input: 20 + 100 + 40 + 30 + 140,
      output: 11,
      cached: 240,
      cacheWrite: 40,
      model: 'claude-test',
    })
    expect(replayed.history[0]?.usage.answering).toEqual(live.history[0]?.usage.answering)
    const second = anthropicServer.requests[2]?.body as {
      messages: { role: string; content: unknown }[]
    }
    expect(second.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ])
    expect(second.messages[2]?.content).toMatchObject([
      { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"id":"1042","status":"delayed"}' },
    ])
  })
})
