// The library's own model layer against the real llama.cpp llama-server (built and started by
// test/support/llama/global-setup.ts). The model is a tiny random-weight fixture: its words are
// gibberish, so these tests check what the library does with real HTTP, usage, structured output
// and tool calls — never wording. Skipped, with the reason, where no server was started.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import OpenAI from 'openai'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { aiSdkAgent, aiSdkModel } from '../../src/ai-sdk/index.js'
import { defineTemplate, END, runScenario, Scenario, simulatedUser, tool } from '../../src/core.js'
import { type LlamaConnection, llamaServerOrSkip } from '../support/llama/use-llama-server.js'

/** A model config on a client of our own: llama-server needs `Connection: close` (see use-llama-server.ts). */
function llamaModel(llama: LlamaConnection) {
  const client = new OpenAI({
    baseURL: llama.baseURL,
    apiKey: llama.apiKey,
    maxRetries: 0,
    defaultHeaders: { ...llama.defaultHeaders },
  })
  return { model: llama.model, client, temperature: 0, maxTokens: 24 }
}

describe('scenarios against a real llama-server', { timeout: 60_000 }, () => {
  test('a 3-turn scenario completes; every turn has usage > 0; the conversation grows', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const definition = new Scenario('three-turns')
      .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addNode('challenge', { question: 'Are you sure?' })
      .addNode('wrap', { question: 'Answer in one word.' })
      .addEdge('ask', 'challenge')
      .addEdge('challenge', 'wrap')
      .addEdge('wrap', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, {
      model: llamaModel(llama),
      systemPrompt: 'You are terse.',
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(result.path).toEqual(['ask', 'challenge', 'wrap'])
    for (const turn of result.history) {
      expect(typeof turn.rawResponse).toBe('string')
      expect(turn.usage.input).toBeGreaterThan(0)
      expect(turn.usage.output).toBeGreaterThan(0)
    }
    // Later turns carry the earlier questions and answers: more prompt tokens each time.
    const inputs = result.history.map((t) => t.usage.input)
    expect(inputs[1]).toBeGreaterThan(inputs[0] ?? 0)
    expect(inputs[2]).toBeGreaterThan(inputs[1] ?? 0)
  })

  test('the parsing model returns schema-valid JSON that fills the template', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const template = defineTemplate({
      schema: z.object({ verdict: z.enum(['pass', 'fail']), score: z.number().int() }),
      verify: (parsed) => parsed.verdict === 'pass' || parsed.verdict === 'fail',
    })
    const definition = new Scenario('judged')
      .addNode('ask', { question: { question: 'Grade this: 2 + 2 = 4.', template } })
      .setEntry('ask')
      .validate()
    const model = llamaModel(llama)
    const result = await runScenario(definition, {
      model,
      parsingModel: { ...model, maxTokens: 64 },
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(result.history[0]?.verifyResult).toBe(true)
    expect(['pass', 'fail']).toContain(result.history[0]?.parsedFields.verdict)
    expect(Number.isInteger(result.history[0]?.parsedFields.score)).toBe(true)
    expect(result.history[0]?.usage.judging.input).toBeGreaterThan(0)
  })

  test('a tool round trip appears on the turn record', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const calls: unknown[] = []
    const weather = tool({
      description: 'Weather forecast for a city.',
      parameters: z.object({ city: z.string().max(24), unit: z.enum(['celsius', 'fahrenheit']) }),
      execute: (args) => {
        calls.push(args)
        return { forecast: 'rain', degrees: 9 }
      },
    })
    const definition = new Scenario('tools')
      .addNode('ask', { question: 'What is the weather in Oslo?' })
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, {
      model: { ...llamaModel(llama), maxTokens: 64 },
      tools: { weather },
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    const turn = result.history[0]
    expect(turn?.toolCalls).toHaveLength(1)
    expect(turn?.toolCalls[0]).toMatchObject({
      name: 'weather',
      result: { forecast: 'rain', degrees: 9 },
    })
    expect(calls).toHaveLength(1)
    expect(turn?.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant'])
    expect(turn?.usage.input).toBeGreaterThan(0)
  })

  test('a simulated user: its structured { message, goalReached } becomes the question the agent answers', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const model = llamaModel(llama)
    const definition = new Scenario('simulated-user')
      .addNode('customer', {
        question: simulatedUser({
          persona: 'You are a customer whose parcel is late.',
          goal: 'Learn when the parcel arrives.',
          model: { ...model, client: boundedMessages(model.client), maxTokens: 96 },
        }),
      })
      .addEdge('customer', END, { when: { 'user.goalReached': true } })
      .addEdge('customer', 'customer')
      .setEntry('customer')
      .validate()
    const result = await runScenario(definition, { model, turnLimit: 2 })
    // Gibberish either way: the goal may or may not be "reached", but no turn fails.
    expect(result.error, JSON.stringify(result.error)).toBeUndefined()
    expect(['completed', 'limit_reached']).toContain(result.status)
    for (const turn of result.history) {
      expect(typeof turn.questionText).toBe('string')
      expect(typeof turn.user?.goalReached).toBe('boolean')
      expect(typeof turn.rawResponse).toBe('string')
      expect(turn.usage.simulating.input).toBeGreaterThan(0)
      expect(turn.usage.simulating.output).toBeGreaterThan(0)
    }
    expect(result.finalState.user).toEqual(result.history.at(-1)?.user)
  })
})

describe('the AI SDK against a real llama-server (@ai-sdk/openai-compatible)', {
  timeout: 60_000,
}, () => {
  /** llama-server as an OpenAI-compatible AI SDK provider (with `Connection: close`, as above). */
  const provider = (llama: LlamaConnection) =>
    createOpenAICompatible({
      name: 'llama',
      baseURL: llama.baseURL,
      apiKey: llama.apiKey,
      headers: { ...llama.defaultHeaders },
      supportsStructuredOutputs: true,
    })

  test('an aiSdkAgent answers a 2-turn scenario; usage from the AI SDK on every turn', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const agent = aiSdkAgent({
      model: provider(llama).chatModel(llama.model),
      system: 'You are terse.',
      temperature: 0,
      maxOutputTokens: 24,
      maxRetries: 0,
    })
    const definition = new Scenario('ai-sdk-agent')
      .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addNode('challenge', { question: 'Are you sure?' })
      .addEdge('ask', 'challenge')
      .addEdge('challenge', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: agent })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    for (const turn of result.history) {
      expect(typeof turn.rawResponse).toBe('string')
      expect(turn.usage.answering.input).toBeGreaterThan(0)
      expect(turn.usage.answering.output).toBeGreaterThan(0)
    }
    const inputs = result.history.map((t) => t.usage.answering.input)
    expect(inputs[1]).toBeGreaterThan(inputs[0] ?? 0)
  })

  test('aiSdkModel as the parsing model: structured output through the AI SDK fills the template', async (ctx) => {
    const llama = llamaServerOrSkip(ctx)
    const template = defineTemplate({
      schema: z.object({ verdict: z.enum(['pass', 'fail']), score: z.number().int() }),
      verify: (parsed) => parsed.verdict === 'pass' || parsed.verdict === 'fail',
    })
    const definition = new Scenario('ai-sdk-judged')
      .addNode('ask', { question: { question: 'Grade this: 2 + 2 = 4.', template } })
      .setEntry('ask')
      .validate()
    const parser = aiSdkModel(provider(llama).chatModel(llama.model))
    const result = await runScenario(definition, {
      model: llamaModel(llama),
      parsingModel: { ...parser, temperature: 0, maxTokens: 64 },
    })
    expect(result.status, JSON.stringify(result.error)).toBe('completed')
    expect(['pass', 'fail']).toContain(result.history[0]?.parsedFields.verdict)
    expect(result.history[0]?.usage.judging.input).toBeGreaterThan(0)
  })
})

/**
 * The simulator's requests with its `message` bounded in the JSON schema. The fixture's random
 * weights run a free-text string to `max_tokens` (see test/support/llama/README.md), which would
 * cut the JSON; llama-server turns `maxLength` into its grammar. Everything else is the library's
 * request as sent.
 */
function boundedMessages(client: OpenAI) {
  return {
    chat: {
      completions: {
        create(
          body: OpenAI.ChatCompletionCreateParamsNonStreaming,
          options?: OpenAI.RequestOptions,
        ) {
          const format = body.response_format
          if (format?.type !== 'json_schema') return client.chat.completions.create(body, options)
          // A copy: the library makes its response format once and reuses it.
          const schema = format.json_schema.schema as { properties: Record<string, object> }
          const properties = {
            ...schema.properties,
            message: { ...schema.properties.message, maxLength: 40 },
          }
          const json_schema = { ...format.json_schema, schema: { ...schema, properties } }
          return client.chat.completions.create(
            { ...body, response_format: { ...format, json_schema } },
            options,
          )
        },
      },
    },
  }
}
