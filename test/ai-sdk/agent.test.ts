import { createOpenAI } from '@ai-sdk/openai'
import { stepCountIs, tool } from 'ai'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { aiSdkAgent } from '../../src/ai-sdk/index.js'
import { END, runScenario, Scenario } from '../../src/core.js'
import { useScriptedServer } from '../models/server-fixture.js'

// aiSdkAgent with the real `ai` and `@ai-sdk/openai` (its Chat Completions model) against the
// loopback Chat Completions server: the conversation each turn sends, the tool loop, what the
// turn records.

const { server } = useScriptedServer()
const bodies = () =>
  server().requests.map((r) => r.body as { messages: unknown[] } & Record<string, unknown>)

const chatModel = () =>
  createOpenAI({ baseURL: server().baseURL, apiKey: 'test-key-fake' }).chat('test-model')

const orders: Record<string, string> = { '1042': 'delayed until Friday' }
const lookUpOrder = tool({
  description: 'Finds an order by its number',
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }) => ({ id, status: orders[id] ?? 'unknown' }),
})

const twoTurns = () =>
  new Scenario('support')
    .addNode('ask', { question: 'Where is order 1042?' })
    .addNode('thanks', { question: 'Thanks! Anything else?' })
    .addEdge('ask', 'thanks')
    .addEdge('thanks', END)
    .setEntry('ask')
    .validate()

