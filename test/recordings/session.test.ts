import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  RecordingError,
  RecordingMissingError,
  RecordingSecretError,
} from '../../src/errors/index.js'
import { ANSWER_SINK, type AnswerSink } from '../../src/recordings/call-answer.js'
import { rerecordCommand } from '../../src/recordings/miss-report.js'
import type { RecordingMode } from '../../src/recordings/mode.js'
import { recordingErrorOf } from '../../src/recordings/recording-error-of.js'
import { recordingFetch } from '../../src/recordings/recording-fetch.js'
import {
  parseRecording,
  type RecordingFile,
  serializeRecording,
} from '../../src/recordings/recording-file.js'
import {
  type Fetch,
  PLACEHOLDER_KEY as NO_KEY,
  RecordingSession,
  type RecordingSessionOptions,
} from '../../src/recordings/session.js'
import {
  type ErrorReply,
  type ReceivedRequest,
  type ScriptedReply,
  type ScriptedServer,
  startOpenAIServer,
} from '../support/openai-server/index.js'
import { repoRoot, resultsDir } from '../support/paths.js'

// The RecordingSession driven directly, as the setup file drives it for one test: a real `openai`
// client whose `fetch` is `recordingFetch` with this file's current session, the scripted
// server as the live model, and real recording files in a folder under test-results/.

const KEY = 'test-key-fake-recorder'
const NAMES = ['recorder', 'asks about drugs']
const TEST_FILE = 'test/recordings/recorder.test.ts'
const runDir = join(resultsDir, 'recorder-unit', String(process.pid))

let server: ScriptedServer
let folder: string
let recorder: RecordingSession | undefined

/** The last user message, echoed with a prefix; fixed ids, so equal answers are equal bytes. */
const echo =
  (prefix: string) =>
  (request: ReceivedRequest): ScriptedReply => {
    const messages = (request.body as { messages?: { role: string; content: string }[] }).messages
    const question = [...(messages ?? [])].reverse().find((m) => m.role === 'user')?.content
    return {
      content: `${prefix}: ${question ?? ''}`,
      id: 'chatcmpl-echo',
      headers: { 'x-request-id': 'req_echo' },
    }
  }

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
afterAll(async () => {
  await server.close()
  rmSync(runDir, { recursive: true, force: true })
  try {
    // The shared parent goes too once empty; another run's folder in it keeps it.
    rmdirSync(dirname(runDir))
  } catch {
    // Not empty, or already gone.
  }
})
beforeEach(() => {
  server.reset()
  server.setDefaultReply(echo('Echo'))
  mkdirSync(runDir, { recursive: true })
  folder = mkdtempSync(join(runDir, 'case-'))
  recorder = undefined
})

const recordingFile = () => join(folder, 'recorder-asks-about-drugs.json')
const displayFile = () => relative(repoRoot, recordingFile())
const COMMAND = rerecordCommand(TEST_FILE, NAMES)

/** Makes `mode`'s recorder the current test's, as the setup file's beforeEach does. */
function useRecorder(
  mode: Exclude<RecordingMode, 'off'>,
  options: Partial<RecordingSessionOptions> = {},
): RecordingSession {
  recorder = new RecordingSession({
    file: recordingFile(),
    displayFile: displayFile(),
    test: NAMES.join(' > '),
    mode,
    command: COMMAND,
    ...options,
  })
  return recorder
}

/** A real SDK client (default retries unless told) that counts the attempts it makes. */
function client(options: { apiKey?: string; maxRetries?: number } = {}) {
  let attempts = 0
  const recorded: Fetch = recordingFetch({
    recording: () => recorder,
    baseURL: () => openai.baseURL,
    live: (input, init) => fetch(input, init),
  })
  const openai: OpenAI = new OpenAI({
    baseURL: server.baseURL,
    apiKey: options.apiKey ?? KEY,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    fetch: (input: string | URL | Request, init?: RequestInit) => {
      attempts++
      return recorded(input, init)
    },
  })
  return { openai, attempts: () => attempts }
}

const chat = (question: string) => ({
  model: 'test-model',
  messages: [{ role: 'user' as const, content: question }],
})

