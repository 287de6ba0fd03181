import { describe, expect, test } from 'vitest'
import { splitText } from '../support/openai-server/index.js'
import { FAKE_KEY, question, serverForTest } from './sdk-client.js'

/** Posts a chat request with plain fetch and returns the response and its SSE `data:` values. */
async function postStream(baseURL: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${FAKE_KEY}` },
    body: JSON.stringify({ model: 'gpt-4.1-mini', messages: question, stream: true, ...body }),
  })
  const text = await response.text()
  const events = text.split('\n\n').filter((event) => event !== '')
  return { response, text, events }
}

describe('the SSE wire format', () => {
  test('chunks follow the Chat Completions order and end with data: [DONE]', async () => {
    const server = await serverForTest()
    server.reply({ content: 'Hello there', chunkSize: 4 })
    const { response, text, events } = await postStream(server.baseURL, {
      stream_options: { include_usage: true },
    })
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('x-request-id')).toBe('req_scripted_1')
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true)
    expect(events.every((event) => event.startsWith('data: '))).toBe(true)
    const data = events.slice(0, -1).map((event) => JSON.parse(event.slice('data: '.length)))
    expect(data.map((chunk) => chunk.choices[0]?.delta ?? 'usage')).toEqual([
      { role: 'assistant', content: '', refusal: null },
      { content: 'Hell' },
      { content: 'o th' },
      { content: 'ere' },
      {},
      'usage',
    ])
    expect(data[4].choices[0].finish_reason).toBe('stop')
    expect(data[5]).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } })
    expect(new Set(data.map((chunk) => chunk.id))).toEqual(new Set(['chatcmpl-scripted-1']))
  })

  test('tool-call deltas carry index, id and name first, then argument pieces', async () => {
    const server = await serverForTest()
    server.reply({ toolCalls: [{ name: 'f', arguments: '{"a":1}', id: 'call_1' }], chunkSize: 3 })
    const { events } = await postStream(server.baseURL, {})
    const deltas = events
      .slice(0, -1)
      .map((event) => JSON.parse(event.slice('data: '.length)).choices[0])
    expect(deltas.map((choice) => choice.delta)).toEqual([
      { role: 'assistant', content: null, refusal: null },
      {
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } },
        ],
      },
      { tool_calls: [{ index: 0, function: { arguments: '{"a' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '":1' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '}' } }] },
      {},
    ])
    expect(deltas.at(-1).finish_reason).toBe('tool_calls')
    expect(server.requests[0]?.outcome).toBe('streamed')
  })

  test('splitText never splits a surrogate pair', () => {
    expect(splitText('a🇫🇷bc', 2)).toEqual(['a🇫', '🇷b', 'c'])
    expect(splitText('', 4)).toEqual([])
  })
})
