import { createOpenAI } from '@ai-sdk/openai'
import { tool } from 'ai'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { resultUsage, usageOf } from '../../src/ai-sdk/from-result.js'
import { aiSdkAgent } from '../../src/ai-sdk/index.js'
import { END, runScenario, Scenario } from '../../src/core.js'
import { useScriptedServer } from '../models/server-fixture.js'

// The AI SDK's usage details (cache reads and writes, reasoning tokens) and the model that
// answered, read the same from `ai` 6 and `ai` 7: `ai` 6 (installed) runs for real against the
// loopback server; the `ai` 7 result, whose `usage` is already the sum over the steps, is built by
// hand in its documented shape.

const step = (input: number, output: number, reasoning: number, modelId: string) => ({
  content: [],
  usage: {
    inputTokens: input,
    inputTokenDetails: { noCacheTokens: input - 10, cacheReadTokens: 10, cacheWriteTokens: 5 },
    outputTokens: output,
    outputTokenDetails: { textTokens: output - reasoning, reasoningTokens: reasoning },
    totalTokens: input + output,
  },
  response: { id: `r-${modelId}`, timestamp: new Date(0), modelId, messages: [] },
})

const summed = {
  inputTokens: 300,
  inputTokenDetails: { noCacheTokens: 280, cacheReadTokens: 20, cacheWriteTokens: 10 },
  outputTokens: 50,
  outputTokenDetails: { textTokens: 20, reasoningTokens: 30 },
  totalTokens: 350,
}

describe('the usage of a generateText result', () => {
  test('ai 7: `usage` is the sum already; the steps are summed once, with their models', () => {
    const steps = [step(100, 20, 12, 'gpt-5-mini'), step(200, 30, 18, 'gpt-5')]
    // ai 7: no deprecated top-level fields; `usage` and `totalUsage` both the sum.
    const ai7 = { steps, usage: summed, totalUsage: summed, response: steps[1]?.response }
    expect(resultUsage(ai7)).toEqual({
      input: 300,
      output: 50,
      cached: 20,
      cacheWrite: 10,
      reasoning: 30,
      model: 'gpt-5-mini, gpt-5',
    })
  })

  test('ai 6: `usage` is the last step only and `totalUsage` the sum; the same total', () => {
    const steps = [step(100, 20, 12, 'gpt-5-mini'), step(200, 30, 18, 'gpt-5-mini')]
    const last = { ...steps[1]?.usage, reasoningTokens: 18, cachedInputTokens: 10 }
    const ai6 = { steps, usage: last, totalUsage: summed, response: steps[1]?.response }
    expect(resultUsage(ai6)).toEqual({
      input: 300,
      output: 50,
      cached: 20,
      cacheWrite: 10,
      reasoning: 30,
      model: 'gpt-5-mini',
    })
  })

  test('a result without steps is read from totalUsage, else usage', () => {
    expect(resultUsage({ steps: [], usage: summed, response: { modelId: 'm' } })).toMatchObject({
      input: 300,
      reasoning: 30,
      model: 'm',
    })
    expect(resultUsage({ steps: [], totalUsage: summed })?.output).toBe(50)
  })

  test("ai 6's deprecated reasoningTokens stands in when the details are missing", () => {
    expect(usageOf({ inputTokens: 5, outputTokens: 9, reasoningTokens: 4 })).toEqual({
      input: 5,
      output: 9,
      cached: 0,
      cacheWrite: 0,
      reasoning: 4,
    })
  })
})

const { server } = useScriptedServer()

describe('aiSdkAgent with the installed ai', () => {
  test('sums the steps: cached and reasoning tokens, and the model each response named', async () => {
    server().reply(
      {
        toolCalls: [{ id: 'call_1', name: 'lookUpOrder', arguments: { id: '1042' } }],
        model: 'o4-mini-2025-04-16',
        usage: { promptTokens: 40, completionTokens: 30, cachedTokens: 16, reasoningTokens: 24 },
      },
      {
        content: 'Order 1042 ships Friday.',
        model: 'o4-mini-2025-04-16',
        usage: { promptTokens: 60, completionTokens: 9, reasoningTokens: 3 },
      },
    )
    const agent = aiSdkAgent({
      model: createOpenAI({ baseURL: server().baseURL, apiKey: 'test-key-fake' }).chat('o4-mini'),
      tools: {
        lookUpOrder: tool({
          description: 'Finds an order',
          inputSchema: z.object({ id: z.string() }),
          execute: async ({ id }) => ({ id, status: 'ships Friday' }),
        }),
      },
    })
    const definition = new Scenario('order')
      .addNode('ask', { question: 'Where is order 1042?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: agent })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(result.history[0]?.usage.answering).toEqual({
      input: 100,
      output: 39,
      cached: 16,
      cacheWrite: 0,
      reasoning: 27,
      model: 'o4-mini-2025-04-16',
    })
    // The run's total carries the same details.
    expect(result.usage).toMatchObject({ reasoning: 27, model: 'o4-mini-2025-04-16' })
  })
})
