import { Agent, OpenAIProvider, tool } from '@openai/agents'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  anyTurn,
  END,
  evaluateOutcome,
  lastTurn,
  runScenario,
  Scenario,
  type ScenarioDefinition,
  wrap,
} from '../../src/core.js'
import { memoryStore, RecordingSession } from '../../src/host.js'
import { openAIAgent } from '../../src/openai-agents/index.js'
import type { ChatMessage } from '../../src/state/types.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import {
  billingAgents,
  chatProvider,
  playChat,
  responsesProvider,
  transcriptOf,
} from './support.js'

// openAIAgent with the real Agents SDK against the scripted server's Chat Completions API: a
// triage agent hands a billing question off to a specialist with a function tool, over turns.

let server: ScriptedServer

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.setDefaultReply(playChat)
})

const billingScenario = (): ScenarioDefinition =>
  new Scenario('billing')
    .addNode('charge', { question: 'I was charged twice for invoice 1042.' })
    .addNode('when', { question: 'When will the refund arrive?' })
    .addEdge('charge', 'when')
    .addEdge('when', END)
    .setEntry('charge')
    .validate()

const oneQuestion = (question: string): ScenarioDefinition =>
  new Scenario('one').addNode('ask', { question }).setEntry('ask').validate()

/** The triage agent on the scripted server's Chat Completions API. */
const triageAgent = (client?: OpenAI) =>
  openAIAgent(billingAgents().triage, {
    runConfig: { modelProvider: chatProvider(server.baseURL, client) },
  })

/** What the follow-up question's request gives the model: the first turn's calls, by call id. */
const FOLLOW_UP = [
  'user: I was charged twice for invoice 1042.',
  'call call_handoff transfer_to_Billing {}',
  'result call_handoff {"assistant":"Billing"}',
  'call call_lookup lookUpInvoice {"id":"1042"}',
  'result call_lookup {"amount":120,"charged":2}',
  'assistant: Invoice 1042 was charged twice; I have refunded 120.',
  'user: When will the refund arrive?',
]

interface ChatBody {
  model: string
  messages: ChatMessage[]
}

describe('openAIAgent: a turn of the Agents SDK', () => {
  test('a handoff and a tool call: the specialist answers, its name on the turn record', async () => {
    const result = await runScenario(billingScenario(), { model: triageAgent() })
    expect(result.status, result.error?.message).toBe('completed')
    const [charge, when] = result.history
    expect(charge?.rawResponse).toBe('Invoice 1042 was charged twice; I have refunded 120.')
    expect(charge?.agent).toBe('Billing')
    expect(charge?.toolNames).toEqual(['transfer_to_Billing', 'lookUpInvoice'])
    expect(charge?.toolCalls).toEqual([
      {
        id: 'call_handoff',
        name: 'transfer_to_Billing',
        arguments: {},
        result: { assistant: 'Billing' },
        step: 0,
      },
      {
        id: 'call_lookup',
        name: 'lookUpInvoice',
        arguments: { id: '1042' },
        result: { amount: 120, charged: 2 },
        step: 1,
      },
    ])
    expect(charge?.messages).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_handoff',
            type: 'function',
            function: { name: 'transfer_to_Billing', arguments: '{}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_handoff', content: '{"assistant":"Billing"}' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_lookup',
            type: 'function',
            function: { name: 'lookUpInvoice', arguments: '{"id":"1042"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_lookup', content: '{"amount":120,"charged":2}' },
      { role: 'assistant', content: 'Invoice 1042 was charged twice; I have refunded 120.' },
    ])
    // Three model calls of 40 + 8 tokens (10 cached), summed over the handoff; both agents' models.
    expect(charge?.usage.answering).toEqual({
      input: 120,
      output: 24,
      cached: 30,
      cacheWrite: 0,
      reasoning: 0,
      model: 'triage-model, billing-model',
    })
    // The follow-up starts at Billing, the agent that answered: no second handoff.
    expect(when?.agent).toBe('Billing')
    expect(when?.toolCalls).toEqual([])
    expect(result.usage.answering).toEqual({
      input: 160,
      output: 32,
      cached: 40,
      cacheWrite: 0,
      reasoning: 0,
      model: 'triage-model, billing-model',
    })
  })

  test('the next turn gives the SDK the earlier tool calls and results with their call ids', async () => {
    await runScenario(billingScenario(), { model: triageAgent() })
    expect(server.requests).toHaveLength(4)
    const followUp = server.requests[3]?.body as ChatBody
    expect(followUp.model).toBe('billing-model')
    expect(transcriptOf(followUp)).toEqual([
      'system: You answer billing questions. Look invoices up before answering.',
      ...FOLLOW_UP,
    ])
  })

  test('a seeded transcript and a system prompt reach the SDK as input items', async () => {
    const seed: ChatMessage[] = [
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'seed_1', type: 'function', function: { name: 'lookUpInvoice', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'seed_1', content: 'not found' },
    ]
    const result = await runScenario(oneQuestion('Thanks, bye.'), {
      model: triageAgent(),
      seed,
      systemPrompt: 'Be brief.',
    })
    expect(result.status, result.error?.message).toBe('completed')
    expect(transcriptOf(server.requests[0]?.body)).toEqual([
      'system: You route customers: billing questions go to Billing.',
      'system: Be brief.',
      'user: Hi',
      'assistant: Let me check.',
      'call seed_1 lookUpInvoice {}',
      'result seed_1 not found',
      'user: Thanks, bye.',
    ])
  })

  test('a structured final output is the answer as its JSON text, once in the transcript', async () => {
    server.setDefaultReply({ json: { refund: true, days: 5 }, usage: { promptTokens: 9 } })
    const agent = new Agent({
      name: 'Structured',
      model: 'structured-model',
      outputType: z.object({ refund: z.boolean(), days: z.number() }),
    })
    const result = await runScenario(oneQuestion('Refund?'), {
      model: openAIAgent(agent, {
        runConfig: { modelProvider: chatProvider(server.baseURL) },
      }),
    })
    expect(result.status, result.error?.message).toBe('completed')
    expect(result.history[0]?.rawResponse).toBe('{"refund":true,"days":5}')
    expect(result.history[0]?.messages).toEqual([
      { role: 'assistant', content: '{"refund":true,"days":5}' },
    ])
    expect(result.history[0]?.agent).toBe('Structured')
  })

  test('the answering agent is a turn field: lastTurn({ agent }) reads it', async () => {
    const result = await runScenario(billingScenario(), { model: triageAgent() })
    expect(evaluateOutcome(lastTurn({ agent: 'Billing' }), result)).toBe(true)
    expect(evaluateOutcome(lastTurn({ agent: 'Triage' }), result)).toBe(false)
    expect(
      evaluateOutcome(
        anyTurn({ agent: 'Billing', toolNames: { contains: 'lookUpInvoice' } }),
        result,
      ),
    ).toBe(true)
  })
})