async function ask(openai: OpenAI, question: string): Promise<string | null | undefined> {
  const completion = await openai.chat.completions.create(chat(question))
  return completion.choices[0]?.message.content
}

/** The error a call fails with (fails the test when the call succeeds). */
async function failure(call: Promise<unknown>): Promise<{
  status: number | undefined
  message: string
  headers: Headers | undefined
  cause?: unknown
}> {
  try {
    await call
  } catch (error) {
    return error as { status: number; message: string; headers: Headers; cause?: unknown }
  }
  throw new Error('expected the call to fail')
}

/**
 * The recording error a call failed with: thrown by the recording fetch, so the SDK reports a
 * connection error with it as `cause`, with no HTTP status (no synthetic response).
 */
async function recordingFailure(call: Promise<unknown>): Promise<Error> {
  const error = await failure(call)
  expect(error.constructor.name).toBe('APIConnectionError')
  expect(error.status).toBeUndefined()
  const cause = recordingErrorOf(error)
  expect(cause).toBe(error.cause)
  return cause as Error
}

/** Records `questions` in `new` mode, as a first local run would; returns the file's text. */
async function recordConversation(questions: readonly string[]): Promise<string> {
  const rec = useRecorder('new')
  const { openai } = client()
  for (const question of questions) await ask(openai, question)
  const summary = await rec.finish(false)
  expect(summary).toMatchObject({ recorded: questions.length, written: true })
  recorder = undefined
  server.reset()
  return readFileSync(recordingFile(), 'utf8')
}

const readRecording = (): RecordingFile =>
  parseRecording(readFileSync(recordingFile(), 'utf8'), displayFile())

/** The user question of each stored request, in order. */
const storedQuestions = (file: RecordingFile) =>
  file.interactions.map(
    (i) => (i.request.body as { messages: { content: string }[] }).messages.at(-1)?.content,
  )

/** The assistant answer of each stored response, in order. */
const storedAnswers = (file: RecordingFile) =>
  file.interactions.map(
    (i) =>
      (i.response.body as { choices: { message: { content: string } }[] }).choices[0]?.message
        .content,
  )

/** Sets the file's mtime well in the past, so any rewrite shows. */
function ageFile(path: string): number {
  const past = new Date('2020-01-01T00:00:00Z')
  utimesSync(path, past, past)
  return statSync(path).mtimeMs
}

