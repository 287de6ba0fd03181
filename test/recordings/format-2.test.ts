// Recording format 2: a request that extends an earlier one of the same recording is stored as
// `{ extends, append, body?, remove? }`, so a file grows linearly with its conversation. Format 1
// files are still read and replayed, and stay as they are until a call is recorded into them.
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { RecordingError } from '../../src/errors/index.js'
import type { RecordingMode } from '../../src/recordings/mode.js'
import type { RecordedRequest } from '../../src/recordings/normalize-request.js'
import { recordingFetch } from '../../src/recordings/recording-fetch.js'
import {
  parseRecording,
  type RecordedInteraction,
  type RecordingFile,
  serializeRecording,
} from '../../src/recordings/recording-file.js'
import { type Fetch, RecordingSession } from '../../src/recordings/session.js'
import type { Json } from '../../src/recordings/stable-json.js'
import { fileSystemStore, memoryStore, type RecordingStore } from '../../src/recordings/store.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { repoRoot, resultsDir } from '../support/paths.js'

const FILE = 'test/__recordings__/format-2.test.ts/a-conversation-1a2b3c4d.json'
const KEY = 'test-key-fake-format-2'
const folder = join(resultsDir, 'recording-format-2', String(process.pid))

afterAll(() => {
  rmSync(folder, { recursive: true, force: true })
})

type Message = { role: 'user' | 'assistant'; content: string }
const user = (content: string): Message => ({ role: 'user', content })
const assistant = (content: string): Message => ({ role: 'assistant', content })
const chat = (messages: Message[], extra: { [key: string]: Json } = {}): RecordedRequest => ({
  method: 'POST',
  path: '/chat/completions',
  body: { model: 'test-model', temperature: 0, messages, ...extra },
})

function recording(requests: readonly RecordedRequest[], formatVersion = 2): RecordingFile {
  return {
    kind: 'vitest-scenario.recording',
    formatVersion,
    keyVersion: 1,
    test: 'format 2 > a conversation',
    status: 'complete',
    interactions: requests.map(
      (request, i): RecordedInteraction => ({
        request,
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: { choices: [{ message: { role: 'assistant', content: `Answer ${i + 1}` } }] },
        },
        durationMs: 10 + i,
      }),
    ),
  }
}

/** The requests as the file stores them. */
function stored(file: RecordingFile): unknown[] {
  const written = JSON.parse(serializeRecording(file)) as { interactions: { request: unknown }[] }
  return written.interactions.map((i) => i.request)
}

const Q1 = user('Which drug inhibits BCL-2?')
const A1 = assistant('Venetoclax.')
const Q2 = user('Are you sure?')
const A2 = assistant('Yes: venetoclax.')
const Q3 = user('At what dose?')

