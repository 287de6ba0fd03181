import OpenAI from 'openai'
import { zodTextFormat } from 'openai/helpers/zod'
import type { ResponseStreamEvent } from 'openai/resources/responses/responses'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { FAKE_KEY, sdkClient, serverForTest } from './sdk-client.js'

const model = 'gpt-4.1-mini'
const input = [{ role: 'user' as const, content: 'What is the capital of France?' }]

/** Posts a streamed Responses request with plain fetch and returns the raw SSE events. */
async function postStream(baseURL: string, body: Record<string, unknown> = {}) {
  const response = await fetch(`${baseURL}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${FAKE_KEY}` },
    body: JSON.stringify({ model, input, stream: true, ...body }),
  })
  const text = await response.text()
  const events = text
    .split('\n\n')
    .filter((event) => event !== '')
    .map((event) => {
      const [nameLine = '', dataLine = ''] = event.split('\n')
      return {
        name: nameLine.replace(/^event: /, ''),
        data: JSON.parse(dataLine.replace(/^data: /, '')),
      }
    })
  return { response, text, events }
}

describe('Responses API replies', () => {
  test('a content reply is a completed response with a message item and mapped usage', async () => {
    const server = await serverForTest({ created: 1_750_000_000 })
    server.reply({
      content: 'Paris.',
      usage: { promptTokens: 30, completionTokens: 3, cachedTokens: 10 },
    })
    const response = await sdkClient(server).responses.create({
      model,
      input,
      instructions: 'Answer briefly.',
    })
    expect(response).toMatchObject({
      id: 'resp_scripted_1',
      object: 'response',
      created_at: 1_750_000_000,
      status: 'completed',
      model,
      instructions: 'Answer briefly.',
      output: [
        {
          type: 'message',
          id: 'msg_scripted_1',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Paris.', annotations: [] }],
        },
      ],
      usage: {
        input_tokens: 30,
        input_tokens_details: { cached_tokens: 10 },
        output_tokens: 3,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 33,
      },
    })
    expect(response.output_text).toBe('Paris.')
    expect(server.requests[0]).toMatchObject({ path: '/v1/responses', outcome: 'answered' })
  })

  test('input tokens are estimated from instructions and input when not scripted', async () => {
    const server = await serverForTest()
    server.reply({ content: 'ok' }, { content: 'ok' })
    const client = sdkClient(server)
    const short = await client.responses.create({ model, input: 'hi' })
    const long = await client.responses.create({
      model,
      input: 'hi',
      instructions: 'x'.repeat(400),
    })
    expect(long.usage?.input_tokens).toBeGreaterThan((short.usage?.input_tokens ?? 0) + 90)
  })

  test('tool calls are function_call items, whole and streamed (accumulated by the SDK)', async () => {
    const server = await serverForTest()
    const toolCalls = [
      { name: 'lookup_capital', arguments: { country: 'France' } },
      { name: 'get_weather', arguments: '{"city":"Paris"}', id: 'call_fixed' },
    ]
    server.reply({ toolCalls }, { toolCalls, chunkSize: 3 })
    const client = sdkClient(server)
    const whole = await client.responses.create({ model, input })
    const streamed = await client.responses.stream({ model, input }).finalResponse()
    for (const [response, index] of [
      [whole, 1],
      [streamed, 2],
    ] as const) {
      expect(response.status).toBe('completed')
      expect(response.output).toMatchObject([
        {
          type: 'function_call',
          id: `fc_scripted_${index}_1`,
          call_id: `call_scripted_${index}_1`,
          name: 'lookup_capital',
          arguments: '{"country":"France"}',
          status: 'completed',
        },
        {
          type: 'function_call',
          id: `fc_scripted_${index}_2`,
          call_id: 'call_fixed',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
          status: 'completed',
        },
      ])
    }
  })

  test('streamed text arrives in deltas and the completed event carries the usage', async () => {
    const server = await serverForTest()
    const text = 'The capital of France is Paris — «Paris» 🇫🇷.'
    server.reply({ content: text, chunkSize: 5, usage: { promptTokens: 12, completionTokens: 9 } })
    const stream = await sdkClient(server).responses.create({ model, input, stream: true })
    const seen: ResponseStreamEvent[] = []
    for await (const event of stream) seen.push(event)
    const deltas = seen.flatMap((event) =>
      event.type === 'response.output_text.delta' ? [event.delta] : [],
    )
    expect(deltas.join('')).toBe(text)
    expect(deltas.length).toBe(Math.ceil(Array.from(text).length / 5))
    const last = seen.at(-1)
    expect(last?.type).toBe('response.completed')
    if (last?.type !== 'response.completed') return
    expect(last.response.usage).toMatchObject({
      input_tokens: 12,
      output_tokens: 9,
      total_tokens: 21,
    })
    expect(last.response.output).toMatchObject([{ type: 'message', content: [{ text }] }])
    expect(server.requests[0]?.outcome).toBe('streamed')
  })

  test('structured output (json) parses with the SDK zodTextFormat helper', async () => {
    const server = await serverForTest()
    server.reply({ json: { city: 'Paris', population: 2_100_000 } })
    const format = zodTextFormat(z.object({ city: z.string(), population: z.number() }), 'city')
    const parsed = await sdkClient(server).responses.parse({ model, input, text: { format } })
    expect(parsed.output_parsed).toEqual({ city: 'Paris', population: 2_100_000 })
    expect(server.requests[0]?.body).toMatchObject({
      text: { format: { type: 'json_schema', name: 'city', strict: true } },
    })
  })

  test('a refusal is a refusal content part; a length finish is an incomplete response', async () => {
    const server = await serverForTest()
    server.reply(
      { refusal: 'I cannot help with that.' },
      { content: 'Par', finishReason: 'length' },
    )
    const client = sdkClient(server)
    const refused = await client.responses.create({ model, input })
    expect(refused.output).toMatchObject([
      { type: 'message', content: [{ type: 'refusal', refusal: 'I cannot help with that.' }] },
    ])
    const cut = await client.responses.create({ model, input, max_output_tokens: 1 })
    expect(cut).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      max_output_tokens: 1,
    })
  })

  test('errors and faults are scripted as for chat completions', async () => {
    const server = await serverForTest()
    server.reply({ status: 429, retryAfter: 0.2 }, { reset: true })
    const client = sdkClient(server)
    const limited: unknown = await client.responses.create({ model, input }).catch((e) => e)
    if (!(limited instanceof OpenAI.APIError)) throw new Error(`expected an APIError: ${limited}`)
    expect(limited).toMatchObject({ status: 429, error: { code: 'rate_limit_exceeded' } })
    expect(limited.headers?.get('retry-after')).toBe('0.2')
    await expect(client.responses.create({ model, input })).rejects.toThrow('Connection error')
  })
})