describe('new mode', () => {
  test('with no file, calls go live and finish(false) writes a complete recording', async () => {
    const rec = useRecorder('new')
    const { openai } = client()
    expect(await ask(openai, 'Which drug inhibits BCL-2?')).toBe('Echo: Which drug inhibits BCL-2?')
    expect(await ask(openai, 'At what dose?')).toBe('Echo: At what dose?')
    expect(server.requests).toHaveLength(2)
    expect(existsSync(recordingFile())).toBe(false)

    const summary = await rec.finish(false)
    expect(summary).toEqual({
      file: displayFile(),
      mode: 'new',
      replayed: 0,
      recorded: 2,
      misses: 0,
      written: true,
      deleted: false,
    })
    const text = readFileSync(recordingFile(), 'utf8')
    const file = parseRecording(text, displayFile())
    expect(file).toMatchObject({
      kind: 'vitest-scenario.recording',
      formatVersion: 2,
      test: 'recorder > asks about drugs',
      status: 'complete',
    })
    expect(storedQuestions(file)).toEqual(['Which drug inhibits BCL-2?', 'At what dose?'])
    expect(storedAnswers(file)).toEqual(['Echo: Which drug inhibits BCL-2?', 'Echo: At what dose?'])
    const [first] = file.interactions
    // No request headers; the path is relative to the base URL.
    expect(first?.request).toEqual({
      method: 'POST',
      path: '/chat/completions',
      body: chat('Which drug inhibits BCL-2?'),
    })
    // Only allow-listed response headers (the server also sent openai-version and others).
    expect(first?.response.status).toBe(200)
    expect(first?.response.headers).toEqual({
      'content-type': 'application/json',
      'x-request-id': 'req_echo',
    })
    expect(first?.durationMs).toEqual(expect.any(Number))
    expect(text).not.toContain(KEY)
    // Written in the stable form.
    expect(serializeRecording(file)).toBe(text)
  })

  test('against a complete file with a changed request, the call misses and nothing goes live', async () => {
    const before = await recordConversation(['Which drug inhibits BCL-2?'])
    const rec = useRecorder('new')
    const { openai } = client({ maxRetries: 0 })
    const miss = await recordingFailure(ask(openai, 'Which drug inhibits BCL-6?'))
    expect(server.requests).toHaveLength(0)
    expect(rec.failures).toEqual([miss])
    expect(rec.failures[0]).toBeInstanceOf(RecordingMissingError)
    expect(rec.failures[0]?.message).toContain('mode: new')
    expect(rec.failures[0]?.message).toContain('the recording is complete')
    const summary = await rec.finish(false)
    expect(summary).toMatchObject({ misses: 1, written: false })
    expect(readFileSync(recordingFile(), 'utf8')).toBe(before)
  })

  test('a partial recording is continued: the recorded prefix replays, the rest goes live', async () => {
    const first = useRecorder('new')
    const { openai } = client()
    await ask(openai, 'Which drug inhibits BCL-2?')
    // The test failed after its first call.
    expect(await first.finish(true)).toMatchObject({ recorded: 1, written: true })
    expect(readRecording().status).toBe('partial')
    server.reset()

    const next = useRecorder('new')
    expect(await ask(openai, 'Which drug inhibits BCL-2?')).toBe('Echo: Which drug inhibits BCL-2?')
    expect(server.requests).toHaveLength(0)
    expect(await ask(openai, 'At what dose?')).toBe('Echo: At what dose?')
    expect(server.requests).toHaveLength(1)
    expect(await next.finish(false)).toMatchObject({ replayed: 1, recorded: 1, written: true })
    const file = readRecording()
    expect(file.status).toBe('complete')
    expect(storedQuestions(file)).toEqual(['Which drug inhibits BCL-2?', 'At what dose?'])
  })
})

describe('a failed test', () => {
  test('after live calls, finish(true) writes what was recorded, marked partial', async () => {
    const rec = useRecorder('new')
    const { openai } = client()
    await ask(openai, 'Which drug inhibits BCL-2?')
    expect(await rec.finish(true)).toMatchObject({ recorded: 1, written: true })
    const file = readRecording()
    expect(file.status).toBe('partial')
    expect(storedQuestions(file)).toEqual(['Which drug inhibits BCL-2?'])
  })
})