describe('openAIAgent on the Responses API (the SDK default)', () => {
  const responsesAgent = () =>
    openAIAgent(billingAgents().triage, {
      runConfig: { modelProvider: responsesProvider(server.baseURL) },
    })

  test('the same handoff, tool calls, agent names and tokens as over Chat Completions', async () => {
    const overChat = await runScenario(billingScenario(), { model: triageAgent() })
    server.reset()
    const result = await runScenario(billingScenario(), { model: responsesAgent() })
    expect(result.status, result.error?.message).toBe('completed')
    expect(server.requests.map((request) => request.path)).toEqual(
      Array.from({ length: 4 }, () => '/v1/responses'),
    )
    const fields = (turns: typeof result.history) =>
      turns.map(({ rawResponse, agent, toolCalls, messages, usage }) => ({
        rawResponse,
        agent,
        toolCalls,
        messages,
        answering: usage.answering,
      }))
    expect(fields(result.history)).toEqual(fields(overChat.history))
    expect(result.history[0]?.usage.answering).toEqual({
      input: 120,
      output: 24,
      cached: 30,
      cacheWrite: 0,
      reasoning: 0,
      model: 'triage-model, billing-model',
    })
  })

  test('the follow-up gives the earlier calls as function_call and function_call_output items', async () => {
    await runScenario(billingScenario(), { model: responsesAgent() })
    const body = server.requests[3]?.body as { instructions: string; input: unknown[] }
    expect(body.instructions).toBe(
      'You answer billing questions. Look invoices up before answering.',
    )
    expect(transcriptOf(body)).toEqual(FOLLOW_UP)
  })
})

describe('openAIAgent: recordings', () => {
  test('recorded through a wrap()ped client, then replayed with the server gone', async () => {
    const store = memoryStore()
    const session = () =>
      new RecordingSession({
        file: '/rec/billing.json',
        displayFile: 'billing.json',
        test: 'billing',
        mode: 'new',
        command: 'vitest run',
        store,
      })
    const openai = () =>
      new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake-agents', maxRetries: 0 })
    const recording = session()
    const recorded = await runScenario(billingScenario(), {
      model: triageAgent(wrap(openai(), recording)),
    })
    await recording.finish(false)
    expect(recorded.status, recorded.error?.message).toBe('completed')
    const requests = server.requests.length
    expect(requests).toBe(4)

    server.setDefaultReply({ status: 500, message: 'the server is gone' })
    const replaying = session()
    const replayed = await runScenario(billingScenario(), {
      model: triageAgent(wrap(openai(), replaying)),
    })
    await replaying.finish(true)
    expect(server.requests.length).toBe(requests)
    expect(replayed.status, replayed.error?.message).toBe('completed')
    expect(replayed.history.map((turn) => turn.agent)).toEqual(['Billing', 'Billing'])
    expect(replayed.history[0]?.toolCalls).toEqual(recorded.history[0]?.toolCalls)
    expect(replayed.history[0]?.usage).toMatchObject({
      answering: { input: 120, output: 24, cached: 30, cacheWrite: 0 },
      replayed: true,
    })

    // A changed question in replay mode: the SDK's call misses, the turn is a recording error.
    const missing = new RecordingSession({
      file: '/rec/billing.json',
      displayFile: 'billing.json',
      test: 'billing',
      mode: 'replay',
      command: 'vitest run',
      store,
    })
    const changed = new Scenario('billing')
      .addNode('charge', { question: 'I was charged three times for invoice 1042.' })
      .setEntry('charge')
      .validate()
    const missed = await runScenario(changed, { model: triageAgent(wrap(openai(), missing)) })
    expect(missed.status).toBe('error')
    expect(missed.error?.category).toBe('recording')
    expect(missed.error?.cause).toMatchObject({ code: 'recording_missing' })
    expect(server.requests.length).toBe(requests)
  })
})

