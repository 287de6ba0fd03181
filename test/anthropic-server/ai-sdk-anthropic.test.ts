import { createAnthropic } from '@ai-sdk/anthropic'
import { generateText, stepCountIs, streamText, tool } from 'ai'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { FAKE_KEY, MODEL, serverForTest } from './sdk-client.js'

/** `@ai-sdk/anthropic` pointed at the server (its baseURL includes `/v1`). */
function provider(v1URL: string) {
  return createAnthropic({ baseURL: v1URL, apiKey: FAKE_KEY })
}

const weather = tool({
  description: 'The weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 21 }),
})

describe('@ai-sdk/anthropic against the server', () => {
  test('generateText reads the text and the cache usage', async () => {
    const server = await serverForTest({ apiKey: FAKE_KEY })
    server.reply({
      text: 'Paris',
      usage: { inputTokens: 10, outputTokens: 2, cacheReadTokens: 30, cacheWriteTokens: 4 },
    })
    const result = await generateText({
      model: provider(server.v1URL)(MODEL),
      prompt: 'Capital of France?',
      maxOutputTokens: 256,
      maxRetries: 0,
    })
    expect(result.text).toBe('Paris')
    expect(result.finishReason).toBe('stop')
    expect(result.usage.outputTokens).toBe(2)
    expect(result.usage.inputTokenDetails.cacheReadTokens).toBe(30)
    expect(result.usage.inputTokenDetails.cacheWriteTokens).toBe(4)
    expect(server.requests[0]).toMatchObject({
      credential: 'matched',
      anthropicVersion: '2023-06-01',
      body: { model: MODEL, messages: [{ role: 'user' }] },
    })
  })

  test('a tool loop: tool_use, then the tool_result goes back in the next request', async () => {
    const server = await serverForTest()
    server.reply(
      { toolUses: [{ name: 'weather', input: { city: 'Paris' }, id: 'toolu_a' }] },
      { text: 'It is 21 degrees.' },
    )
    const result = await generateText({
      model: provider(server.v1URL)(MODEL),
      prompt: 'Weather in Paris?',
      tools: { weather },
      stopWhen: stepCountIs(3),
      maxOutputTokens: 256,
      maxRetries: 0,
    })
    expect(result.text).toBe('It is 21 degrees.')
    expect(result.steps[0]?.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
      ['weather', { city: 'Paris' }],
    ])
    const second = JSON.stringify(server.requests[1]?.body)
    expect(second).toContain('"tool_result"')
    expect(second).toContain('"tool_use_id":"toolu_a"')
    expect(second).toContain('21')
  })

  test('streamText assembles streamed text and tool input', async () => {
    const server = await serverForTest()
    server.reply(
      {
        text: 'Looking',
        toolUses: [{ name: 'weather', input: { city: 'Oslo' } }],
        chunkSize: 2,
        usage: { inputTokens: 8, outputTokens: 5, cacheReadTokens: 3 },
      },
      { text: 'Mild in Oslo.', chunkSize: 3 },
    )
    const result = streamText({
      model: provider(server.v1URL)(MODEL),
      prompt: 'Weather in Oslo?',
      tools: { weather },
      stopWhen: stepCountIs(3),
      maxOutputTokens: 256,
      maxRetries: 0,
    })
    expect(await result.text).toBe('Mild in Oslo.')
    const steps = await result.steps
    expect(steps[0]?.text).toBe('Looking')
    expect(steps[0]?.toolCalls.map((call) => call.input)).toEqual([{ city: 'Oslo' }])
    expect(steps[0]?.usage.inputTokenDetails.cacheReadTokens).toBe(3)
    expect(server.requests.map((request) => request.outcome)).toEqual(['streamed', 'streamed'])
  })

  test('an Anthropic error body becomes the AI SDK APICallError with its message', async () => {
    const server = await serverForTest()
    server.reply({ status: 400, message: 'messages: roles must alternate' })
    await expect(
      generateText({
        model: provider(server.v1URL)(MODEL),
        prompt: 'x',
        maxOutputTokens: 256,
        maxRetries: 0,
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'messages: roles must alternate' })
  })
})