describe('replay mode', () => {
  test('replays with no request to the server, no key needed, and marks the response', async () => {
    await recordConversation(['Which drug inhibits BCL-2?', 'At what dose?'])
    const recorded = readRecording()
    const rec = useRecorder('replay')
    const { openai } = client({ apiKey: NO_KEY })
    // The session's answer is data, left in the call's sink: no header marks the response.
    const sink: AnswerSink = { answer: undefined }
    const { data, response } = await openai.chat.completions
      .create(chat('Which drug inhibits BCL-2?'), {
        fetchOptions: { [ANSWER_SINK]: sink } as never,
      })
      .withResponse()
    expect(data.choices[0]?.message.content).toBe('Echo: Which drug inhibits BCL-2?')
    expect(data.id).toBe('chatcmpl-echo')
    expect(sink.answer?.replayedMs).toBe(recorded.interactions[0]?.durationMs)
    expect(sink.answer?.failure).toBeUndefined()
    expect([...response.headers.keys()].some((name) => name.startsWith('x-vitest'))).toBe(false)
    expect(await ask(openai, 'At what dose?')).toBe('Echo: At what dose?')
    expect(server.requests).toHaveLength(0)
    expect(await rec.finish(false)).toMatchObject({ replayed: 2, recorded: 0, written: false })
  })

  test('identical requests are matched by occurrence: the recorded answers come back in order', async () => {
    server.reply({ content: 'first answer' }, { content: 'second answer' })
    await recordConversation(['Roll a die', 'Roll a die'])
    const rec = useRecorder('replay')
    const { openai } = client({ maxRetries: 0 })
    expect(await ask(openai, 'Roll a die')).toBe('first answer')
    expect(await ask(openai, 'Roll a die')).toBe('second answer')
    // A third identical call has no recording.
    await failure(ask(openai, 'Roll a die'))
    expect(rec.failures[0]?.message).toContain('No recording for model call #3')
    expect(server.requests).toHaveLength(0)
  })

  test('concurrent calls with different requests match whatever order they arrive in', async () => {
    await recordConversation(['one', 'two', 'three'])
    useRecorder('replay')
    const { openai } = client()
    expect(
      await Promise.all([ask(openai, 'three'), ask(openai, 'one'), ask(openai, 'two')]),
    ).toEqual(['Echo: three', 'Echo: one', 'Echo: two'])
    expect(server.requests).toHaveLength(0)
  })

  test('a miss is thrown from fetch as a RecordingMissingError; a retrying SDK asks again, and the test gets one miss report', async () => {
    const before = await recordConversation(['Which drug inhibits BCL-2?'])
    const rec = useRecorder('replay')
    const { openai, attempts } = client() // the SDK's default maxRetries: 2
    const started = performance.now()
    const error = await failure(ask(openai, 'Which drug inhibits BCL-2 today?'))
    // openai retries a fetch that threw, with its own backoff (about 0.4 s, then 0.8 s): the
    // session answers each attempt with the same error, so the miss is one failure.
    expect(attempts()).toBe(3)
    expect(performance.now() - started).toBeLessThan(3000)
    expect(server.requests).toHaveLength(0)
    expect(error.constructor.name).toBe('APIConnectionError')
    expect(error.status).toBeUndefined()

    expect(rec.failures).toHaveLength(1)
    const miss = rec.failures[0] as RecordingMissingError
    expect(miss).toBeInstanceOf(RecordingMissingError)
    expect(miss).toMatchObject({ code: 'recording_missing', file: recordingFile(), mode: 'replay' })
    const report = miss.message
    expect(report).toContain(`recording: ${displayFile()}`)
    expect(report).toContain('mode: replay')
    expect(report).toContain('test: recorder > asks about drugs')
    expect(report).toContain('Request (normalized): POST /chat/completions')
    // The diff against the recorded request: its old question out, the new one in.
    expect(report).toMatch(/^ *- +"content": "Which drug inhibits BCL-2\?"/m)
    expect(report).toMatch(/^ *\+ +"content": "Which drug inhibits BCL-2 today\?"/m)
    expect(report).toContain(`npx vitest run ${TEST_FILE} -t 'recorder asks about drugs' -u`)
    expect(report).not.toContain(KEY)
    // The SDK error carries the miss as its cause: found by code through the cause chain.
    expect(error.cause).toBe(miss)
    expect(recordingErrorOf(error)).toBe(miss)
    expect(recordingErrorOf(new Error('agent failed', { cause: error }))).toBe(miss)

    expect(await rec.finish(false)).toMatchObject({ misses: 1, written: false })
    expect(readFileSync(recordingFile(), 'utf8')).toBe(before)
  })

  test('with no file, a miss says so and writes nothing', async () => {
    const rec = useRecorder('replay')
    const { openai } = client({ maxRetries: 0 })
    await recordingFailure(ask(openai, 'anything'))
    expect(rec.failures[0]?.message).toContain('no recording file exists')
    expect(rec.failures[0]?.message).toContain(
      'No unused recorded request is left to compare with.',
    )
    expect(server.requests).toHaveLength(0)
    await rec.finish(false)
    expect(existsSync(recordingFile())).toBe(false)
  })

  test.each(['replay', 'new'] as const)(
    'a broken file fails the call with a RecordingError in %s mode and is left untouched',
    async (mode) => {
      mkdirSync(folder, { recursive: true })
      writeFileSync(recordingFile(), '{ "kind": "vitest-scenario.recording", ')
      const mtime = ageFile(recordingFile())
      const rec = useRecorder(mode)
      const { openai, attempts } = client({ maxRetries: 0 })
      const broken = (await recordingFailure(
        ask(openai, 'Which drug inhibits BCL-2?'),
      )) as RecordingError
      expect(attempts()).toBe(1)
      expect(server.requests).toHaveLength(0)
      expect(rec.failures).toEqual([broken])
      expect(broken).toBeInstanceOf(RecordingError)
      expect(broken).not.toBeInstanceOf(RecordingMissingError)
      expect(broken.code).toBe('recording_failed')
      expect(broken.message).toContain(`file: ${displayFile()}`)
      expect(broken.message).toContain('not valid JSON')
      expect(await rec.finish(false)).toMatchObject({ written: false, deleted: false })
      expect(readFileSync(recordingFile(), 'utf8')).toBe('{ "kind": "vitest-scenario.recording", ')
      expect(statSync(recordingFile()).mtimeMs).toBe(mtime)
    },
  )
})