describe('aiSdkAgent', () => {
  test('runs the tool loop; the turn records the tool calls, the messages and the usage', async () => {
    server().reply(
      {
        toolCalls: [{ id: 'call_1', name: 'lookUpOrder', arguments: { id: '1042' } }],
        usage: { promptTokens: 40, completionTokens: 8, cachedTokens: 16 },
      },
      {
        content: 'Order 1042 is delayed until Friday.',
        usage: { promptTokens: 60, completionTokens: 9 },
      },
      { content: 'No, that is all.', usage: { promptTokens: 80, completionTokens: 5 } },
    )
    const agent = aiSdkAgent({
      model: chatModel(),
      tools: { lookUpOrder },
      system: 'You are a support agent.',
    })
    const result = await runScenario(twoTurns(), { model: agent, systemPrompt: 'Answer briefly.' })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    const [first, second] = result.history
    expect(first?.rawResponse).toBe('Order 1042 is delayed until Friday.')
    expect(first?.toolCalls).toEqual([
      {
        id: 'call_1',
        name: 'lookUpOrder',
        arguments: { id: '1042' },
        result: { id: '1042', status: 'delayed until Friday' },
        step: 0,
      },
    ])
    expect(first?.toolNames).toEqual(['lookUpOrder'])
    expect(first?.messages).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'lookUpOrder', arguments: '{"id":"1042"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: '{"id":"1042","status":"delayed until Friday"}',
      },
      { role: 'assistant', content: 'Order 1042 is delayed until Friday.' },
    ])
    // Summed over the turn's two steps, with the model each step's response named.
    expect(first?.usage.answering).toEqual({
      input: 100,
      output: 17,
      cached: 16,
      cacheWrite: 0,
      reasoning: 0,
      model: 'test-model',
    })
    expect(second?.usage.answering).toEqual({
      input: 80,
      output: 5,
      cached: 0,
      cacheWrite: 0,
      reasoning: 0,
      model: 'test-model',
    })
    // The second turn's request: both system prompts, the first turn with its tool call and result.
    expect(bodies()[2]?.messages).toEqual([
      { role: 'system', content: 'You are a support agent.' },
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'Where is order 1042?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'lookUpOrder', arguments: '{"id":"1042"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: '{"id":"1042","status":"delayed until Friday"}',
      },
      { role: 'assistant', content: 'Order 1042 is delayed until Friday.' },
      { role: 'user', content: 'Thanks! Anything else?' },
    ])
  })

  test('a tool that throws: the call records the error, the model sees it, the turn goes on', async () => {
    const failing = tool({
      description: 'Always fails',
      inputSchema: z.object({ id: z.string() }),
      execute: async (): Promise<string> => {
        throw new Error('the order service is down')
      },
    })
    server().reply(
      { toolCalls: [{ id: 'call_2', name: 'lookUpOrder', arguments: { id: '7' } }] },
      { content: 'Sorry, I cannot look that up right now.' },
    )
    const agent = aiSdkAgent({ model: chatModel(), tools: { lookUpOrder: failing } })
    const result = await runScenario(oneTurn(), { model: agent })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(result.history[0]?.toolCalls).toEqual([
      {
        id: 'call_2',
        name: 'lookUpOrder',
        arguments: { id: '7' },
        error: 'the order service is down',
        step: 0,
      },
    ])
    expect(result.history[0]?.messages[1]).toEqual({
      role: 'tool',
      tool_call_id: 'call_2',
      // What the AI SDK told the model (ai 7 prefixes it with 'Error: ').
      content: expect.stringContaining('the order service is down'),
    })
  })

  test("stopWhen is the user's: stepCountIs(1) ends the turn at its first tool call", async () => {
    server().reply({
      toolCalls: [{ id: 'call_3', name: 'lookUpOrder', arguments: { id: '1042' } }],
    })
    const agent = aiSdkAgent({
      model: chatModel(),
      tools: { lookUpOrder },
      stopWhen: stepCountIs(1),
    })
    const result = await runScenario(oneTurn(), { model: agent })
    expect(server().requests).toHaveLength(1)
    expect(result.history[0]?.rawResponse).toBe('')
    expect(result.history[0]?.toolNames).toEqual(['lookUpOrder'])
  })

  test('by default a turn takes at most 9 steps (8 rounds of tools and an answer)', async () => {
    server().setDefaultReply({ toolCalls: [{ name: 'lookUpOrder', arguments: { id: '1042' } }] })
    try {
      const agent = aiSdkAgent({ model: chatModel(), tools: { lookUpOrder } })
      const result = await runScenario(oneTurn(), { model: agent })
      expect(server().requests).toHaveLength(9)
      expect(result.history[0]?.toolCalls).toHaveLength(9)
    } finally {
      server().setDefaultReply(undefined)
    }
  })

  test("an aborted run aborts the agent's call", async () => {
    server().reply({ hang: true })
    const controller = new AbortController()
    const agent = aiSdkAgent({ model: chatModel(), maxRetries: 0 })
    const running = runScenario(oneTurn(), { model: agent, signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 100))
    controller.abort()
    const result = await running
    expect(result.status).toBe('error')
    expect(result.error?.category).toBe('aborted')
  })

  test('a tool message that answers no earlier call is a clear error (the agent called by hand)', async () => {
    const agent = aiSdkAgent({ model: chatModel() })
    const context = {
      nodeId: 'ask',
      turn: 0,
      state: {} as never,
      signal: new AbortController().signal,
    }
    await expect(
      Promise.resolve(agent([{ role: 'tool', tool_call_id: 'call_x', content: '{}' }], context)),
    ).rejects.toThrow(
      "aiSdkAgent: the conversation has a tool message answering 'call_x', which no earlier assistant message called",
    )
    expect(server().requests).toHaveLength(0)
  })

  test('options it cannot take are an error when the agent is made', () => {
    expect(() => aiSdkAgent(null as never)).toThrow(
      /^\[vitest-scenario\] aiSdkAgent\(options\) needs an options object, got null/,
    )
    expect(() => aiSdkAgent({} as never)).toThrow(
      'aiSdkAgent(options) `model` needs an AI SDK language model, got undefined',
    )
    expect(() => aiSdkAgent({ model: chatModel(), prompt: 'Hi' } as never)).toThrow(
      'aiSdkAgent(options) got `prompt`, which each turn sets itself',
    )
  })
})

const oneTurn = () =>
  new Scenario('one')
    .addNode('ask', { question: 'Where is order 1042?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()
