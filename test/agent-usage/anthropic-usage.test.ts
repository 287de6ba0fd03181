import Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { AgentCalls, countResponse } from '../../src/agent-usage/index.js'
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server/index.js'

// The usage of an agent's Anthropic calls, read from what the Messages API sends (JSON, or the
// message_start and message_delta events of a stream) while the real SDK reads the same body:
// cache reads are `cached`, cache writes `cacheWrite`, and both are part of `input`.

let server: AnthropicServer
beforeAll(async () => {
  server = await startAnthropicServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

/** An SDK client whose responses pass through `countResponse` on their way to the SDK. */
function countingClient() {
  const calls = new AgentCalls({ calls: 0, recordedDurationMs: 0 })
  const client = new Anthropic({
    baseURL: server.url,
    apiKey: 'test-key-fake',
    maxRetries: 0,
    fetch: async (input, init) => countResponse(await fetch(input, init), calls, undefined),
  })
  return { calls, client }
}

const params = {
  model: 'claude-test',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'Which drug inhibits BCL-2?' }],
}
const usage = { inputTokens: 12, outputTokens: 9, cacheReadTokens: 300, cacheWriteTokens: 45 }

describe('an agent’s Anthropic calls', () => {
  test('a JSON message: input_tokens plus the cache reads and writes', async () => {
    const { calls, client } = countingClient()
    server.reply({ text: 'Venetoclax.', usage })
    const message = await client.messages.create(params)
    expect(message.content).toEqual([{ type: 'text', text: 'Venetoclax.' }])
    expect(calls.usage).toEqual({
      input: 357,
      output: 9,
      cached: 300,
      cacheWrite: 45,
      model: 'claude-test',
    })
  })

  test('a stream: the same counts, the output from the last message_delta', async () => {
    const { calls, client } = countingClient()
    server.reply({ text: 'Venetoclax, a BH3 mimetic.', usage, chunkSize: 3 })
    const message = await client.messages.stream(params).finalMessage()
    expect(message.content).toEqual([
      expect.objectContaining({ type: 'text', text: 'Venetoclax, a BH3 mimetic.' }),
    ])
    expect(calls.usage).toEqual({
      input: 357,
      output: 9,
      cached: 300,
      cacheWrite: 45,
      model: 'claude-test',
    })
  })

  test('calls add up; a call without cache use adds no cached or cacheWrite tokens', async () => {
    const { calls, client } = countingClient()
    server.reply({ text: 'a', usage }, { text: 'b', usage: { inputTokens: 20, outputTokens: 2 } })
    await client.messages.create(params)
    await client.messages.stream(params).finalMessage()
    expect(calls.usage).toEqual({
      input: 377,
      output: 11,
      cached: 300,
      cacheWrite: 45,
      model: 'claude-test',
    })
  })
})