describe('all mode (vitest -u)', () => {
  test('replays while requests match, goes live from the first divergence, and keeps only what this run used', async () => {
    await recordConversation(['one', 'two', 'three'])
    server.setDefaultReply(echo('Live'))
    const rec = useRecorder('all')
    const { openai } = client()
    expect(await ask(openai, 'one')).toBe('Echo: one')
    expect(server.requests).toHaveLength(0)
    expect(await ask(openai, 'two, changed')).toBe('Live: two, changed')
    // Recorded, but after the divergence: called live, since it may depend on the new answers.
    expect(await ask(openai, 'three')).toBe('Live: three')
    expect(server.requests.map((r) => r.path)).toEqual([
      '/v1/chat/completions',
      '/v1/chat/completions',
    ])
    expect(await rec.finish(false)).toMatchObject({ replayed: 1, recorded: 2, written: true })
    const file = readRecording()
    expect(file.status).toBe('complete')
    expect(storedQuestions(file)).toEqual(['one', 'two, changed', 'three'])
    expect(storedAnswers(file)).toEqual(['Echo: one', 'Live: two, changed', 'Live: three'])
  })

  test('interactions this run did not use are dropped', async () => {
    await recordConversation(['one', 'two', 'three'])
    const rec = useRecorder('all')
    const { openai } = client()
    await ask(openai, 'one')
    await ask(openai, 'two')
    expect(server.requests).toHaveLength(0)
    expect(await rec.finish(false)).toMatchObject({ replayed: 2, recorded: 0, written: true })
    expect(storedQuestions(readRecording())).toEqual(['one', 'two'])
  })

  test('a broken file is replaced by a new recording', async () => {
    mkdirSync(folder, { recursive: true })
    writeFileSync(recordingFile(), 'not json')
    const rec = useRecorder('all')
    const { openai } = client()
    expect(await ask(openai, 'one')).toBe('Echo: one')
    expect(rec.failures).toEqual([])
    expect(await rec.finish(false)).toMatchObject({ recorded: 1, written: true })
    expect(storedQuestions(readRecording())).toEqual(['one'])
  })
})

describe('rerecord mode', () => {
  test('calls live for every call and rewrites no byte when the answers are the same', async () => {
    const before = await recordConversation(['one', 'two'])
    const mtime = ageFile(recordingFile())
    const rec = useRecorder('rerecord')
    const { openai } = client()
    expect(await ask(openai, 'one')).toBe('Echo: one')
    expect(await ask(openai, 'two')).toBe('Echo: two')
    expect(server.requests).toHaveLength(2)
    expect(await rec.finish(false)).toMatchObject({ replayed: 0, recorded: 2, written: false })
    expect(readFileSync(recordingFile(), 'utf8')).toBe(before)
    expect(statSync(recordingFile()).mtimeMs).toBe(mtime)
  })

  test('rewrites the recording when the model answers differently', async () => {
    await recordConversation(['one', 'two'])
    server.setDefaultReply(echo('New model'))
    const rec = useRecorder('rerecord')
    const { openai } = client()
    await ask(openai, 'one')
    await ask(openai, 'two')
    expect(await rec.finish(false)).toMatchObject({ recorded: 2, written: true })
    expect(storedAnswers(readRecording())).toEqual(['New model: one', 'New model: two'])
  })
})