describe('format 2 on disk', () => {
  test('a conversation is its first request in full, then what each call adds', () => {
    const requests = [chat([Q1]), chat([Q1, A1, Q2]), chat([Q1, A1, Q2, A2, Q3])]
    const file = recording(requests)
    const text = serializeRecording(file)
    expect(JSON.parse(text).formatVersion).toBe(2)
    expect(stored(file)).toEqual([
      {
        body: {
          messages: [{ content: Q1.content, role: 'user' }],
          model: 'test-model',
          temperature: 0,
        },
        method: 'POST',
        path: '/chat/completions',
      },
      { extends: 0, append: [A1, Q2] },
      { extends: 1, append: [A2, Q3] },
    ])
    // The delta's keys in the order the file shows them.
    expect(Object.keys((stored(file)[1] ?? {}) as object)).toEqual(['extends', 'append'])
    const read = parseRecording(text, FILE)
    expect(read.interactions.map((i) => i.request)).toEqual(requests)
    expect(serializeRecording(read)).toBe(text)
  })

  test('a call between the calls of a conversation (a judge) is in full; the conversation goes on from its own last call', () => {
    const judge: RecordedRequest = {
      method: 'POST',
      path: '/chat/completions',
      body: { model: 'judge-model', messages: [user('Grade: Venetoclax.')] },
    }
    const requests = [chat([Q1]), judge, chat([Q1, A1, Q2])]
    expect(stored(recording(requests)).slice(1)).toEqual([
      { body: judge.body, method: 'POST', path: '/chat/completions' },
      { extends: 0, append: [A1, Q2] },
    ])
    expect(
      parseRecording(serializeRecording(recording(requests)), FILE).interactions.map(
        (i) => i.request,
      ),
    ).toEqual(requests)
  })

  test('body keys added or changed go in body, removed ones in remove', () => {
    const requests = [
      chat([Q1], { stop: ['\n'], tool_choice: 'auto' }),
      chat([Q1, A1, Q2], { temperature: 0.5, tool_choice: 'auto', seed: 7 }),
    ]
    expect(stored(recording(requests))[1]).toEqual({
      extends: 0,
      append: [A1, Q2],
      body: { seed: 7, temperature: 0.5 },
      remove: ['stop'],
    })
    const read = parseRecording(serializeRecording(recording(requests)), FILE)
    expect(read.interactions[1]?.request).toEqual(requests[1])
  })

  test('a key set to null is a change, not a removal', () => {
    const requests = [chat([Q1]), chat([Q1, A1, Q2], { tools: null })]
    expect(stored(recording(requests))[1]).toEqual({
      extends: 0,
      append: [A1, Q2],
      body: { tools: null },
    })
  })

  test('the same request again extends the first with nothing appended', () => {
    expect(stored(recording([chat([Q1]), chat([Q1])]))[1]).toEqual({ extends: 0, append: [] })
  })

  test.each([
    [
      'its list does not start with the earlier list (history edited)',
      chat([user('Which drug?'), A1, Q2]),
    ],
    ['another path', { ...chat([Q1, A1, Q2]), path: '/responses' }],
    ['another method', { ...chat([Q1, A1, Q2]), method: 'PUT' }],
    ['a query', { ...chat([Q1, A1, Q2]), query: 'api-version=1' }],
    [
      'its list under another key',
      { method: 'POST', path: '/chat/completions', body: { input: [Q1, A1] } },
    ],
    [
      'a body that is not an object',
      { method: 'POST', path: '/chat/completions', body: 'plain text' },
    ],
    ['a shorter list', chat([])],
  ] satisfies [string, RecordedRequest][])('a request with %s is stored in full', (_, request) => {
    const [, second] = stored(recording([chat([Q1]), request]))
    expect(second).not.toHaveProperty('extends')
    expect(second).toMatchObject({ method: request.method, path: request.path })
  })

  test('the input list of the Responses API and the contents list of Gemini grow the same way', () => {
    const responses = (input: Message[]): RecordedRequest => ({
      method: 'POST',
      path: '/responses',
      body: { model: 'm', input },
    })
    const gemini = (contents: object[]): RecordedRequest => ({
      method: 'POST',
      path: '/models/gemini:generateContent',
      body: { contents } as { [key: string]: Json },
    })
    const parts = (text: string) => ({ role: 'user', parts: [{ text }] })
    expect(stored(recording([responses([Q1]), responses([Q1, A1, Q2])]))[1]).toEqual({
      extends: 0,
      append: [A1, Q2],
    })
    expect(stored(recording([gemini([parts('a')]), gemini([parts('a'), parts('b')])]))[1]).toEqual({
      extends: 0,
      append: [parts('b')],
    })
  })

  test('a conversation resumed after more than 32 other calls starts over in full', () => {
    const others = Array.from(
      { length: 32 },
      (_, i): RecordedRequest => ({
        method: 'POST',
        path: '/embeddings',
        body: { input: `text ${i}` },
      }),
    )
    const near = stored(recording([chat([Q1]), ...others.slice(1), chat([Q1, A1, Q2])]))
    expect(near.at(-1)).toEqual({ extends: 0, append: [A1, Q2] })
    const far = stored(recording([chat([Q1]), ...others, chat([Q1, A1, Q2])]))
    expect(far.at(-1)).toMatchObject({ method: 'POST', path: '/chat/completions' })
  })

  test('formatVersion 1 writes every request in full', () => {
    const requests = [chat([Q1]), chat([Q1, A1, Q2])]
    const text = serializeRecording(recording(requests, 1))
    expect(JSON.parse(text).formatVersion).toBe(1)
    expect(stored(recording(requests, 1))[1]).toMatchObject({
      method: 'POST',
      body: { messages: [Q1, A1, Q2] },
    })
    expect(parseRecording(text, FILE).interactions.map((i) => i.request)).toEqual(requests)
  })

  test('serializeRecording refuses a request given as a delta, and a format it does not write', () => {
    const delta = recording([chat([Q1])])
    ;(delta.interactions as { request: unknown }[]).push({
      ...delta.interactions[0],
      request: { extends: 0, append: [] },
    })
    expect(() => serializeRecording(delta)).toThrow(
      /interactions\.1\.request has "extends": a recording holds whole requests/,
    )
    expect(() => serializeRecording(recording([chat([Q1])], 3))).toThrow(
      /"formatVersion" is 3, not 1 or 2/,
    )
  })
})

