import OpenAI from 'openai'
import { describe, expect, onTestFinished, test } from 'vitest'
import { z } from 'zod'
import {
  defineTemplate,
  END,
  exactMatch,
  judge,
  llmTrait,
  runScenario,
  Scenario,
  simulatedUser,
  tool,
} from '../../src/core.js'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { type MemoryStore, memoryStore } from '../../src/recordings/store.js'
import {
  type ReceivedRequest,
  type ScriptedReply,
  type ScriptedServer,
  startOpenAIServer,
} from '../support/openai-server/index.js'

const FAKE_KEY = 'test-key-fake-responses-0123456789'

/** Starts a server for the current test; closed when the test finishes (or earlier, by the test). */
async function serverForTest(): Promise<ScriptedServer> {
  const server = await startOpenAIServer({ apiKey: FAKE_KEY })
  onTestFinished(() => server.close())
  return server
}

/** A Responses API model config pointed at the server. */
const responsesModel = (server: ScriptedServer, model = 'answer-model') =>
  ({ model, baseURL: server.baseURL, apiKey: FAKE_KEY, api: 'responses' }) as const

/** A request's JSON body. */
const bodyOf = (request: ReceivedRequest | undefined): Record<string, unknown> => {
  const body = request?.body
  if (typeof body !== 'object' || body === null) throw new Error('no JSON request body')
  return body as Record<string, unknown>
}

/** The structured-output name a request asks for (`text.format.name`), if any. */
const formatName = (request: ReceivedRequest): unknown =>
  (bodyOf(request).text as { format?: { name?: unknown } } | undefined)?.format?.name

const weatherTool = tool({
  description: 'The weather in a city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: city === 'Paris' ? 'sunny' : 'rainy' }),
})

const template = defineTemplate({
  schema: z.object({ paris: z.string() }),
  groundTruth: { paris: 'sunny' },
  verify: { paris: exactMatch() },
})

/** A two-turn scenario that uses every kind of library call: tools, a template, a rubric, a simulated user, a judge. */
const everything = (question = 'What is the weather in Paris and Rome?') =>
  new Scenario('responses-everything')
    .addNode('ask', {
      question: {
        question,
        template,
        rubric: { traits: [llmTrait('polite', { description: 'Polite?', kind: 'boolean' })] },
      },
    })
    .addNode('follow', {
      question: simulatedUser({ persona: 'A traveller', goal: 'Know what to pack' }),
    })
    .addEdge('ask', 'follow')
    .addEdge('follow', END)
    .setEntry('ask')
    .addOutcome('helpful', judge(['The assistant gave the weather for both cities']))
    .validate()

/**
 * Answers each library call by what it is (its structured-output name), so the script does not
 * depend on the order of the parsing and judging calls: the answering side calls two tools in one
 * round, one more in a second round, then answers.
 */
function scriptEverything(server: ScriptedServer): void {
  let answering = 0
  server.setDefaultReply((request): ScriptedReply => {
    switch (formatName(request)) {
      case 'answer':
        return { json: { paris: 'sunny' }, usage: { promptTokens: 30, completionTokens: 5 } }
      case 'rubric':
        return { json: { polite: true }, usage: { promptTokens: 20, completionTokens: 3 } }
      case 'simulated_user':
        return {
          json: { message: 'Thanks! Do I need an umbrella in Rome?', goalReached: true },
          usage: { promptTokens: 25, completionTokens: 8 },
        }
      case 'judgement':
        return {
          json: { criterion_1: { reasoning: 'Turn 1 gives both.', verdict: 'met' } },
          usage: { promptTokens: 50, completionTokens: 10 },
        }
    }
    answering += 1
    const usage = { promptTokens: 100, completionTokens: 10, cachedTokens: 40 }
    switch (answering) {
      case 1:
        return {
          toolCalls: [
            { name: 'weather', arguments: { city: 'Paris' }, id: 'call_paris' },
            { name: 'weather', arguments: { city: 'Rome' }, id: 'call_rome' },
          ],
          usage,
        }
      case 2:
        return {
          toolCalls: [{ name: 'weather', arguments: { city: 'Paris' }, id: 'call_again' }],
          usage,
        }
      case 3:
        return { content: 'Paris is sunny; Rome is rainy.', usage }
      default:
        return { content: 'Yes, take an umbrella to Rome.', usage }
    }
  })
}