describe('rerecord after a retried connection error', () => {
  // A reset connection is retried by the SDK: the retry is the same call, not its next occurrence.
  test('an unchanged answer still rewrites no byte', async () => {
    // Recorded slowly (durationMs about 60), re-recorded fast after one reset connection.
    server.replyWith((request) => ({ ...(echo('Echo')(request) as object), delayMs: 60 }))
    const before = await recordConversation(['one'])
    server.reply({ reset: true })
    const rec = useRecorder('rerecord')
    const { openai, attempts } = client()
    expect(await ask(openai, 'one')).toBe('Echo: one')
    expect(attempts()).toBe(2)
    await rec.finish(false)
    expect(readFileSync(recordingFile(), 'utf8')).toBe(before)
  })
})

describe('finish', () => {
  test.each(['new', 'all'] as const)(
    'in %s mode, a run that replays everything leaves the file as it was (same mtime)',
    async (mode) => {
      const before = await recordConversation(['one', 'two'])
      const mtime = ageFile(recordingFile())
      const rec = useRecorder(mode)
      const { openai } = client()
      await ask(openai, 'one')
      await ask(openai, 'two')
      expect(server.requests).toHaveLength(0)
      expect(await rec.finish(false)).toMatchObject({ replayed: 2, written: false })
      expect(readFileSync(recordingFile(), 'utf8')).toBe(before)
      expect(statSync(recordingFile()).mtimeMs).toBe(mtime)
    },
  )

  test('in new mode, a failed test that only replayed leaves a complete recording complete', async () => {
    const before = await recordConversation(['one', 'two'])
    const rec = useRecorder('new')
    const { openai } = client()
    await ask(openai, 'one')
    // The test fails on an assertion after its first call.
    expect(await rec.finish(true)).toMatchObject({ replayed: 1, written: false })
    expect(readFileSync(recordingFile(), 'utf8')).toBe(before)
  })

  // Calls recorded before one that cannot be recorded were paid for: they are kept, as partial.
  test('calls recorded live before a call that cannot be recorded are kept, marked partial', async () => {
    const rec = useRecorder('new')
    expect(await ask(client().openai, 'one')).toBe('Echo: one')
    // A blank key: the client sends `Authorization: Bearer` with nothing to identify.
    await recordingFailure(ask(client({ apiKey: ' ', maxRetries: 0 }).openai, 'two'))
    expect(rec.failures).toHaveLength(1)
    await rec.finish(true)
    const file = readRecording()
    expect(file.status).toBe('partial')
    expect(storedQuestions(file)).toEqual(['one'])
  })

  test('refuses to write a response that contains the live API key, naming the path', async () => {
    server.reply({ content: `Your key is ${KEY}.` })
    const rec = useRecorder('new')
    const { openai } = client()
    await ask(openai, 'What is my key?')
    const error = await rec.finish(false).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(RecordingSecretError)
    expect(error).toMatchObject({
      jsonPath: 'interactions.0.response.body.choices.0.message.content',
      pattern: 'the live API key',
    })
    expect((error as Error).message).not.toContain(KEY)
    expect(existsSync(recordingFile())).toBe(false)
  })

  test('the redact hook applies to requests before matching and to responses before writing', async () => {
    const redact = (value: string) => value.replace(/tenant-\d{6}/g, '<tenant>')
    const first = useRecorder('new', { redact })
    const { openai } = client()
    expect(await ask(openai, 'Hello from tenant-111111')).toBe('Echo: Hello from tenant-111111')
    await first.finish(false)
    const text = readFileSync(recordingFile(), 'utf8')
    expect(text).toContain('Hello from <tenant>')
    expect(text).not.toContain('111111')
    server.reset()

    const replay = useRecorder('replay', { redact })
    expect(await ask(openai, 'Hello from tenant-222222')).toBe('Echo: Hello from <tenant>')
    expect(replay.failures).toEqual([])
    expect(server.requests).toHaveLength(0)
  })
})

