import { describe, expect, test } from 'vitest'
import { apiHeaders, MODEL, question, sdkClient, serverForTest } from './sdk-client.js'

/** Posts a streamed request with plain fetch and returns the SSE events as `{ event, data }`. */
async function postStream(url: string) {
  const response = await fetch(`${url}/v1/messages`, {
    method: 'POST',
    headers: apiHeaders,
    body: JSON.stringify({ model: MODEL, max_tokens: 100, messages: question, stream: true }),
  })
  const text = await response.text()
  const events = text
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const [eventLine, dataLine, ...rest] = block.split('\n')
      return { eventLine, data: JSON.parse(dataLine?.replace(/^data: /, '') ?? ''), rest }
    })
  return { response, text, events }
}

describe('POST /v1/messages with stream: true', () => {
  test('the events follow the Messages order, each with an event: line, and no [DONE]', async () => {
    const server = await serverForTest()
    server.reply({
      text: 'Hello there',
      toolUses: [{ name: 'f', input: { a: 1 }, id: 'toolu_1' }],
      usage: { inputTokens: 9, outputTokens: 6, cacheReadTokens: 5, cacheWriteTokens: 2 },
      chunkSize: 4,
    })
    const { response, text, events } = await postStream(server.url)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('request-id')).toBe('req_scripted_1')
    expect(text).not.toContain('[DONE]')
    for (const { eventLine, data, rest } of events) {
      expect(eventLine).toBe(`event: ${data.type}`)
      expect(rest).toEqual([])
    }
    expect(events.map(({ data }) => data.delta ?? data.content_block ?? data.type)).toEqual([
      'message_start',
      'ping',
      { type: 'text', text: '' },
      { type: 'text_delta', text: 'Hell' },
      { type: 'text_delta', text: 'o th' },
      { type: 'text_delta', text: 'ere' },
      'content_block_stop',
      { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
      { type: 'input_json_delta', partial_json: '' },
      { type: 'input_json_delta', partial_json: '{"a"' },
      { type: 'input_json_delta', partial_json: ':1}' },
      'content_block_stop',
      { stop_reason: 'tool_use', stop_sequence: null },
      'message_stop',
    ])
    expect(events[0]?.data.message).toMatchObject({
      id: 'msg_scripted_1',
      content: [],
      stop_reason: null,
      usage: {
        input_tokens: 9,
        cache_read_input_tokens: 5,
        cache_creation_input_tokens: 2,
        output_tokens: 1,
      },
    })
    expect(events.at(-2)?.data.usage).toEqual({ output_tokens: 6 })
    expect(events.filter(({ data }) => 'index' in data).map(({ data }) => data.index)).toEqual([
      0, 0, 0, 0, 0, 1, 1, 1, 1, 1,
    ])
  })

  test('the SDK stream helper assembles the text, the tool input and the usage', async () => {
    const server = await serverForTest()
    server.reply({
      text: 'Checking',
      toolUses: [{ name: 'lookup', input: { city: 'Paris', days: [1, 2] } }],
      usage: { inputTokens: 30, outputTokens: 11, cacheReadTokens: 100 },
      chunkSize: 3,
    })
    const stream = sdkClient(server).messages.stream({
      model: MODEL,
      max_tokens: 100,
      messages: question,
    })
    const message = await stream.finalMessage()
    expect(message.content).toEqual([
      expect.objectContaining({ type: 'text', text: 'Checking' }),
      {
        type: 'tool_use',
        id: 'toolu_scripted_1',
        name: 'lookup',
        input: { city: 'Paris', days: [1, 2] },
      },
    ])
    expect(message.stop_reason).toBe('tool_use')
    expect(message.usage).toMatchObject({
      input_tokens: 30,
      output_tokens: 11,
      cache_read_input_tokens: 100,
    })
    expect(server.requests[0]?.outcome).toBe('streamed')
  })

  test('create({ stream: true }) yields the raw events; ping is skipped by the SDK', async () => {
    const server = await serverForTest()
    server.reply({ text: 'ok' })
    const stream = await sdkClient(server).messages.create({
      model: MODEL,
      max_tokens: 10,
      messages: question,
      stream: true,
    })
    const types: string[] = []
    for await (const event of stream) types.push(event.type)
    expect(types).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ])
  })

  test('a stream cut after some events fails the SDK with a connection error', async () => {
    const server = await serverForTest()
    server.reply({ text: 'a long answer that never ends', cutAfterEvents: 4, chunkSize: 2 })
    const stream = sdkClient(server).messages.stream({
      model: MODEL,
      max_tokens: 10,
      messages: question,
    })
    await expect(stream.finalMessage()).rejects.toThrow()
    expect(server.requests[0]?.outcome).toBe('reset')
  })

  test('an error event mid-stream becomes the SDK APIError of its type', async () => {
    const server = await serverForTest()
    server.reply({ text: 'partial answer', streamError: { afterEvents: 3 } })
    const stream = sdkClient(server).messages.stream({
      model: MODEL,
      max_tokens: 10,
      messages: question,
    })
    const error = await stream.finalMessage().then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toMatchObject({
      type: 'overloaded_error',
      error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    })
  })

  test('chunkDelayMs paces the events', async () => {
    const server = await serverForTest()
    server.reply({ text: 'abcd', chunkSize: 1, chunkDelayMs: 15 })
    const started = performance.now()
    await postStream(server.url)
    // 10 events (start, ping, block start, 4 deltas, stop, delta, stop): 9 pauses.
    expect(performance.now() - started).toBeGreaterThanOrEqual(9 * 15 - 5)
  })
})