/** Runs the scenario with every model on the Responses API, optionally through a recording. */
function runEverything(server: ScriptedServer, recording?: RecordingSession, question?: string) {
  return runScenario(everything(question), {
    model: responsesModel(server),
    parsingModel: responsesModel(server, 'judge-model'),
    userModel: responsesModel(server, 'user-model'),
    tools: { weather: weatherTool },
    recording,
  })
}

const session = (store: MemoryStore, mode: 'all' | 'replay') =>
  new RecordingSession({
    file: '/recordings/responses.json',
    displayFile: 'responses.json',
    test: 'responses everything',
    mode,
    command: 'npx vitest run -u',
    store,
  })

describe("api: 'responses'", () => {
  test('every library call goes to /responses: tool rounds, template, rubric, simulated user, judge', async () => {
    const server = await serverForTest()
    scriptEverything(server)
    const result = await runEverything(server)
    expect(result.status).toBe('completed')
    expect(result.error).toBeUndefined()
    expect(server.requests.every((request) => request.path === '/v1/responses')).toBe(true)

    const [first, second] = result.history
    expect(first).toMatchObject({
      rawResponse: 'Paris is sunny; Rome is rainy.',
      verifyResult: true,
      parsedFields: { paris: 'sunny' },
      rubric: { polite: true },
      toolNames: ['weather', 'weather', 'weather'],
    })
    expect(first?.toolCalls.map((call) => [call.arguments, call.result])).toEqual([
      [{ city: 'Paris' }, { city: 'Paris', sky: 'sunny' }],
      [{ city: 'Rome' }, { city: 'Rome', sky: 'rainy' }],
      [{ city: 'Paris' }, { city: 'Paris', sky: 'sunny' }],
    ])
    // Three answering calls (cached tokens read from input_tokens_details), two judging calls.
    expect(first?.usage).toMatchObject({
      answering: { input: 300, output: 30, cached: 120, cacheWrite: 0 },
      judging: { input: 50, output: 8 },
    })
    expect(second).toMatchObject({
      questionText: 'Thanks! Do I need an umbrella in Rome?',
      rawResponse: 'Yes, take an umbrella to Rome.',
      user: { goalReached: true },
    })
    expect(result.usage.simulating).toMatchObject({ input: 25, output: 8 })
    expect(result.outcomeResults.helpful).toBe(true)
    expect(result.judgements.helpful?.verdict).toBe('pass')

    // The third answering call carries the whole conversation: tool calls as function_call
    // items, their results as function_call_output items, and the tools flat.
    const answeringCalls = server.requests.filter((request) => formatName(request) === undefined)
    expect(answeringCalls).toHaveLength(4)
    const third = bodyOf(answeringCalls[2])
    expect(third).toMatchObject({
      model: 'answer-model',
      input: [
        { role: 'user', content: 'What is the weather in Paris and Rome?' },
        {
          type: 'function_call',
          call_id: 'call_paris',
          name: 'weather',
          arguments: '{"city":"Paris"}',
        },
        {
          type: 'function_call',
          call_id: 'call_rome',
          name: 'weather',
          arguments: '{"city":"Rome"}',
        },
        {
          type: 'function_call_output',
          call_id: 'call_paris',
          output: '{"city":"Paris","sky":"sunny"}',
        },
        {
          type: 'function_call_output',
          call_id: 'call_rome',
          output: '{"city":"Rome","sky":"rainy"}',
        },
        { type: 'function_call', call_id: 'call_again', name: 'weather' },
        { type: 'function_call_output', call_id: 'call_again' },
      ],
      tools: [
        {
          type: 'function',
          name: 'weather',
          description: 'The weather in a city.',
          strict: true,
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
    })
    expect(third).not.toHaveProperty('messages')
    expect(third).not.toHaveProperty('max_tokens')
    // Structured outputs: text.format, converted from the library's response_format.
    const parsing = server.requests.find((request) => formatName(request) === 'answer')
    expect(bodyOf(parsing)).toMatchObject({
      model: 'judge-model',
      instructions: expect.any(String),
      input: [{ role: 'user', content: expect.stringContaining('Paris is sunny; Rome is rainy.') }],
      text: {
        format: {
          type: 'json_schema',
          name: 'answer',
          strict: true,
          schema: { type: 'object', properties: { paris: { type: 'string' } } },
        },
      },
    })
    expect(bodyOf(parsing)).not.toHaveProperty('response_format')
    // The second turn's answering call: earlier turns as message items.
    expect(bodyOf(answeringCalls[3]).input).toEqual(
      expect.arrayContaining([
        { role: 'assistant', content: 'Paris is sunny; Rome is rainy.' },
        { role: 'user', content: 'Thanks! Do I need an umbrella in Rome?' },
      ]),
    )
  })

  test('system prompt, temperature and maxTokens become instructions, temperature and max_output_tokens', async () => {
    const server = await serverForTest()
    server.reply({ content: 'Hi.' })
    const definition = new Scenario('one').addNode('ask', { question: 'Hello?' }).setEntry('ask')
    const result = await runScenario(definition.validate(), {
      model: { ...responsesModel(server), temperature: 0, maxTokens: 40 },
      systemPrompt: 'Be brief.',
    })
    expect(result.history[0]?.rawResponse).toBe('Hi.')
    expect(bodyOf(server.requests[0])).toEqual({
      model: 'answer-model',
      instructions: 'Be brief.',
      input: [{ role: 'user', content: 'Hello?' }],
      temperature: 0,
      max_output_tokens: 40,
    })
  })

  test('the default is chat: the same config without api calls /chat/completions', async () => {
    const server = await serverForTest()
    server.reply({ content: 'Hi.' })
    const definition = new Scenario('one').addNode('ask', { question: 'Hello?' }).setEntry('ask')
    const { api: _api, ...chat } = responsesModel(server)
    const result = await runScenario(definition.validate(), { model: chat })
    expect(result.history[0]?.rawResponse).toBe('Hi.')
    expect(server.requests[0]?.path).toBe('/v1/chat/completions')
  })

  test('recorded, then replayed with the server stopped; a changed request is a miss; no key on disk', async () => {
    const server = await serverForTest()
    scriptEverything(server)
    const store = memoryStore()
    const recording = session(store, 'all')
    const live = await runEverything(server, recording)
    expect(live.status).toBe('completed')
    expect((await recording.finish(false)).written).toBeTruthy()
    const text = store.files.get('/recordings/responses.json') ?? ''
    expect(text).not.toContain(FAKE_KEY)
    const file = parseRecording(text, 'responses.json')
    expect(file.interactions).toHaveLength(server.requests.length)
    expect(new Set(file.interactions.map((i) => i.request.path))).toEqual(new Set(['/responses']))
    const liveCalls = server.requests.length
    await server.close()

    const replaying = session(store, 'replay')
    const replayed = await runEverything(server, replaying)
    expect(replayed.status).toBe('completed')
    expect(replayed.history.map((turn) => turn.rawResponse)).toEqual(
      live.history.map((turn) => turn.rawResponse),
    )
    expect(replayed.history.map((turn) => turn.toolNames)).toEqual(
      live.history.map((turn) => turn.toolNames),
    )
    expect(replayed.history[0]?.usage).toMatchObject({
      replayed: true,
      answering: live.history[0]?.usage.answering,
      judging: live.history[0]?.usage.judging,
    })
    expect(replayed.usage.simulating).toEqual(live.usage.simulating)
    expect(replayed.outcomeResults.helpful).toBe(true)
    expect(server.requests).toHaveLength(liveCalls)
    await replaying.finish(false)

    const changed = await runEverything(server, session(store, 'replay'), 'Weather in Oslo?')
    expect(changed.status).toBe('error')
    expect(changed.error?.category).toBe('recording')
    expect(changed.error?.message).toContain('/responses')
    expect(changed.error?.message).toContain('Weather in Oslo?')
  })

  test('a user-supplied openai client calls client.responses.create, and is recorded through it', async () => {
    const server = await serverForTest()
    server.reply({ content: 'From my client.' })
    const client = new OpenAI({ baseURL: server.baseURL, apiKey: FAKE_KEY, maxRetries: 0 })
    const definition = new Scenario('one').addNode('ask', { question: 'Hello?' }).setEntry('ask')
    const store = memoryStore()
    const recording = session(store, 'all')
    const result = await runScenario(definition.validate(), {
      model: { model: 'mine', client, api: 'responses' },
      recording,
    })
    expect(result.history[0]?.rawResponse).toBe('From my client.')
    expect(server.requests[0]?.path).toBe('/v1/responses')
    await recording.finish(false)
    const replayed = await runScenario(definition.validate(), {
      model: { model: 'mine', client, api: 'responses' },
      recording: session(store, 'replay'),
    })
    expect(replayed.history[0]).toMatchObject({
      rawResponse: 'From my client.',
      usage: { replayed: true },
    })
    expect(server.requests).toHaveLength(1)
  })

  test('a stand-in client without responses.create is a clear unexpected error', async () => {
    const client = { chat: { completions: { create: async () => ({}) } } }
    const definition = new Scenario('one').addNode('ask', { question: 'Hello?' }).setEntry('ask')
    const result = await runScenario(definition.validate(), {
      model: { model: 'mine', client, api: 'responses' },
    })
    expect(result.error).toMatchObject({ category: 'unexpected', stage: 'answer' })
    expect(result.error?.message).toContain(
      "the model's client has no responses.create, which api: 'responses' calls",
    )
    expect(result.error?.message).toContain('leave `api` out to call Chat Completions')
  })
})

describe("api: 'responses' — bad answers and retries", () => {
  const single = () =>
    new Scenario('one').addNode('ask', { question: 'Hello?' }).setEntry('ask').validate()

  test.each([
    [
      'an HTML page',
      {
        raw: { body: '<html><body>Login</body></html>', headers: { 'content-type': 'text/html' } },
      },
      'the server answered with text, not a JSON response',
    ],
    [
      'an error body',
      { raw: { body: { error: { message: 'quota exceeded' } } } },
      'the server answered 2xx with an error body: "quota exceeded"',
    ],
    [
      'a failed response',
      {
        raw: {
          body: {
            object: 'response',
            status: 'failed',
            error: { code: 'server_error', message: 'boom' },
            output: [],
          },
        },
      },
      'the response failed (status \'failed\'): "boom"',
    ],
    [
      'an incomplete response',
      { content: 'Hel', finishReason: 'length' },
      "the response is incomplete (status 'incomplete', reason 'max_output_tokens')",
    ],
    [
      'no output list',
      { raw: { body: { object: 'response', status: 'completed' } } },
      'the body has no `output` list',
    ],
    [
      'no text and no function calls',
      {
        raw: {
          body: {
            object: 'response',
            status: 'completed',
            output: [{ type: 'reasoning', id: 'rs_1', summary: [] }],
          },
        },
      },
      'the response has no output text and no function calls',
    ],
    [
      'a refusal',
      { refusal: 'I will not.' },
      'the response has no output text and no function calls: the model refused: "I will not."',
    ],
    [
      'a function call without a name',
      {
        raw: {
          body: {
            object: 'response',
            status: 'completed',
            output: [{ type: 'function_call', call_id: 'c', arguments: '{}' }],
          },
        },
      },
      'a `function_call` item is not { call_id, name, arguments } with string values',
    ],
  ] as const)(
    '%s is a bad_response naming the problem, never retried',
    async (_, reply, problem) => {
      const server = await serverForTest()
      server.reply(reply as ScriptedReply, { content: 'never asked' })
      const result = await runScenario(single(), { model: responsesModel(server) })
      expect(result.error).toMatchObject({ category: 'bad_response', stage: 'answer' })
      expect(result.error?.message).toContain(problem)
      expect(server.requests).toHaveLength(1)
    },
  )

  test('a bad answer is never recorded', async () => {
    const server = await serverForTest()
    server.reply({ raw: { body: { object: 'response', status: 'completed', output: [] } } })
    const store = memoryStore()
    const recording = session(store, 'all')
    const result = await runScenario(single(), { model: responsesModel(server), recording })
    expect(result.error?.category).toBe('bad_response')
    await recording.finish(true)
    expect(store.files.get('/recordings/responses.json') ?? '').not.toContain('"output"')
  })

  test('a 429 with retry-after is retried after that wait, then succeeds; a 503 that persists is server_error', async () => {
    const server = await serverForTest()
    server.reply({ status: 429, retryAfter: 0.05 }, { content: 'ok' })
    const result = await runScenario(single(), { model: responsesModel(server) })
    expect(result.status).toBe('completed')
    expect(server.requests).toHaveLength(2)
    const gap = (server.requests[1]?.sinceStartMs ?? 0) - (server.requests[0]?.sinceStartMs ?? 0)
    expect(gap).toBeGreaterThanOrEqual(45)
    server.reset()
    server.setDefaultReply({ status: 503, retryAfterMs: 1 })
    const failed = await runScenario(single(), { model: responsesModel(server) })
    expect(failed.error).toMatchObject({ category: 'server_error', stage: 'answer' })
    expect(server.requests).toHaveLength(3)
  })

  test('a 401 (wrong key) is final and unexpected', async () => {
    const server = await serverForTest()
    const result = await runScenario(single(), {
      model: { ...responsesModel(server), apiKey: 'test-key-wrong' },
    })
    expect(result.error?.category).toBe('unexpected')
    expect(server.requests).toHaveLength(1)
  })
})
