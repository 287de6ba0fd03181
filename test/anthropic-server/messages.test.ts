import { describe, expect, test } from 'vitest'
import { apiHeaders, FAKE_KEY, MODEL, question, sdkClient, serverForTest } from './sdk-client.js'

describe('POST /v1/messages as JSON, through @anthropic-ai/sdk', () => {
  test('a text reply is a message with one text block, end_turn and the usage', async () => {
    const server = await serverForTest({ apiKey: FAKE_KEY })
    server.reply({
      text: 'Paris',
      usage: { inputTokens: 12, outputTokens: 3, cacheReadTokens: 40, cacheWriteTokens: 7 },
    })
    const message = await sdkClient(server).messages.create({
      model: MODEL,
      max_tokens: 100,
      messages: question,
    })
    expect(message).toMatchObject({
      id: 'msg_scripted_1',
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [{ type: 'text', text: 'Paris' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 12,
        output_tokens: 3,
        cache_read_input_tokens: 40,
        cache_creation_input_tokens: 7,
      },
    })
  })

  test('tool uses follow the text as tool_use blocks, with ids and stop_reason tool_use', async () => {
    const server = await serverForTest()
    server.reply({
      text: 'Let me look.',
      toolUses: [
        { name: 'lookup', input: { city: 'Paris' } },
        { name: 'weather', input: { city: 'Paris', unit: 'C' }, id: 'toolu_mine' },
      ],
    })
    const message = await sdkClient(server).messages.create({
      model: MODEL,
      max_tokens: 100,
      messages: question,
    })
    expect(message.stop_reason).toBe('tool_use')
    expect(message.content).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id: 'toolu_scripted_1', name: 'lookup', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'toolu_mine', name: 'weather', input: { city: 'Paris', unit: 'C' } },
    ])
  })

  test('without a scripted usage, input and output tokens are estimated and the cache is 0', async () => {
    const server = await serverForTest()
    server.reply({ toolUses: [{ name: 'lookup', input: {} }] })
    const message = await sdkClient(server).messages.create({
      model: MODEL,
      max_tokens: 100,
      messages: question,
    })
    expect(message.content.map((block) => block.type)).toEqual(['tool_use'])
    expect(message.usage.input_tokens).toBeGreaterThan(0)
    expect(message.usage.output_tokens).toBeGreaterThan(0)
    expect(message.usage.cache_read_input_tokens).toBe(0)
    expect(message.usage.cache_creation_input_tokens).toBe(0)
  })

  test('each request is recorded with its body, version and headers, never the key', async () => {
    const server = await serverForTest({ apiKey: FAKE_KEY })
    server.reply({ text: 'one' }, { text: 'two' })
    const client = sdkClient(server)
    await client.messages.create({ model: MODEL, max_tokens: 10, messages: question })
    await client.messages.create({
      model: MODEL,
      max_tokens: 20,
      system: 'Be brief.',
      messages: [
        ...question,
        { role: 'assistant', content: 'one' },
        { role: 'user', content: 'Again?' },
      ],
    })
    expect(server.requests.map((request) => request.index)).toEqual([1, 2])
    const [, second] = server.requests
    expect(second).toMatchObject({
      method: 'POST',
      path: '/v1/messages',
      credential: 'matched',
      status: 200,
      outcome: 'answered',
      body: { model: MODEL, max_tokens: 20, system: 'Be brief.' },
    })
    expect(second?.anthropicVersion).toEqual(expect.any(String))
    // @anthropic-ai/sdk 1.x sends its apiKey as `Authorization: Bearer`.
    expect(second?.headers.authorization).toBe('[redacted]')
    expect(JSON.stringify(server.requests)).not.toContain(FAKE_KEY)
    expect(server.pendingReplies).toBe(0)
  })

  test('an x-api-key header (what @ai-sdk/anthropic sends) is checked and never stored', async () => {
    const server = await serverForTest({ apiKey: FAKE_KEY })
    server.reply({ text: 'ok' })
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: apiHeaders,
      body: JSON.stringify({ model: MODEL, max_tokens: 5, messages: question }),
    })
    expect(response.status).toBe(200)
    expect(server.requests[0]).toMatchObject({
      credential: 'matched',
      anthropicVersion: '2023-06-01',
      headers: { 'x-api-key': '[redacted]' },
    })
    expect(JSON.stringify(server.requests)).not.toContain(FAKE_KEY)
  })

  test('a reply function sees the request; the request-id header becomes _request_id', async () => {
    const server = await serverForTest()
    server.replyWith((request) => ({ text: `you sent ${request.index}` }))
    const message = await sdkClient(server).messages.create({
      model: MODEL,
      max_tokens: 10,
      messages: question,
    })
    expect(message.content).toEqual([{ type: 'text', text: 'you sent 1' }])
    expect(message._request_id).toBe('req_scripted_1')
  })

  test('reset() clears the queue and the log, so ids start at 1 again', async () => {
    const server = await serverForTest()
    server.setDefaultReply({ toolUses: [{ name: 'f', input: {} }] })
    const client = sdkClient(server)
    await client.messages.create({ model: MODEL, max_tokens: 10, messages: question })
    server.reply({ text: 'queued' })
    server.reset()
    expect(server.pendingReplies).toBe(0)
    const message = await client.messages.create({
      model: MODEL,
      max_tokens: 10,
      messages: question,
    })
    expect(server.requests).toHaveLength(1)
    expect(message.id).toBe('msg_scripted_1')
    expect(message.content).toEqual([
      { type: 'tool_use', id: 'toolu_scripted_1', name: 'f', input: {} },
    ])
  })
})
