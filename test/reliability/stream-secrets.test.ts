import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { RecordingSecretError } from '../../src/errors/index.js'
import { recordingFetch } from '../../src/recordings/recording-fetch.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { wrap } from '../../src/recordings/wrap.js'
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server/index.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { resultsDir } from '../support/paths.js'

// The promise: the scan sees a streamed answer whole. A key the model streams in pieces
// (`sk-canary-RE`, `L3-012345678`, `9abcdefghij`) is in no single event, yet the recording
// that would hold those events is refused like any other, naming the stream part, never the key.
// Real SDK clients stream from the loopback servers through `wrap()` and the recording `fetch`.
const SK = 'sk-canary-REL3-0123456789abcdefghij'
// A key-shaped fake API key: the live-key rule finds it when the model streams it back.
const LIVE_KEY = 'lk-fake-7c2e9a4f1b8d6035e0a3c6f9'
// Pieces of 12 characters: the `sk-` rule needs 20 key characters after `sk-`, so no piece is a key.
const CHUNK = 12

let openaiServer: ScriptedServer
let anthropicServer: AnthropicServer
const runDir = join(resultsDir, 'stream-secrets', String(process.pid))
let folder: string

beforeAll(async () => {
  openaiServer = await startOpenAIServer({ created: 1_700_000_000 })
  anthropicServer = await startAnthropicServer()
})
afterAll(async () => {
  await openaiServer.close()
  await anthropicServer.close()
  rmSync(runDir, { recursive: true, force: true })
})
beforeEach(() => {
  openaiServer.reset()
  mkdirSync(runDir, { recursive: true })
  folder = mkdtempSync(join(runDir, 'case-'))
})

/** A session that records (`new`) into this case's folder. */
function session(options: { allowSecrets?: string[] } = {}) {
  const file = join(folder, 'streams.json')
  const recording = new RecordingSession({
    file,
    displayFile: 'test/__recordings__/streams.json',
    test: 'streams > a key in pieces',
    mode: 'new',
    command: 'npx vitest run -u',
    ...options,
  })
  return { recording, file }
}

/** The error `finish` refuses the recording with; no file was written. */
async function refused(recording: RecordingSession, file: string): Promise<RecordingSecretError> {
  const error = await recording.finish(false).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RecordingSecretError)
  expect(existsSync(file)).toBe(false)
  const refusal = error as RecordingSecretError
  const shown = [refusal.message, refusal.jsonPath, refusal.pattern, refusal.stack ?? ''].join('\n')
  for (const leak of [SK, LIVE_KEY, SK.slice(0, 12), SK.slice(-12), LIVE_KEY.slice(-12)]) {
    expect(shown.includes(leak), `${leak} shown`).toBe(false)
  }
  expect(refusal.message).toContain(`path: ${refusal.jsonPath}`)
  expect(refusal.message).toContain('file: test/__recordings__/streams.json')
  return refusal
}

/** A wrapped `openai` client of the scripted server, sending `apiKey`. */
function openai(recording: RecordingSession, apiKey = 'test-key-fake-stream'): OpenAI {
  return wrap(new OpenAI({ baseURL: openaiServer.baseURL, apiKey, maxRetries: 0 }), recording)
}

describe('Chat Completions, streamed through wrap()', () => {
  test('a key split across content deltas is refused at [choice 0].content', async () => {
    openaiServer.reply({ content: `Your key is ${SK}, keep it.`, chunkSize: CHUNK })
    const { recording, file } = session()
    const stream = await openai(recording).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Which key?' }],
      stream: true,
    })
    const pieces: string[] = []
    for await (const chunk of stream) pieces.push(chunk.choices[0]?.delta.content ?? '')
    // The caller got its stream; no single piece holds the key.
    expect(pieces.join('')).toContain(SK)
    expect(pieces.some((piece) => piece.includes(SK))).toBe(false)
    const error = await refused(recording, file)
    expect(error.jsonPath).toBe('interactions.0.response.stream[choice 0].content')
    expect(error.pattern).toBe('sk- key')
  })

  test("the live key split across a tool call's argument deltas is refused at its tool call", async () => {
    openaiServer.reply({
      toolCalls: [
        { name: 'lookUp', arguments: { q: 'x' }, id: 'call_1' },
        { name: 'login', arguments: { key: LIVE_KEY }, id: 'call_2' },
      ],
      chunkSize: 5,
    })
    const { recording, file } = session()
    const stream = await openai(recording, LIVE_KEY).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Log in.' }],
      stream: true,
    })
    for await (const _ of stream) {
      // Read to the end, as an agent does.
    }
    const error = await refused(recording, file)
    expect(error.jsonPath).toBe('interactions.0.response.stream[choice 0].tool_calls[1].arguments')
    expect(error.pattern).toBe('the live API key')
  })

  test('a stream part listed in allowSecrets is written', async () => {
    openaiServer.reply({ content: `Your key is ${SK}.`, chunkSize: CHUNK })
    const { recording, file } = session({ allowSecrets: ['response.stream[choice 0].content'] })
    const stream = await openai(recording).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Which key?' }],
      stream: true,
    })
    for await (const _ of stream) {
      // Read to the end.
    }
    await expect(recording.finish(false)).resolves.toMatchObject({ written: true })
    expect(existsSync(file)).toBe(true)
  })

  test('an answer with no secret streams and records as before', async () => {
    openaiServer.reply({ content: 'Venetoclax inhibits BCL-2.', chunkSize: 3 })
    const { recording } = session()
    const stream = await openai(recording).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Which drug?' }],
      stream: true,
    })
    for await (const _ of stream) {
      // Read to the end.
    }
    await expect(recording.finish(false)).resolves.toMatchObject({ written: true, recorded: 1 })
  })
})

