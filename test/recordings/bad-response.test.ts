import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { RecordingBadResponseError } from '../../src/errors/index.js'
import { recordingFetch } from '../../src/recordings/recording-fetch.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { type MemoryStore, memoryStore } from '../../src/recordings/store.js'
import { wrap } from '../../src/recordings/wrap.js'
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server/index.js'
import {
  type RawReply,
  type ScriptedServer,
  startOpenAIServer,
} from '../support/openai-server/index.js'

// A 2xx that is no usable answer for its protocol is never recorded, whoever made the call: a
// wrap()ped client (plain and streamed) and a recording fetch (what `recordedFetch` is in a test)
// get the response as it came, and the recording refuses it with `bad_response`, naming the file
// and the JSON path; a repeat of the refused call fails the same way without going live.

const KEY = 'test-key-fake-bad-response'
const FILE = '/rec/bad-response.json'
const DISPLAY = '__recordings__/bad-response.json'

let openaiServer: ScriptedServer
let anthropicServer: AnthropicServer
let store: MemoryStore
let session: RecordingSession

beforeAll(async () => {
  openaiServer = await startOpenAIServer({ created: 1_700_000_000 })
  anthropicServer = await startAnthropicServer()
})
afterAll(async () => {
  await openaiServer.close()
  await anthropicServer.close()
})
beforeEach(() => {
  openaiServer.reset()
  anthropicServer.reset()
  store = memoryStore()
  session = new RecordingSession({
    file: FILE,
    displayFile: DISPLAY,
    test: 'bad response',
    mode: 'new',
    command: 'npx vitest run bad-response.test.ts',
    store,
  })
})

const client = () =>
  wrap(new OpenAI({ baseURL: openaiServer.baseURL, apiKey: KEY, maxRetries: 0 }), session)

/** A recording fetch on `baseURL`, as `recordedFetch` is for the running test. */
const recorded = (baseURL: string) =>
  recordingFetch({
    recording: session,
    baseURL: () => baseURL,
    live: (input, init) => fetch(input, init),
  })

const json = (body: unknown): RawReply => ({ raw: { status: 200, body } })
const sse = (events: readonly unknown[]): RawReply => ({
  raw: {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    body: `${events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join('')}`,
  },
})

const chat = { model: 'test-model', messages: [{ role: 'user' as const, content: 'Hi' }] }
const completion = (message: Record<string, unknown>) => ({
  id: 'chatcmpl-bad',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
})

/** The one failure the session kept, checked to be the `bad_response` refusal at `jsonPath`. */
function refusal(jsonPath: string): RecordingBadResponseError {
  expect(session.failures).toHaveLength(1)
  const error = session.failures[0] as RecordingBadResponseError
  expect(error).toBeInstanceOf(RecordingBadResponseError)
  expect(error).toMatchObject({ code: 'bad_response', file: FILE, jsonPath })
  expect(error.message).toContain(`recording: ${DISPLAY}`)
  expect(error.message).toContain(`path: ${jsonPath}`)
  return error
}

/** Finishes the session: nothing was recorded, so no file is written. */
async function nothingWritten(): Promise<void> {
  const summary = await session.finish(false)
  expect(summary).toMatchObject({ recorded: 0, written: false })
  expect(store.files.size).toBe(0)
}