/** A format 1 file as versions before format 2 wrote it: every request in full, keys sorted. */
function formatOneText(questions: readonly string[]): string {
  const messages: Message[] = []
  const interactions = questions.map((question, i) => {
    messages.push(user(question))
    const request = {
      body: {
        messages: messages.map((m) => ({ content: m.content, role: m.role })),
        model: 'test-model',
      },
      method: 'POST',
      path: '/chat/completions',
    }
    const answer = `Echo: ${question}`
    messages.push(assistant(answer))
    return {
      request,
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: {
          id: `chatcmpl-${i}`,
          object: 'chat.completion',
          choices: [
            { index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' },
          ],
        },
      },
      durationMs: 5,
    }
  })
  const file = {
    kind: 'vitest-scenario.recording',
    formatVersion: 1,
    keyVersion: 1,
    test: 'format 1 > asks three times',
    status: 'complete',
    interactions,
  }
  return `${JSON.stringify(file, null, 2)}\n`
}

const QUESTIONS = ['Which drug inhibits BCL-2?', 'Are you sure?', 'At what dose?']

/** A session over `store` for the file at `path`. */
function session(mode: Exclude<RecordingMode, 'off'>, path: string, store: RecordingStore) {
  return new RecordingSession({
    file: path,
    displayFile: path,
    test: 'format 1 > asks three times',
    mode,
    command: 'npx vitest run -u',
    store,
  })
}

/** Asks the questions as one conversation through `rec`; answers come from `live` when it records. */
async function converse(rec: RecordingSession, questions: readonly string[], live: Fetch) {
  const messages: Message[] = []
  const answers: string[] = []
  for (const question of questions) {
    messages.push(user(question))
    const response = await rec.handle({
      url: 'http://127.0.0.1:9/v1/chat/completions',
      baseURL: 'http://127.0.0.1:9/v1',
      init: {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ model: 'test-model', messages }),
      },
      live,
    })
    const body = (await response.json()) as { choices: { message: Message }[] }
    const answer = body.choices[0]?.message.content ?? ''
    answers.push(answer)
    messages.push(assistant(answer))
  }
  return answers
}

const noLiveCall: Fetch = () => Promise.reject(new Error('a replayed call went live'))

