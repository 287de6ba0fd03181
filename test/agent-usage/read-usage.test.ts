import { describe, expect, test } from 'vitest'
import { AgentCalls, countResponse, statedUsage } from '../../src/agent-usage/index.js'

// The one reader of the usage a provider's response states: Chat Completions, the Responses API
// and Anthropic Messages, as JSON bodies and as event streams, read while the body is consumed.

const tally = () => {
  const replay = { calls: 0, recordedDurationMs: 0 }
  return { calls: new AgentCalls(replay), replay }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const events = (list: { event?: string; data: unknown }[]) =>
  new Response(
    list
      .map(
        ({ event, data }) =>
          `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
      )
      .join(''),
    { headers: { 'content-type': 'text/event-stream' } },
  )

describe('statedUsage', () => {
  test('Chat Completions: prompt, completion and cached tokens', () => {
    expect(
      statedUsage({
        usage: {
          prompt_tokens: 20,
          completion_tokens: 5,
          total_tokens: 25,
          prompt_tokens_details: { cached_tokens: 4 },
        },
      }),
    ).toEqual({ input: 20, output: 5, cached: 4 })
  })

  test("Chat Completions: the reasoning tokens and the body's model", () => {
    expect(
      statedUsage({
        model: 'o4-mini-2025-04-16',
        usage: {
          prompt_tokens: 20,
          completion_tokens: 50,
          completion_tokens_details: { reasoning_tokens: 32 },
        },
      }),
    ).toEqual({ input: 20, output: 50, cached: 0, reasoning: 32, model: 'o4-mini-2025-04-16' })
  })

  test('the Responses API: input, output, cached and reasoning tokens and the model, also under `response` in events', () => {
    const usage = {
      input_tokens: 30,
      input_tokens_details: { cached_tokens: 10 },
      output_tokens: 7,
      output_tokens_details: { reasoning_tokens: 2 },
      total_tokens: 37,
    }
    expect(statedUsage({ object: 'response', usage })).toEqual({
      input: 30,
      output: 7,
      cached: 10,
      reasoning: 2,
    })
    expect(
      statedUsage({ type: 'response.completed', response: { model: 'gpt-5-mini', usage } }),
    ).toEqual({ input: 30, output: 7, cached: 10, reasoning: 2, model: 'gpt-5-mini' })
  })

  test('Anthropic Messages: cache reads and writes are added to the input, and are `cached` and `cacheWrite`', () => {
    expect(
      statedUsage({
        type: 'message',
        usage: {
          input_tokens: 12,
          cache_read_input_tokens: 100,
          cache_creation_input_tokens: 8,
          output_tokens: 6,
        },
      }),
    ).toEqual({ input: 120, output: 6, cached: 100, cacheWrite: 8 })
    // A message_delta states only its output.
    expect(statedUsage({ type: 'message_delta', usage: { output_tokens: 40 } })).toEqual({
      output: 40,
    })
  })

  test('no usage, a null usage, or counts that are not counts: nothing', () => {
    expect(statedUsage({ choices: [] })).toBeUndefined()
    expect(statedUsage({ usage: null })).toBeUndefined()
    expect(statedUsage({ usage: { prompt_tokens: '3', completion_tokens: -1 } })).toBeUndefined()
    expect(statedUsage('text')).toBeUndefined()
  })
})

describe('countResponse', () => {
  test('a JSON body passes through unchanged and is counted when it has been read', async () => {
    const { calls } = tally()
    const body = { id: 'x', usage: { prompt_tokens: 9, completion_tokens: 2 } }
    const counted = countResponse(json(body), calls, undefined)
    expect(calls.usage).toEqual({ input: 0, output: 0, cached: 0, cacheWrite: 0 })
    expect(await counted.json()).toEqual(body)
    expect(calls.usage).toEqual({ input: 9, output: 2, cached: 0, cacheWrite: 0 })
  })

  test('a Chat Completions stream: the last chunk’s usage', async () => {
    const { calls } = tally()
    const response = events([
      { data: { choices: [{ delta: { content: 'Hi' } }], usage: null } },
      { data: { choices: [], usage: { prompt_tokens: 11, completion_tokens: 3 } } },
      { data: '[DONE]' },
    ])
    const text = await countResponse(response, calls, undefined).text()
    expect(text).toContain('data: [DONE]')
    expect(calls.usage).toEqual({ input: 11, output: 3, cached: 0, cacheWrite: 0 })
  })

  test('a Responses API stream: the response.completed event', async () => {
    const { calls } = tally()
    const usage = { input_tokens: 5, input_tokens_details: { cached_tokens: 1 }, output_tokens: 2 }
    const response = events([
      {
        event: 'response.output_text.delta',
        data: { type: 'response.output_text.delta', delta: 'Hi' },
      },
      { event: 'response.completed', data: { type: 'response.completed', response: { usage } } },
    ])
    await countResponse(response, calls, undefined).text()
    expect(calls.usage).toEqual({ input: 5, output: 2, cached: 1, cacheWrite: 0 })
  })

  test('an Anthropic stream: message_start’s input, the last message_delta’s output (cumulative)', async () => {
    const { calls } = tally()
    const response = events([
      {
        event: 'message_start',
        data: {
          type: 'message_start',
          message: { usage: { input_tokens: 10, cache_read_input_tokens: 4, output_tokens: 1 } },
        },
      },
      { event: 'message_delta', data: { type: 'message_delta', usage: { output_tokens: 15 } } },
      { event: 'message_delta', data: { type: 'message_delta', usage: { output_tokens: 25 } } },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ])
    await countResponse(response, calls, undefined).text()
    expect(calls.usage).toEqual({ input: 14, output: 25, cached: 4, cacheWrite: 0 })
  })

  test('events split across chunks are read whole', async () => {
    const { calls } = tally()
    const text = `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 8 } })}\r\n\r\n`
    const bytes = new TextEncoder().encode(text)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.slice(i, i + 5))
        controller.close()
      },
    })
    const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    await countResponse(response, calls, undefined).text()
    expect(calls.usage).toEqual({ input: 7, output: 8, cached: 0, cacheWrite: 0 })
  })

  test('an error status is not counted; a replayed call is counted as replayed', async () => {
    const { calls, replay } = tally()
    const failed = json({ usage: { prompt_tokens: 9, completion_tokens: 2 } }, 500)
    expect(countResponse(failed, calls, undefined)).toBe(failed)
    await countResponse(
      json({ usage: { prompt_tokens: 1, completion_tokens: 1 } }),
      calls,
      42,
    ).text()
    expect(calls.usage).toEqual({ input: 1, output: 1, cached: 0, cacheWrite: 0 })
    expect(replay).toEqual({ calls: 1, recordedDurationMs: 42 })
  })
})
