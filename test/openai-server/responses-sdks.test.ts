import { createOpenAI } from '@ai-sdk/openai'
import { Agent, tool as agentTool, OpenAIProvider, Runner } from '@openai/agents'
import { generateText, stepCountIs, streamText, tool } from 'ai'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { FAKE_KEY, sdkClient, serverForTest } from './sdk-client.js'

const model = 'gpt-4.1-mini'

/** The scripted turn both SDKs run: one tool call, then the answer that uses its result. */
const toolThenAnswer = [
  { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' }, id: 'call_w' }] },
  {
    content: 'It is sunny in Paris.',
    usage: { promptTokens: 40, completionTokens: 6, cachedTokens: 8 },
  },
] as const

describe('SDKs accept the Responses API server', () => {
  test('the OpenAI Agents SDK runs an agent with a tool over /responses', async () => {
    const server = await serverForTest()
    server.reply(...toolThenAnswer)
    const weather = agentTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => `sunny in ${city}`,
    })
    const agent = new Agent({
      name: 'Forecaster',
      instructions: 'Answer.',
      model,
      tools: [weather],
    })
    const runner = new Runner({
      modelProvider: new OpenAIProvider({ openAIClient: sdkClient(server), useResponses: true }),
      tracingDisabled: true,
    })
    const result = await runner.run(agent, 'Weather in Paris?')
    expect(result.finalOutput).toBe('It is sunny in Paris.')
    expect(server.requests.map((request) => request.path)).toEqual([
      '/v1/responses',
      '/v1/responses',
    ])
    expect(server.requests[1]?.body).toMatchObject({
      input: expect.arrayContaining([
        expect.objectContaining({ type: 'function_call', call_id: 'call_w', name: 'get_weather' }),
        expect.objectContaining({ type: 'function_call_output', call_id: 'call_w' }),
      ]),
    })
  })

  test('the OpenAI Agents SDK streams an agent run over /responses', async () => {
    const server = await serverForTest()
    server.reply({ content: 'Bonjour from the stream.', chunkSize: 3 })
    const agent = new Agent({ name: 'Greeter', instructions: 'Greet.', model })
    const runner = new Runner({
      modelProvider: new OpenAIProvider({ openAIClient: sdkClient(server), useResponses: true }),
      tracingDisabled: true,
    })
    const result = await runner.run(agent, 'Hello', { stream: true })
    await result.completed
    expect(result.finalOutput).toBe('Bonjour from the stream.')
    expect(server.requests[0]).toMatchObject({ path: '/v1/responses', outcome: 'streamed' })
  })

  test('@ai-sdk/openai responses model: tool loop, usage with cached input', async () => {
    const server = await serverForTest()
    server.reply(...toolThenAnswer)
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: FAKE_KEY })
    const result = await generateText({
      model: openai.responses(model),
      prompt: 'Weather in Paris?',
      tools: {
        get_weather: tool({
          description: 'The weather in a city.',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => `sunny in ${city}`,
        }),
      },
      stopWhen: stepCountIs(3),
    })
    expect(result.text).toBe('It is sunny in Paris.')
    expect(result.steps[0]?.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
      ['get_weather', { city: 'Paris' }],
    ])
    expect(result.usage.inputTokens).toBeGreaterThan(0)
    expect(result.steps[1]?.usage).toMatchObject({ inputTokens: 40, outputTokens: 6 })
    expect(server.requests.map((request) => request.path)).toEqual([
      '/v1/responses',
      '/v1/responses',
    ])
  })

  test('@ai-sdk/openai responses model streams text and a tool call', async () => {
    const server = await serverForTest()
    server.reply({ ...toolThenAnswer[0], chunkSize: 2 }, { ...toolThenAnswer[1], chunkSize: 2 })
    const openai = createOpenAI({ baseURL: server.baseURL, apiKey: FAKE_KEY })
    const result = streamText({
      model: openai.responses(model),
      prompt: 'Weather in Paris?',
      tools: {
        get_weather: tool({
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => `sunny in ${city}`,
        }),
      },
      stopWhen: stepCountIs(3),
    })
    expect(await result.text).toBe('It is sunny in Paris.')
    const steps = await result.steps
    expect(steps[0]?.toolCalls.map((call) => call.input)).toEqual([{ city: 'Paris' }])
    expect(server.requests.every((request) => request.outcome === 'streamed')).toBe(true)
  })
})
