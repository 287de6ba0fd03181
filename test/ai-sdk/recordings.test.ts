import { createOpenAI } from '@ai-sdk/openai'
import { streamText, tool } from 'ai'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { aiSdkAgent, aiSdkModel } from '../../src/ai-sdk/index.js'
import { END, judge, runScenario, Scenario } from '../../src/core.js'
import { recordingFetch } from '../../src/recordings/recording-fetch.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { memoryStore } from '../../src/recordings/store.js'
import { useScriptedServer } from '../models/server-fixture.js'

// The AI SDK's calls recorded and replayed through a recording fetch (what `recordedFetch` is in a
// Vitest test): the agent's turns and the driver's calls replay with the server silent, the turns
// are marked replayed, and a changed request is a `recording` error.

const { server } = useScriptedServer()
const store = memoryStore()
let current: RecordingSession | undefined
const session = (name: string, mode: 'new' | 'replay') => {
  current = new RecordingSession({
    file: `/memory/__recordings__/ai-sdk.test.ts/${name}.json`,
    displayFile: `ai-sdk.test.ts/${name}.json`,
    test: name,
    mode,
    command: 'npx vitest run ai-sdk.test.ts -u',
    store,
  })
  return current
}
const provider = () =>
  createOpenAI({
    baseURL: server().baseURL,
    apiKey: 'test-key-fake',
    fetch: recordingFetch({
      recording: () => current,
      baseURL: () => server().baseURL,
      live: (input, init) => fetch(input, init),
    }),
  })

const oneTurn = () =>
  new Scenario('one')
    .addNode('ask', { question: 'Where is order 1042?' })
    .setEntry('ask')
    .validate()

const lookUpOrder = tool({
  description: 'Finds an order by its number',
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }) => ({ id, status: 'delayed' }),
})

const support = (question = 'Where is order 1042?') =>
  new Scenario('support')
    .addNode('ask', { question })
    .addNode('thanks', { question: 'Thanks!' })
    .addEdge('ask', 'thanks')
    .addEdge('thanks', END)
    .setEntry('ask')

describe('aiSdkAgent under recordings', () => {
  test('records the tool loop, then replays it with the server silent: same turns, marked replayed', async () => {
    server().reply(
      {
        toolCalls: [{ id: 'call_1', name: 'lookUpOrder', arguments: { id: '1042' } }],
        usage: { promptTokens: 40, completionTokens: 8 },
      },
      { content: 'It is delayed.', usage: { promptTokens: 60, completionTokens: 4 } },
      { content: 'You are welcome.', usage: { promptTokens: 70, completionTokens: 3 } },
    )
    const agent = () => aiSdkAgent({ model: provider().chat('agent'), tools: { lookUpOrder } })
    const recording = session('agent', 'new')
    const live = await runScenario(support().validate(), { model: agent(), recording })
    expect(live.status, JSON.stringify(live.error)).toBe('completed')
    expect(await recording.finish(false)).toMatchObject({ recorded: 3, written: true })
    server().reset()

    const replaying = session('agent', 'replay')
    const replayed = await runScenario(support().validate(), {
      model: agent(),
      recording: replaying,
    })
    expect(server().requests).toHaveLength(0)
    expect(replayed.status, JSON.stringify(replayed.error)).toBe('completed')
    expect(replayed.history.map((t) => t.rawResponse)).toEqual([
      'It is delayed.',
      'You are welcome.',
    ])
    expect(replayed.history.map((t) => t.toolCalls)).toEqual(live.history.map((t) => t.toolCalls))
    expect(replayed.history[0]?.usage).toMatchObject({
      replayed: true,
      answering: { input: 100, output: 12, cached: 0, cacheWrite: 0 },
    })
    expect(replayed.history[0]?.recordedDurationMs).toBeGreaterThanOrEqual(0)
  })

  test('a changed question misses: the turn is a recording error, not an agent error', async () => {
    const agent = aiSdkAgent({ model: provider().chat('agent'), tools: { lookUpOrder } })
    const replaying = session('agent', 'replay')
    const result = await runScenario(support('Where is order 1043?').validate(), {
      model: agent,
      recording: replaying,
    })
    expect(server().requests).toHaveLength(0)
    expect(result.error).toMatchObject({ category: 'recording', stage: 'answer', nodeId: 'ask' })
    expect(result.error?.message).toContain('No recording for model call #1 of this test')
  })
})