describe('the Responses SSE wire format', () => {
  test('named events in the API order, numbered, with no [DONE]', async () => {
    const server = await serverForTest()
    server.reply({
      content: 'Hi there',
      toolCalls: [{ name: 'f', arguments: '{"a":1}', id: 'call_1' }],
      chunkSize: 4,
    })
    const { response, text, events } = await postStream(server.baseURL)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(text).not.toContain('[DONE]')
    expect(events.every((event) => event.name === event.data.type)).toBe(true)
    expect(events.map((event) => event.data.sequence_number)).toEqual(events.map((_, i) => i))
    expect(events.map((event) => event.name)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ])
    expect(events[0]?.data.response).toMatchObject({
      status: 'in_progress',
      output: [],
      usage: null,
    })
    expect(events[2]?.data).toMatchObject({
      output_index: 0,
      item: { type: 'message', status: 'in_progress', content: [] },
    })
    expect(events[9]?.data).toMatchObject({
      output_index: 1,
      item: {
        type: 'function_call',
        call_id: 'call_1',
        name: 'f',
        arguments: '',
        status: 'in_progress',
      },
    })
    expect(events[10]?.data).toMatchObject({
      item_id: 'fc_scripted_1_1',
      output_index: 1,
      delta: '{"a"',
    })
    expect(events.at(-1)?.data.response).toMatchObject({
      status: 'completed',
      output: [{ type: 'message' }, { type: 'function_call', arguments: '{"a":1}' }],
      usage: { total_tokens: expect.any(Number) },
    })
  })

  test('a broken stream is cut mid-body', async () => {
    const server = await serverForTest()
    server.reply({ content: 'Hello there', cutAfterEvents: 3 })
    const client = sdkClient(server)
    await expect(
      (async () => {
        for await (const _ of await client.responses.create({ model, input, stream: true })) {
          // drain
        }
      })(),
    ).rejects.toThrow()
    expect(server.requests[0]?.outcome).toBe('reset')
  })
})

describe('the chatOnly option (a server like Ollama or llama-server)', () => {
  test('POST /responses answers 404 without taking a reply; Chat Completions still answers', async () => {
    const server = await serverForTest({ chatOnly: true })
    server.reply({ content: 'Paris.' })
    const client = sdkClient(server)
    const error = await client.responses.create({ model, input }).then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect(String(error)).toContain('404')
    const raw = await fetch(`${server.baseURL}/responses`, { method: 'POST', body: '{}' })
    expect([raw.status, await raw.text()]).toEqual([404, '404 page not found'])
    const completion = await client.chat.completions.create({ model, messages: input })
    expect(completion.choices[0]?.message.content).toBe('Paris.')
    expect(server.requests.map((r) => `${r.path} ${r.status}`)).toEqual([
      '/v1/responses 404',
      '/v1/responses 404',
      '/v1/chat/completions 200',
    ])
  })
})