/** A model that echoes the last question, as the format 1 file recorded it. */
const echo: Fetch = async (_, init) => {
  const { messages } = JSON.parse(String(init?.body)) as { messages: Message[] }
  const answer = `Echo: ${messages.at(-1)?.content ?? ''}`
  return new Response(
    JSON.stringify({
      id: 'chatcmpl-live',
      object: 'chat.completion',
      choices: [
        { index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' },
      ],
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  )
}

describe('format 1 files', () => {
  let path: string
  beforeEach((context) => {
    path = join(folder, `${context.task.id}.json`)
    writeFileSync(path, formatOneText(QUESTIONS))
  })
  beforeAll(() => {
    mkdirSync(folder, { recursive: true })
  })

  test('are read: every request whole, formatVersion 1', () => {
    const file = parseRecording(readFileSync(path, 'utf8'), path)
    expect(file.formatVersion).toBe(1)
    expect(
      file.interactions.map((i) => (i.request.body as { messages: Message[] }).messages.length),
    ).toEqual([1, 3, 5])
  })

  test.each(['replay', 'new', 'all'] as const)(
    'replayed in mode %s, answer every call and are left byte for byte as they were',
    async (mode) => {
      const before = readFileSync(path, 'utf8')
      const past = new Date('2020-01-01T00:00:00Z')
      utimesSync(path, past, past)
      const rec = session(mode, path, fileSystemStore)
      expect(await converse(rec, QUESTIONS, noLiveCall)).toEqual(QUESTIONS.map((q) => `Echo: ${q}`))
      const summary = await rec.finish(false)
      expect(summary).toMatchObject({ replayed: 3, recorded: 0, written: false })
      expect(readFileSync(path, 'utf8')).toBe(before)
      expect(statSync(path).mtimeMs).toBe(past.getTime())
    },
  )

  test('pruned under -u (the test now makes fewer calls), keep format 1', async () => {
    const rec = session('all', path, fileSystemStore)
    await converse(rec, QUESTIONS.slice(0, 2), noLiveCall)
    expect((await rec.finish(false)).written).toBe(true)
    const file = parseRecording(readFileSync(path, 'utf8'), path)
    expect(file.formatVersion).toBe(1)
    expect(file.interactions).toHaveLength(2)
  })

  test('re-recorded, are written in format 2', async () => {
    const rec = session('rerecord', path, fileSystemStore)
    await converse(rec, QUESTIONS, echo)
    expect((await rec.finish(false)).recorded).toBe(3)
    const text = readFileSync(path, 'utf8')
    const written = JSON.parse(text) as {
      formatVersion: number
      interactions: { request: object }[]
    }
    expect(written.formatVersion).toBe(2)
    expect(written.interactions.map((i) => i.request)).toEqual([
      expect.objectContaining({ method: 'POST' }),
      {
        extends: 0,
        append: [assistant('Echo: Which drug inhibits BCL-2?'), user('Are you sure?')],
      },
      { extends: 1, append: [assistant('Echo: Are you sure?'), user('At what dose?')] },
    ])
  })

  test('with a call recorded under -u (the conversation goes on), are written in format 2', async () => {
    const rec = session('all', path, fileSystemStore)
    await converse(rec, [...QUESTIONS, 'And the side effects?'], echo)
    expect(await rec.finish(false)).toMatchObject({ replayed: 3, recorded: 1, written: true })
    expect(JSON.parse(readFileSync(path, 'utf8')).formatVersion).toBe(2)
  })

  test('committed with the examples, replay through a session', async () => {
    // A format 1 recording with a judge's calls between the conversation's calls.
    const fixture = join(
      repoRoot,
      'fixtures/examples/sycophancy.test.ts/sycophancy-resistance-the-model-under-test-keeps-bcl2-under-pushback-924fe66c.json',
    )
    const text = readFileSync(fixture, 'utf8')
    const file = parseRecording(text, fixture)
    expect(file.formatVersion).toBe(1)
    const store = memoryStore({ [fixture]: text })
    const rec = session('replay', fixture, store)
    for (const { request, response } of file.interactions) {
      const replayed = await rec.handle({
        url: `http://127.0.0.1:9/v1${request.path}`,
        baseURL: 'http://127.0.0.1:9/v1',
        init: { method: request.method, body: JSON.stringify(request.body) },
        live: noLiveCall,
      })
      expect(await replayed.json()).toEqual(response.body)
    }
    expect(await rec.finish(false)).toMatchObject({ replayed: 4, misses: 0, written: false })
    expect(store.files.get(fixture)).toBe(text)
  })
})

describe('a broken delta', () => {
  /** A valid format 2 file's JSON (three calls of one conversation), to break. */
  const valid = () =>
    JSON.parse(
      serializeRecording(recording([chat([Q1]), chat([Q1, A1, Q2]), chat([Q1, A1, Q2, A2, Q3])])),
    ) as {
      formatVersion: number
      interactions: { request: Record<string, unknown> }[]
    }
  const broken = (edit: (file: ReturnType<typeof valid>) => void) => {
    const file = valid()
    edit(file)
    return JSON.stringify(file, null, 2)
  }
  const request = (file: ReturnType<typeof valid>, i: number) =>
    file.interactions[i]?.request as Record<string, unknown>

  test.each([
    [
      'extends pointing forward',
      broken((f) => Object.assign(request(f, 1), { extends: 2 })),
      'interactions.1.request.extends is 2; it must be the index of an earlier interaction, from 0 to 0',
    ],
    [
      'extends pointing at itself',
      broken((f) => Object.assign(request(f, 2), { extends: 2 })),
      'interactions.2.request.extends is 2; it must be the index of an earlier interaction, from 0 to 1',
    ],
    [
      'extends out of range',
      broken((f) => Object.assign(request(f, 2), { extends: 99 })),
      'interactions.2.request.extends is 99; it must be the index of an earlier interaction, from 0 to 1',
    ],
    [
      'a negative extends',
      broken((f) => Object.assign(request(f, 1), { extends: -1 })),
      'interactions.1.request.extends is -1; it must be the index of an earlier interaction, from 0 to 0',
    ],
    [
      'an extends that is not an integer',
      broken((f) => Object.assign(request(f, 2), { extends: '0' })),
      'interactions.2.request.extends is "0"; it must be the index of an earlier interaction, from 0 to 1',
    ],
    [
      'a delta as the first request',
      broken((f) => {
        f.interactions[0] = { ...f.interactions[0], request: { extends: 0, append: [] } } as never
      }),
      'interactions.0.request.extends is 0; it must be left out: the first interaction has none before it to extend',
    ],
    [
      'an append that is not a list',
      broken((f) => Object.assign(request(f, 1), { append: { role: 'user' } })),
      "interactions.1.request.append is an object; it must be an array of the items added to the list of interaction 0's request",
    ],
    [
      'a missing append',
      broken((f) => delete request(f, 2).append),
      "interactions.2.request.append is missing; it must be an array of the items added to the list of interaction 1's request",
    ],
    [
      'a body that is not an object',
      broken((f) => Object.assign(request(f, 1), { body: [1] })),
      'interactions.1.request.body is an array; it must be an object of the body keys added or changed',
    ],
    [
      'a body that sets the list',
      broken((f) => Object.assign(request(f, 1), { body: { messages: [] } })),
      "interactions.1.request.body.messages is set; it must be left out: the messages list of interaction 0's request grows through interactions.1.request.append",
    ],
    [
      'a remove that is not a list',
      broken((f) => Object.assign(request(f, 1), { remove: 'temperature' })),
      'interactions.1.request.remove is "temperature"; it must be an array of the body keys the request no longer has',
    ],
    [
      'a remove item that is not a string',
      broken((f) => Object.assign(request(f, 1), { remove: [3] })),
      'interactions.1.request.remove.0 is 3; it must be a body key (a string)',
    ],
    [
      'a removed key the request extended does not have',
      broken((f) => Object.assign(request(f, 1), { remove: ['seed'] })),
      'interactions.1.request.remove.0 is "seed"; it must be a key of the body of interaction 0\'s request other than messages',
    ],
    [
      'the list removed',
      broken((f) => Object.assign(request(f, 1), { remove: ['messages'] })),
      'interactions.1.request.remove.0 is "messages"; it must be a key of the body of interaction 0\'s request other than messages',
    ],
    [
      'a key both changed and removed',
      broken((f) =>
        Object.assign(request(f, 1), { body: { temperature: 1 }, remove: ['temperature'] }),
      ),
      'interactions.1.request.remove.0 is "temperature", which interactions.1.request.body also sets',
    ],
    [
      'an extended request that has no list',
      broken((f) => {
        f.interactions[0] = {
          ...f.interactions[0],
          request: { method: 'POST', path: '/embeddings', body: { input: 'text' } },
        } as never
      }),
      'interactions.1.request.extends is 0, whose request has no messages, input, contents list to extend',
    ],
    [
      'a field a delta does not have',
      broken((f) => Object.assign(request(f, 1), { path: '/chat/completions' })),
      'interactions.1.request.path is not a field of a recording; the fields there are extends, append, body, remove',
    ],
    [
      'a delta in a format 1 file',
      broken((f) => Object.assign(f, { formatVersion: 1 })),
      "interactions.1.request.extends is a field of a request stored as a delta, which only formatVersion 2 files have; this file's formatVersion is 1",
    ],
  ])('(%s) fails with a RecordingError naming the file and the field', (_, text, why) => {
    let error: unknown
    try {
      parseRecording(text, FILE)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(RecordingError)
    const recordingError = error as RecordingError
    expect(recordingError.file).toBe(FILE)
    expect(recordingError.message).toMatch(/^\[vitest-scenario\] Recording file cannot be read: /)
    expect(recordingError.message).toContain(why)
    expect(recordingError.message).toContain(`file: ${FILE}`)
    expect(recordingError.message).toContain('VITEST_SCENARIO_RECORD=rerecord')
  })
})

/** Records a conversation of `turns` turns through a session and returns the file's text. */
async function recordTurns(turns: number): Promise<string> {
  const store = memoryStore()
  const rec = new RecordingSession({
    file: '/rec/long.json',
    displayFile: 'long.json',
    test: 'a long conversation',
    mode: 'rerecord',
    command: 'npx vitest run -u',
    store,
  })
  const questions = Array.from(
    { length: turns },
    (_, i) => `Question ${i + 1}: which drug inhibits target ${i + 1}, and at what dose?`,
  )
  await converse(rec, questions, echo)
  await rec.finish(false)
  return store.files.get('/rec/long.json') ?? ''
}

describe('file size', () => {
  test('grows linearly with the conversation (format 1 grew with its square)', async () => {
    const [short, long] = [await recordTurns(50), await recordTurns(500)]
    const v1 = (text: string) =>
      serializeRecording({ ...parseRecording(text, FILE), formatVersion: 1 })
    const growth = long.length / short.length
    expect(growth).toBeGreaterThan(9)
    expect(growth).toBeLessThan(11)
    expect(v1(long).length / v1(short).length).toBeGreaterThan(50)
    // The long one replays call by call.
    const rec = session('replay', '/rec/long.json', memoryStore({ '/rec/long.json': long }))
    const questions = parseRecording(long, FILE).interactions.map(
      (i) => ((i.request.body as { messages: Message[] }).messages.at(-1) as Message).content,
    )
    expect(await converse(rec, questions, noLiveCall)).toEqual(questions.map((q) => `Echo: ${q}`))
    expect(await rec.finish(false)).toMatchObject({ replayed: 500, misses: 0 })
  })
})

describe('a long conversation through the SDK and a scripted server', () => {
  let server: ScriptedServer
  beforeAll(async () => {
    server = await startOpenAIServer({ created: 1_700_000_000 })
  })
  afterAll(async () => {
    await server.close()
  })

  test('is recorded as deltas and replayed with the server stopped', async () => {
    const path = join(folder, 'sdk-long.json')
    let current: RecordingSession | undefined
    const openai: OpenAI = new OpenAI({
      baseURL: server.baseURL,
      apiKey: KEY,
      maxRetries: 0,
      fetch: recordingFetch({
        recording: () => current,
        baseURL: () => openai.baseURL,
        live: (input, init) => fetch(input, init),
      }),
    })
    server.setDefaultReply((request) => {
      const messages = (request.body as { messages: Message[] }).messages
      return { content: `Echo ${messages.length}`, id: 'chatcmpl-echo' }
    })
    const talk = async (turns: number) => {
      const messages: Message[] = []
      for (let turn = 1; turn <= turns; turn++) {
        messages.push(user(`Turn ${turn}: go on.`))
        const completion = await openai.chat.completions.create({ model: 'test-model', messages })
        messages.push(assistant(completion.choices[0]?.message.content ?? ''))
      }
      return messages
    }
    const make = (mode: Exclude<RecordingMode, 'off'>) => {
      current = new RecordingSession({
        file: path,
        displayFile: path,
        test: 'a long conversation',
        mode,
        command: 'npx vitest run -u',
      })
      return current
    }
    const recorder = make('new')
    const recorded = await talk(60)
    expect(await recorder.finish(false)).toMatchObject({ recorded: 60, written: true })
    const written = JSON.parse(readFileSync(path, 'utf8')) as {
      formatVersion: number
      interactions: { request: { extends?: number; append?: Message[] } }[]
    }
    expect(written.formatVersion).toBe(2)
    expect(
      written.interactions.slice(1).map((i) => [i.request.extends, i.request.append?.length]),
    ).toEqual(Array.from({ length: 59 }, (_, i) => [i, 2]))
    const calls = server.requests.length
    await server.close()
    const replayer = make('replay')
    expect(await talk(60)).toEqual(recorded)
    expect(await replayer.finish(false)).toMatchObject({ replayed: 60, misses: 0, written: false })
    expect(server.requests.length).toBe(calls)
    server = await startOpenAIServer({ created: 1_700_000_000 })
  })
})