describe('aiSdkModel under recordings', () => {
  const judged = () =>
    new Scenario('judged')
      .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcome(
        'names a drug',
        judge(['The answer names a drug'], { model: aiSdkModel(provider().chat('judge')) }),
      )
      .validate()

  test('the answering model and the judge replay with the server silent', async () => {
    server().reply(
      { content: 'Venetoclax.', usage: { promptTokens: 20, completionTokens: 3 } },
      {
        json: { criterion_1: { reasoning: 'It names venetoclax.', verdict: 'met' } },
        usage: { promptTokens: 90, completionTokens: 12 },
      },
    )
    const model = () => aiSdkModel(provider().chat('answer'))
    const recording = session('model', 'new')
    const live = await runScenario(judged(), { model: model(), recording })
    expect(live.outcomeResults['names a drug'], JSON.stringify(live.outcomeErrors)).toBe(true)
    await recording.finish(false)
    server().reset()

    const replayed = await runScenario(judged(), {
      model: model(),
      recording: session('model', 'replay'),
    })
    expect(server().requests).toHaveLength(0)
    expect(replayed.outcomeResults['names a drug']).toBe(true)
    expect(replayed.history[0]?.rawResponse).toBe('Venetoclax.')
    expect(replayed.history[0]?.usage).toMatchObject({
      replayed: true,
      answering: { input: 20, output: 3 },
    })
    expect(replayed.history[0]?.recordedDurationMs).toBeGreaterThanOrEqual(0)
  })

  test('a miss stays a recording error: never retried, never classified as a connection failure', async () => {
    const result = await runScenario(
      new Scenario('other')
        .addNode('ask', { question: 'Something else?' })
        .addEdge('ask', END)
        .setEntry('ask')
        .validate(),
      { model: aiSdkModel(provider().chat('answer')), recording: session('model', 'replay') },
    )
    expect(result.error).toMatchObject({ category: 'recording', stage: 'answer' })
    expect(server().requests).toHaveLength(0)
  })
})

describe('a 2xx that is no answer, through the AI SDK', () => {
  const completion = (choices: unknown[]) => ({
    raw: {
      status: 200,
      body: { id: 'chatcmpl-x', object: 'chat.completion', created: 1, model: 'agent', choices },
    },
  })

  /** The session's one failure: the refusal of the answer at `jsonPath`. */
  const refused = (recording: RecordingSession, jsonPath: string) => {
    expect(recording.failures).toHaveLength(1)
    expect(recording.failures[0]).toMatchObject({ code: 'bad_response', jsonPath })
  }

  test('{ "choices": [] } to aiSdkAgent: the SDK fails the turn, the recording refuses it', async () => {
    server().reply(completion([]))
    const recording = session('empty-choices', 'new')
    const result = await runScenario(oneTurn(), {
      model: aiSdkAgent({ model: provider().chat('agent') }),
      recording,
    })
    expect(result.error?.message).toContain('did not contain any choices')
    expect(server().requests).toHaveLength(1)
    refused(recording, 'response.body.choices')
    expect(await recording.finish(false)).toMatchObject({ recorded: 0, written: false })
  })

  test('content: null and no tool calls: the SDK answers "", the recording refuses it', async () => {
    server().reply(
      completion([
        { index: 0, message: { role: 'assistant', content: null }, finish_reason: 'stop' },
      ]),
    )
    const recording = session('null-content', 'new')
    const result = await runScenario(oneTurn(), {
      model: aiSdkAgent({ model: provider().chat('agent') }),
      recording,
    })
    expect(result.history[0]?.rawResponse).toBe('')
    refused(recording, 'response.body.choices.0.message.content')
    expect(await recording.finish(false)).toMatchObject({ recorded: 0, written: false })
  })

  test('a streamed answer with no choices (streamText) is refused once assembled', async () => {
    server().reply({
      raw: {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: 'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"agent","choices":[]}\n\ndata: [DONE]\n\n',
      },
    })
    const recording = session('stream-no-choices', 'new')
    const streamed = streamText({ model: provider().chat('agent'), prompt: 'Where is order 1042?' })
    expect(await streamed.text).toBe('')
    await recording.finish(false)
    refused(recording, 'response.stream')
  })
})