describe('transient and error responses', () => {
  test.each<[string, ErrorReply]>([
    ['a 429', { status: 429, retryAfterMs: 1 }],
    ['a 503', { status: 503, retryAfterMs: 1 }],
    ['a 400 with x-should-retry: true', { status: 400, shouldRetry: true, retryAfterMs: 1 }],
  ])('%s is not recorded; the retried success is', async (_, transient) => {
    server.reply(transient, { status: 503, retryAfterMs: 1 })
    const rec = useRecorder('new')
    const { openai, attempts } = client({ maxRetries: 2 })
    expect(await ask(openai, 'Which drug?')).toBe('Echo: Which drug?')
    expect(attempts()).toBe(3)
    expect(server.requests.map((r) => r.status)).toEqual([transient.status, 503, 200])
    expect(await rec.finish(false)).toMatchObject({ recorded: 1, written: true })
    const file = readRecording()
    expect(file.interactions).toHaveLength(1)
    expect(file.interactions[0]?.response.status).toBe(200)
    expect(file.interactions[0]?.response.headers).not.toHaveProperty('retry-after-ms')

    // It replays as one clean call.
    server.reset()
    useRecorder('replay')
    const replayClient = client()
    expect(await ask(replayClient.openai, 'Which drug?')).toBe('Echo: Which drug?')
    expect(replayClient.attempts()).toBe(1)
  })

  test('a final error (400) is recorded and replays as the same error', async () => {
    server.reply({ status: 400, message: 'Unknown model' })
    const rec = useRecorder('new')
    const live = client()
    const liveError = await failure(ask(live.openai, 'Which drug?'))
    expect(liveError.status).toBe(400)
    await rec.finish(true)
    expect(readRecording().interactions[0]?.response.status).toBe(400)

    server.reset()
    useRecorder('replay')
    const replay = client()
    const replayed = await failure(ask(replay.openai, 'Which drug?'))
    expect(replayed.status).toBe(400)
    expect(replayed.message).toContain('Unknown model')
    expect(replay.attempts()).toBe(1)
    expect(server.requests).toHaveLength(0)
  })
})

describe('recording needs a key', () => {
  test('an empty credential is refused with a RecordingError asking for a key', async () => {
    const rec = useRecorder('new')
    // A blank key (`process.env.X ?? ' '`): the client sends `Authorization: Bearer`, no key.
    const { openai, attempts } = client({ apiKey: ' ', maxRetries: 0 })
    const refused = (await recordingFailure(ask(openai, 'Which drug?'))) as RecordingError
    expect(attempts()).toBe(1)
    expect(server.requests).toHaveLength(0)
    expect(rec.failures).toEqual([refused])
    expect(refused).toBeInstanceOf(RecordingError)
    expect(refused).not.toBeInstanceOf(RecordingMissingError)
    expect(refused.code).toBe('recording_failed')
    expect(refused.message).toContain('Recording needs an API key')
    expect(refused.message).toContain('`authorization` header is empty')
    expect(refused.message).toContain('OPENAI_API_KEY')
    expect(refused.message).toContain(displayFile())
    await rec.finish(false)
    expect(existsSync(recordingFile())).toBe(false)
  })

  test('an empty key header is refused the same way, once for an SDK that retries', async () => {
    const rec = useRecorder('rerecord')
    let liveCalls = 0
    const call = {
      url: `${server.baseURL}/chat/completions`,
      init: {
        method: 'POST',
        body: JSON.stringify(chat('Which drug?')),
        headers: { 'x-api-key': '' },
      },
      baseURL: server.baseURL,
      live: (input: string | URL | Request, init?: RequestInit) => {
        liveCalls++
        return fetch(input, init)
      },
    }
    const thrown = await rec.handle(call).catch((error: unknown) => error)
    expect(liveCalls).toBe(0)
    expect(rec.failures).toEqual([thrown])
    // The same call again (an SDK's retry) fails with the same error, kept once.
    expect(await rec.handle(call).catch((error: unknown) => error)).toBe(thrown)
    expect(rec.failures).toHaveLength(1)
    expect(rec.failures[0]).toBeInstanceOf(RecordingError)
    expect(rec.failures[0]?.message).toContain('Recording needs an API key')
  })

  test('the NO_KEY placeholder means no key: the call records, and the placeholder is never sent', async () => {
    const rec = useRecorder('new')
    const { openai } = client({ apiKey: NO_KEY, maxRetries: 0 })
    expect(await ask(openai, 'Which drug?')).toBe('Echo: Which drug?')
    expect(server.requests[0]?.authorization).toBe('missing')
    expect(rec.failures).toEqual([])
    expect(await rec.finish(false)).toMatchObject({ recorded: 1, written: true })
    expect(readFileSync(recordingFile(), 'utf8')).not.toContain(NO_KEY)
  })

  test('a call with no credential at all records (a keyless local server)', async () => {
    const rec = useRecorder('rerecord')
    const response = await rec.handle({
      url: `${server.baseURL}/chat/completions`,
      init: { method: 'POST', body: JSON.stringify(chat('Which drug?')) },
      baseURL: server.baseURL,
      live: (input, init) => fetch(input, init),
    })
    expect(response.status).toBe(200)
    expect(rec.failures).toEqual([])
    expect(await rec.finish(false)).toMatchObject({ recorded: 1, written: true })
  })

  test('a request body that cannot be keyed fails the call with a RecordingError', async () => {
    const rec = useRecorder('new')
    const thrown = await rec
      .handle({
        url: `${server.baseURL}/files`,
        init: {
          method: 'POST',
          body: new FormData(),
          headers: { authorization: `Bearer ${KEY}` },
        },
        baseURL: server.baseURL,
        live: (input, init) => fetch(input, init),
      })
      .catch((error: unknown) => error)
    expect(thrown).toBe(rec.failures[0])
    expect(server.requests).toHaveLength(0)
    expect(rec.failures[0]).toBeInstanceOf(RecordingError)
    expect(rec.failures[0]?.message).toMatch(/cannot be recorded: .*FormData/)
  })
})

