// The real llama.cpp llama-server (built and started by test/support/llama/global-setup.ts)
// through the real `openai` SDK. The model is a tiny random-weight fixture: its words are
// gibberish, so these tests check structure (usage, streaming, JSON schema, tool calls), never
// wording. Skipped, with the reason, where the globalSetup starts no server.
import OpenAI from 'openai'
import type { ChatCompletionTool } from 'openai/resources/chat/completions'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { type LlamaConnection, llamaServerOrSkip } from '../support/llama/use-llama-server.js'

function client(llama: LlamaConnection, apiKey = llama.apiKey): OpenAI {
  return new OpenAI({
    baseURL: llama.baseURL,
    apiKey,
    maxRetries: 0,
    defaultHeaders: { ...llama.defaultHeaders },
  })
}

/** Bounded arguments (an enum, a capped string, an integer), so sampled calls stay short. */
const weatherArgs = z.strictObject({
  city: z.string().max(24),
  unit: z.enum(['celsius', 'fahrenheit']),
  days: z.number().int().min(1).max(7),
})

const weatherTool: ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather forecast for a city.',
    parameters: z.toJSONSchema(weatherArgs),
  },
}

const verdict = z.strictObject({
  verdict: z.enum(['pass', 'fail']),
  score: z.number().int().min(0).max(10),
  reason: z.string().max(24),
})

// A cold server answers in well under a second; the margin is for a busy 2-core CI machine.
describe('real llama-server through the openai SDK', { timeout: 30_000 }, () => {
  test('lists the served model and rejects a wrong API key with 401', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const models = await client(llama).models.list()
    expect(models.data.map((m) => m.id)).toContain(llama.model)
    await expect(client(llama, 'wrong-key').models.list()).rejects.toMatchObject({ status: 401 })
  })

  test('a chat completion returns text and token usage', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const reply = await client(llama).chat.completions.create({
      model: llama.model,
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Say hello.' },
      ],
      max_tokens: 40,
    })
    const [choice] = reply.choices
    expect(choice?.message.role).toBe('assistant')
    expect(choice?.message.content?.trim()).not.toBe('')
    expect(['stop', 'length']).toContain(choice?.finish_reason)
    expect(reply.usage?.prompt_tokens).toBeGreaterThan(0)
    expect(reply.usage?.completion_tokens).toBeGreaterThan(0)
    expect(reply.usage?.total_tokens).toBe(
      (reply.usage?.prompt_tokens ?? 0) + (reply.usage?.completion_tokens ?? 0),
    )
  })

  test('streaming and non-streaming give the same text at temperature 0 with a seed', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const openai = client(llama)
    const request = {
      model: llama.model,
      messages: [{ role: 'user' as const, content: 'Tell me a short story.' }],
      max_tokens: 48,
      temperature: 0,
      seed: 1234,
    }
    const whole = await openai.chat.completions.create(request)
    const stream = await openai.chat.completions.create({
      ...request,
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    let chunks = 0
    let finishReason: string | null = null
    let completionTokens = 0
    for await (const chunk of stream) {
      chunks++
      const [choice] = chunk.choices
      text += choice?.delta.content ?? ''
      finishReason = choice?.finish_reason ?? finishReason
      completionTokens = chunk.usage?.completion_tokens ?? completionTokens
    }
    const [choice] = whole.choices
    expect(choice?.message.content).toBeTruthy()
    expect(chunks).toBeGreaterThan(2)
    expect(text).toBe(choice?.message.content)
    expect(finishReason).toBe(choice?.finish_reason)
    expect(completionTokens).toBe(whole.usage?.completion_tokens)
  })

  test('response_format json_schema returns JSON that matches the schema', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const reply = await client(llama).chat.completions.create({
      model: llama.model,
      messages: [{ role: 'user', content: 'Grade the answer "4" to "2 + 2".' }],
      max_tokens: 200,
      temperature: 0,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'verdict', strict: true, schema: z.toJSONSchema(verdict) },
      },
    })
    const [choice] = reply.choices
    expect(choice?.finish_reason).toBe('stop')
    const parsed = verdict.safeParse(JSON.parse(choice?.message.content ?? ''))
    expect(parsed.error).toBeUndefined()
  })

  test('a request with tools is answered with a schema-valid tool call', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const reply = await client(llama).chat.completions.create({
      model: llama.model,
      messages: [{ role: 'user', content: 'What is the weather in Oslo?' }],
      tools: [weatherTool],
      parallel_tool_calls: false,
      max_tokens: 200,
    })
    const [choice] = reply.choices
    expect(choice?.finish_reason).toBe('tool_calls')
    expect(choice?.message.tool_calls).toHaveLength(1)
    const call = choice?.message.tool_calls?.[0]
    if (call?.type !== 'function') throw new Error(`expected a function call, got ${call?.type}`)
    expect(call.id).toBeTruthy()
    expect(call.function.name).toBe('get_weather')
    expect(weatherArgs.safeParse(JSON.parse(call.function.arguments)).error).toBeUndefined()
  })

  test('a streamed tool call assembles, and the tool result gets a text answer', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const openai = client(llama)
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'Forecast for Bergen, please.' },
    ]
    const done = await openai.chat.completions
      .stream({
        model: llama.model,
        messages,
        tools: [weatherTool],
        parallel_tool_calls: false,
        max_tokens: 200,
        temperature: 0,
      })
      .finalChatCompletion()
    const [choice] = done.choices
    expect(choice?.finish_reason).toBe('tool_calls')
    const call = choice?.message.tool_calls?.[0]
    if (call?.type !== 'function') throw new Error(`expected a function call, got ${call?.type}`)
    expect(weatherArgs.safeParse(JSON.parse(call.function.arguments)).error).toBeUndefined()

    const answer = await openai.chat.completions.create({
      model: llama.model,
      messages: [
        ...messages,
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: call.id, content: '{"forecast":"rain","celsius":9}' },
      ],
      tools: [weatherTool],
      max_tokens: 200,
      temperature: 0,
    })
    const [next] = answer.choices
    expect(next?.message.tool_calls ?? []).toHaveLength(0)
    expect(next?.message.content?.trim()).not.toBe('')
    expect(answer.usage?.prompt_tokens).toBeGreaterThan(done.usage?.prompt_tokens ?? 0)
  })
})
