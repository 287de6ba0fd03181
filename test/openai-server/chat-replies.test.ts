import { zodResponseFormat } from 'openai/helpers/zod'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { FAKE_KEY, question, sdkClient, serverForTest } from './sdk-client.js'

const model = 'gpt-4.1-mini'

describe('chat completion replies', () => {
  test('a content reply arrives as a realistic chat.completion that echoes the model', async () => {
    const server = await serverForTest({ created: 1_750_000_000 })
    server.reply({ content: 'Paris.' })
    const completion = await sdkClient(server).chat.completions.create({
      model,
      messages: question,
    })
    expect(completion).toMatchObject({
      id: 'chatcmpl-scripted-1',
      object: 'chat.completion',
      created: 1_750_000_000,
      model,
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: { role: 'assistant', content: 'Paris.', refusal: null },
        },
      ],
    })
    expect(completion.choices[0]?.message.tool_calls).toBeUndefined()
  })

  test('streaming and non-streaming give the same text, streamed in several deltas', async () => {
    const server = await serverForTest()
    const text = 'The capital of France is Paris — «Paris» 🇫🇷.'
    server.reply({ content: text }, { content: text, chunkSize: 5 })
    const client = sdkClient(server)
    const whole = await client.chat.completions.create({ model, messages: question })
    const stream = await client.chat.completions.create({ model, messages: question, stream: true })
    const deltas: string[] = []
    const finishReasons: (string | null)[] = []
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk')
      const choice = chunk.choices[0]
      if (choice?.delta.content) deltas.push(choice.delta.content)
      finishReasons.push(choice?.finish_reason ?? null)
    }
    expect(whole.choices[0]?.message.content).toBe(text)
    expect(deltas.join('')).toBe(text)
    expect(deltas.length).toBe(Math.ceil(Array.from(text).length / 5))
    expect(finishReasons.at(-1)).toBe('stop')
    expect(finishReasons.slice(0, -1).every((reason) => reason === null)).toBe(true)
  })

  test('tool calls parse, whole and streamed (accumulated by the SDK stream helper)', async () => {
    const server = await serverForTest()
    const toolCalls = [
      { name: 'lookup_capital', arguments: { country: 'France' } },
      { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}', id: 'call_fixed' },
    ]
    server.reply({ toolCalls }, { toolCalls })
    const client = sdkClient(server)
    const whole = await client.chat.completions.create({ model, messages: question })
    const streamed = await client.chat.completions
      .stream({ model, messages: question })
      .finalChatCompletion()
    for (const [completion, index] of [
      [whole, 1],
      [streamed, 2],
    ] as const) {
      const choice = completion.choices[0]
      expect(choice?.finish_reason).toBe('tool_calls')
      expect(choice?.message.content).toBeNull()
      const calls = (choice?.message.tool_calls ?? []).map((call) =>
        call.type === 'function'
          ? { id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) }
          : call,
      )
      expect(calls).toEqual([
        { id: `call_scripted_${index}_1`, name: 'lookup_capital', args: { country: 'France' } },
        { id: 'call_fixed', name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
      ])
    }
  })

  test('structured content parses with chat.completions.parse and a zod response format', async () => {
    const server = await serverForTest()
    const Answer = z.object({ city: z.string(), confidence: z.number() })
    server.reply({ json: { city: 'Paris', confidence: 0.9 } })
    const completion = await sdkClient(server).chat.completions.parse({
      model,
      messages: question,
      response_format: zodResponseFormat(Answer, 'answer'),
    })
    expect(completion.choices[0]?.message.parsed).toEqual({ city: 'Paris', confidence: 0.9 })
    expect(server.requests[0]?.body).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { name: 'answer', strict: true } },
    })
  })

  test('usage fields arrive as scripted, whole and in the include_usage chunk', async () => {
    const server = await serverForTest()
    const usage = { promptTokens: 120, completionTokens: 7, cachedTokens: 64, reasoningTokens: 2 }
    server.reply({ content: 'Paris.', usage }, { content: 'Paris.', usage })
    const client = sdkClient(server)
    const expected = {
      prompt_tokens: 120,
      completion_tokens: 7,
      total_tokens: 127,
      prompt_tokens_details: { cached_tokens: 64 },
      completion_tokens_details: { reasoning_tokens: 2 },
    }
    const whole = await client.chat.completions.create({ model, messages: question })
    expect(whole.usage).toMatchObject(expected)
    const stream = await client.chat.completions.create({
      model,
      messages: question,
      stream: true,
      stream_options: { include_usage: true },
    })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: expected })
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true)
  })

  test('usage defaults are estimated and consistent; usage: null sends none', async () => {
    const server = await serverForTest()
    server.reply({ content: 'Paris is the capital.' }, { content: 'x', usage: null })
    const client = sdkClient(server)
    const estimated = await client.chat.completions.create({ model, messages: question })
    expect(estimated.usage?.completion_tokens).toBe(6) // 21 characters / 4, rounded up
    expect(estimated.usage?.prompt_tokens).toBeGreaterThan(0)
    expect(estimated.usage?.total_tokens).toBe(
      (estimated.usage?.prompt_tokens ?? 0) + (estimated.usage?.completion_tokens ?? 0),
    )
    expect(estimated.usage?.prompt_tokens_details?.cached_tokens).toBe(0)
    const none = await client.chat.completions.create({ model, messages: question })
    expect(none.usage).toBeUndefined()
  })

  test('requests are recorded with method, path, body and headers, but never the key', async () => {
    const server = await serverForTest()
    server.reply({ content: 'Paris.' })
    await sdkClient(server).chat.completions.create({ model, messages: question, temperature: 0 })
    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request).toMatchObject({
      index: 1,
      method: 'POST',
      path: '/v1/chat/completions',
      body: { model, messages: question, temperature: 0 },
      authorization: 'present',
      status: 200,
      outcome: 'answered',
    })
    expect(request?.headers.authorization).toBe('[redacted]')
    expect(request?.headers['content-type']).toContain('application/json')
    expect(JSON.stringify(server.requests)).not.toContain(FAKE_KEY)
  })

  test('replyWith builds the reply from the request it answers', async () => {
    const server = await serverForTest()
    server.replyWith((request) => ({ content: `you sent ${JSON.stringify(request.body)}` }))
    const completion = await sdkClient(server).chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'hi' }],
    })
    expect(completion.choices[0]?.message.content).toContain('"content":"hi"')
    expect(server.pendingReplies).toBe(0)
  })
})