describe('uploads through the SDK', () => {
  // The SDK probes its fetch with fetch('data:,') before uploads: that is not a model call.
  test('a file upload fails with the FormData error only', async () => {
    const rec = useRecorder('new')
    const { openai } = client({ maxRetries: 0 })
    await recordingFailure(
      openai.files.create({ file: new File(['abc'], 'notes.txt'), purpose: 'assistants' }),
    )
    expect(server.requests).toHaveLength(0)
    expect(rec.failures.map((f) => f.message)).toEqual([
      expect.stringMatching(/request body of type FormData .*cannot be recorded/),
    ])
  })
})

describe('streaming', () => {
  test('a stream is recorded as events while the caller streams, and replays as a stream', async () => {
    const streamed = async (openai: OpenAI) => {
      const stream = await openai.chat.completions.create({ ...chat('Spell it'), stream: true })
      const parts: string[] = []
      for await (const chunk of stream) parts.push(chunk.choices[0]?.delta.content ?? '')
      return parts
    }
    server.reply({ content: 'Venetoclax inhibits BCL-2.', chunkSize: 5 })
    const rec = useRecorder('new')
    const { openai } = client()
    const liveParts = await streamed(openai)
    expect(liveParts.join('')).toBe('Venetoclax inhibits BCL-2.')
    await rec.finish(false)
    const response = readRecording().interactions[0]?.response
    expect(response?.headers['content-type']).toContain('text/event-stream')
    expect(response?.body).toBeUndefined()
    expect(response?.stream?.at(-1)).toEqual({ event: null, data: '[DONE]' })
    expect(response?.stream?.length).toBeGreaterThan(3)

    server.reset()
    useRecorder('replay')
    expect(await streamed(client().openai)).toEqual(liveParts)
    expect(server.requests).toHaveLength(0)
  })
})

describe('routing', () => {
  test('a session that refuses fails every call with its error, without reaching the server', async () => {
    const refusal = new RecordingError({ what: 'outside any test' }, '')
    const rec = useRecorder('replay', { refuse: refusal })
    const { openai, attempts } = client({ maxRetries: 0 })
    expect(await recordingFailure(ask(openai, 'Which drug?'))).toBe(refusal)
    expect(await recordingFailure(ask(openai, 'Which drug?'))).toBe(refusal)
    expect(attempts()).toBe(2)
    expect(rec.failures).toEqual([refusal])
    expect(server.requests).toHaveLength(0)
  })

  test('with no current session, calls go straight to the live fetch', async () => {
    const { openai } = client()
    expect(await ask(openai, 'Which drug?')).toBe('Echo: Which drug?')
    expect(server.requests).toHaveLength(1)
  })
})