/** An SSE body of Responses events: `[type, fields]` each. */
function sse(events: [string, Record<string, unknown>][]): string {
  return events
    .map(([type, fields], i) => {
      const data = JSON.stringify({ type, sequence_number: i, ...fields })
      return `event: ${type}\ndata: ${data}\n\n`
    })
    .join('')
}

describe('the Responses API, streamed through wrap()', () => {
  // OpenAI's own stream repeats each whole text in its `.done` events and in
  // `response.completed`, where the scan of each event finds it; a compatible server that sends
  // only the deltas leaves nothing whole but the assembled text.
  const response = { id: 'resp_1', object: 'response', status: 'in_progress', output: [] }
  const piecesOf = (text: string) => text.match(/.{1,12}/g) ?? []

  test('a key split across output_text deltas is refused at its output item', async () => {
    openaiServer.reply({
      raw: {
        headers: { 'content-type': 'text/event-stream' },
        body: sse([
          ['response.created', { response }],
          ...piecesOf(`Your key is ${SK}.`).map((delta): [string, Record<string, unknown>] => [
            'response.output_text.delta',
            { item_id: 'msg_1', output_index: 0, content_index: 0, delta },
          ]),
        ]),
      },
    })
    const { recording, file } = session()
    const stream = await openai(recording).responses.create({
      model: 'test-model',
      input: 'Which key?',
      stream: true,
    })
    let text = ''
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta
    }
    expect(text).toContain(SK)
    const error = await refused(recording, file)
    expect(error.jsonPath).toBe('interactions.0.response.stream[output 0].output_text')
  })

  test('a key split across function call argument deltas is refused at its output item', async () => {
    openaiServer.reply({
      raw: {
        headers: { 'content-type': 'text/event-stream' },
        body: sse([
          ['response.created', { response }],
          ...piecesOf(JSON.stringify({ key: SK })).map(
            (delta): [string, Record<string, unknown>] => [
              'response.function_call_arguments.delta',
              { item_id: 'fc_1', output_index: 1, delta },
            ],
          ),
        ]),
      },
    })
    const { recording, file } = session()
    const stream = await openai(recording).responses.create({
      model: 'test-model',
      input: 'Log in.',
      stream: true,
    })
    for await (const _ of stream) {
      // Read to the end.
    }
    const error = await refused(recording, file)
    expect(error.jsonPath).toBe('interactions.0.response.stream[output 1].function_call_arguments')
  })

  test("OpenAI's own stream (whole texts in its .done events) is refused too", async () => {
    openaiServer.reply({ content: `Your key is ${SK}.`, chunkSize: CHUNK })
    const { recording, file } = session()
    const stream = await openai(recording).responses.create({
      model: 'test-model',
      input: 'Which key?',
      stream: true,
    })
    for await (const _ of stream) {
      // Read to the end.
    }
    const error = await refused(recording, file)
    expect(error.jsonPath).toMatch(/^interactions\.0\.response\.stream/)
  })
})

describe('Anthropic Messages, streamed with messages.stream() through the recording fetch', () => {
  /** A real Anthropic client whose `fetch` records through `recording`. */
  function anthropic(recording: RecordingSession, apiKey = 'test-key-fake-anthropic'): Anthropic {
    return new Anthropic({
      baseURL: anthropicServer.url,
      apiKey,
      maxRetries: 0,
      fetch: recordingFetch({
        recording,
        baseURL: () => `${anthropicServer.url}/v1`,
        live: (input, init) => fetch(input, init),
      }),
    })
  }

  test('a key split across text_delta events is refused at [content block 0].text', async () => {
    anthropicServer.reply({ text: `Your key is ${SK}, keep it.`, chunkSize: CHUNK })
    const { recording, file } = session()
    const stream = anthropic(recording).messages.stream({
      model: 'claude-test',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Which key?' }],
    })
    expect(await stream.finalText()).toContain(SK)
    const error = await refused(recording, file)
    expect(error.jsonPath).toBe('interactions.0.response.stream[content block 0].text')
    expect(error.pattern).toBe('sk- key')
  })

  test('the live key split across input_json_delta events is refused at its content block', async () => {
    anthropicServer.reply({
      text: 'Logging in.',
      toolUses: [{ name: 'login', input: { key: LIVE_KEY }, id: 'toolu_1' }],
      chunkSize: 6,
    })
    const { recording, file } = session()
    const stream = anthropic(recording, LIVE_KEY).messages.stream({
      model: 'claude-test',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Log in.' }],
    })
    await stream.finalMessage()
    const error = await refused(recording, file)
    expect(error.jsonPath).toBe('interactions.0.response.stream[content block 1].partial_json')
    expect(error.pattern).toBe('the live API key')
  })
})