describe('openAIAgent: a Responses answer with no output', () => {
  test('`output: []` stops at the first call: the turn is a bad_response, nothing recorded', async () => {
    server.setDefaultReply({
      raw: {
        status: 200,
        body: {
          id: 'resp_empty',
          object: 'response',
          created_at: 1_700_000_000,
          status: 'completed',
          model: 'triage-model',
          output: [],
          usage: { input_tokens: 10, output_tokens: 0, total_tokens: 10 },
        },
      },
    })
    const store = memoryStore()
    const recording = new RecordingSession({
      file: '/rec/empty-output.json',
      displayFile: 'empty-output.json',
      test: 'empty output',
      mode: 'new',
      command: 'vitest run',
      store,
    })
    const openai = new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake-agents' })
    const agent = openAIAgent(billingAgents().triage, {
      runConfig: { modelProvider: new OpenAIProvider({ openAIClient: wrap(openai, recording) }) },
    })
    const result = await runScenario(oneQuestion('I was charged twice.'), { model: agent })
    // The SDK asks again for the answer it did not get: that call fails with the refusal (the
    // client's retries too), so no second request reaches the server.
    expect(server.requests).toHaveLength(1)
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({ category: 'bad_response', stage: 'answer' })
    expect(result.error?.cause).toMatchObject({
      code: 'bad_response',
      jsonPath: 'response.body.output',
    })
    expect(recording.failures).toEqual([result.error?.cause])
    expect(await recording.finish(true)).toMatchObject({ recorded: 0, written: false })
    expect(store.files.size).toBe(0)
  })
})

describe('openAIAgent: what a turn cannot take', () => {
  test('a tool that needs approval stops the run: an agent error saying so', async () => {
    server.setDefaultReply({
      toolCalls: [{ id: 'call_refund', name: 'refund', arguments: { amount: 120 } }],
    })
    const agent = new Agent({
      name: 'Cautious',
      model: 'cautious-model',
      tools: [
        tool({
          name: 'refund',
          description: 'Refunds an amount.',
          parameters: z.object({ amount: z.number() }),
          needsApproval: true,
          execute: () => 'refunded',
        }),
      ],
    })
    const result = await runScenario(oneQuestion('Refund me.'), {
      model: openAIAgent(agent, { runConfig: { modelProvider: chatProvider(server.baseURL) } }),
    })
    expect(result.status).toBe('error')
    expect(result.error?.category).toBe('agent')
    expect(result.error?.message).toContain(
      "The agent 'Cautious' stopped for approval of a tool call (needsApproval)",
    )
    expect(result.error?.message).toContain('tool call: refund')
  })

  test('the turn timeout aborts the run: the request is cancelled, the turn a timeout', async () => {
    server.setDefaultReply({ hang: true })
    const result = await runScenario(oneQuestion('Hello?'), {
      model: triageAgent(),
      turnTimeoutMs: 200,
    })
    expect(result.status).toBe('error')
    expect(result.error?.category).toBe('timeout')
    await expect.poll(() => server.requests[0]?.outcome).toBe('aborted')
  })

  test('an SDK failure (the model call fails) ends the turn as an error with its message', async () => {
    server.setDefaultReply({ status: 400, message: 'model not found' })
    const result = await runScenario(oneQuestion('Hello?'), { model: triageAgent() })
    expect(result.status).toBe('error')
    expect(result.error?.message).toContain('model not found')
  })

  test('openAIAgent rejects what is not an agent, unknown options and a bad maxTurns', () => {
    expect(() => openAIAgent({} as Agent)).toThrow(
      '[vitest-scenario] openAIAgent(agent) needs an Agents SDK Agent, got an object',
    )
    const { triage } = billingAgents()
    expect(() => openAIAgent(triage, { runconfig: {} } as never)).toThrow(
      "Unknown key 'runconfig' in openAIAgent(agent, options)",
    )
    expect(() => openAIAgent(triage, { runConfig: 'fast' as never })).toThrow(
      "openAIAgent(agent, { runConfig }) needs the SDK's run configuration object, got 'fast'",
    )
    expect(() => openAIAgent(triage, { maxTurns: 0 })).toThrow(
      'openAIAgent(agent, { maxTurns }) needs an integer ≥ 1, got 0',
    )
  })
})