describe('a wrap()ped client', () => {
  test('{ "choices": [] } reaches the caller, and the recording refuses it', async () => {
    openaiServer.reply(json({ ...completion({ content: 'x' }), choices: [] }))
    const answer = await client().chat.completions.create(chat)
    expect(answer.choices).toEqual([])
    expect(refusal('response.body.choices').message).toContain('the `choices` list is empty')
    await nothingWritten()
  })

  test('content: null with no tool calls is refused', async () => {
    openaiServer.reply(json(completion({ content: null })))
    const answer = await client().chat.completions.create(chat)
    expect(answer.choices[0]?.message.content).toBeNull()
    refusal('response.body.choices.0.message.content')
    await nothingWritten()
  })

  test('a stream with no content and no tool calls is refused once assembled', async () => {
    openaiServer.reply(
      sse([
        { id: 'c', object: 'chat.completion.chunk', choices: [] },
        { id: 'c', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 1 } },
        '[DONE]',
      ]),
    )
    const stream = await client().chat.completions.create({ ...chat, stream: true })
    const chunks: unknown[] = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks).toHaveLength(2)
    await session.finish(false)
    refusal('response.stream')
    expect(store.files.size).toBe(0)
  })

  test('a streamed answer with content is recorded', async () => {
    openaiServer.reply({ content: 'Venetoclax.' })
    const stream = await client().chat.completions.create({ ...chat, stream: true })
    for await (const _ of stream) {
      // Read to the end.
    }
    expect(await session.finish(false)).toMatchObject({ recorded: 1, written: true })
    expect(session.failures).toEqual([])
  })

  test('asking again for a refused answer fails with the refusal, without going live', async () => {
    openaiServer.reply(json({ ...completion({ content: 'x' }), choices: [] }))
    await client().chat.completions.create(chat)
    const error = refusal('response.body.choices')
    const again = await client()
      .chat.completions.create(chat)
      .catch((thrown: unknown) => thrown)
    expect((again as { cause?: unknown }).cause).toBe(error)
    expect(openaiServer.requests).toHaveLength(1)
    expect(session.failures).toEqual([error])
  })
})

describe('a recording fetch (recordedFetch)', () => {
  const post = (baseURL: string, path: string, body: unknown) =>
    recorded(baseURL)(`${baseURL}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${KEY}`,
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify(body),
    })

  test('a Responses `output: []` is refused', async () => {
    openaiServer.reply(json({ id: 'resp_1', object: 'response', status: 'completed', output: [] }))
    const response = await post(openaiServer.baseURL, '/responses', { model: 'm', input: 'Hi' })
    expect(await response.json()).toMatchObject({ output: [] })
    expect(refusal('response.body.output').message).toContain('the `output` list is empty')
    await nothingWritten()
  })

  test('an Anthropic `content: []` is refused', async () => {
    anthropicServer.reply({
      raw: {
        status: 200,
        body: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          content: [],
          stop_reason: 'end_turn',
        },
      },
    })
    const response = await post(anthropicServer.url, '/v1/messages', {
      model: 'claude',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(response.status).toBe(200)
    expect(refusal('response.body.content').message).toContain('the `content` list is empty')
    await nothingWritten()
  })

  test('an Anthropic stream with no content block is refused', async () => {
    anthropicServer.reply({
      raw: {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: [
          'event: message_start',
          'data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[]}}',
          '',
          'event: message_stop',
          'data: {"type":"message_stop"}',
          '',
          '',
        ].join('\n'),
      },
    })
    const response = await post(anthropicServer.url, '/v1/messages', {
      model: 'claude',
      max_tokens: 10,
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    })
    await response.text()
    await session.finish(false)
    refusal('response.stream')
  })

  test.each([
    ['an HTML page', { 'content-type': 'text/html' }, '<html><body>Sign in</body></html>'],
    ['truncated JSON', { 'content-type': 'application/json' }, '{"choices": ['],
  ])('%s is refused', async (_, headers, body) => {
    openaiServer.reply({ raw: { status: 200, headers, body } })
    const response = await post(openaiServer.baseURL, '/chat/completions', chat)
    expect(await response.text()).toBe(body)
    expect(refusal('response.text').message).toContain('the body is not JSON')
    await nothingWritten()
  })

  test('an answer of an API the library does not know is recorded as it is', async () => {
    openaiServer.reply(json({ data: [] }))
    await post(openaiServer.baseURL, '/embeddings', { model: 'm', input: 'Hi' })
    expect(await session.finish(false)).toMatchObject({ recorded: 1, written: true })
    expect(session.failures).toEqual([])
  })
})
