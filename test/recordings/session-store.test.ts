import { existsSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { RecordingError, RecordingMissingError } from '../../src/errors/index.js'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { type MemoryStore, memoryStore } from '../../src/recordings/store.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'

// A session is given explicitly (no host, no global) and keeps its recording in a memory store:
// runScenario({ recording }) records, replays and misses through it, and nothing touches disk.

const FILE = '/memory/__recordings__/a.test.ts/asks-1234abcd.json'
const KEY = 'test-key-fake-session-store'
let server: ScriptedServer
let store: MemoryStore

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
afterAll(async () => {
  await server.close()
  vi.unstubAllEnvs()
})
beforeEach(() => {
  server.reset()
  server.setDefaultReply({ content: 'Venetoclax.', id: 'chatcmpl-1' })
  store = memoryStore()
})

const session = (mode: 'replay' | 'new' | 'all' | 'rerecord') =>
  new RecordingSession({
    file: FILE,
    displayFile: 'a.test.ts/asks.json',
    test: 'asks',
    mode,
    command: 'npx vitest run a.test.ts -u',
    store,
  })

const definition = (question = 'Which drug inhibits BCL-2?') =>
  new Scenario('asks').addNode('ask', { question }).addEdge('ask', END).setEntry('ask').validate()

const model = (apiKey: string | undefined = KEY) => ({
  model: 'test-model',
  baseURL: server.baseURL,
  ...(apiKey === undefined ? {} : { apiKey }),
})

async function record(): Promise<string> {
  const recording = session('new')
  const result = await runScenario(definition(), { model: model(), recording })
  expect(result.status).toBe('completed')
  expect(await recording.finish(false)).toMatchObject({ recorded: 1, written: true })
  return store.files.get(FILE) as string
}

describe('runScenario({ recording }) with a memory store', () => {
  test('records into the store, not onto the disk', async () => {
    const text = await record()
    expect(parseRecording(text, FILE).interactions).toHaveLength(1)
    expect(existsSync(FILE)).toBe(false)
    expect(server.requests).toHaveLength(1)
  })

  test('replays with no request and no API key, without the SDK', async () => {
    await record()
    server.reset()
    vi.stubEnv('OPENAI_API_KEY', '')
    const recording = session('replay')
    const result = await runScenario(definition(), { model: model(undefined), recording })
    vi.unstubAllEnvs()
    expect(result.status).toBe('completed')
    expect(result.history[0]?.rawResponse).toBe('Venetoclax.')
    expect(result.usage.replayed).toBe(true)
    expect(server.requests).toHaveLength(0)
    expect(await recording.finish(false)).toMatchObject({ replayed: 1, written: false })
  })

  test('a call without a key (a local server that needs none) records, sending no credential', async () => {
    vi.stubEnv('OPENAI_API_KEY', '')
    const recording = session('new')
    const keyless = { model: 'test-model', baseURL: server.baseURL }
    const result = await runScenario(definition(), { model: keyless, recording })
    vi.unstubAllEnvs()
    expect(result.status, result.error?.message).toBe('completed')
    expect(server.requests[0]?.authorization).toBe('missing')
    expect(recording.failures).toEqual([])
    expect(await recording.finish(false)).toMatchObject({ recorded: 1, written: true })
  })

  test('a miss ends the turn with category recording and the RecordingMissingError as cause', async () => {
    await record()
    const recording = session('replay')
    const result = await runScenario(definition('Which drug inhibits BCL-6?'), {
      model: model(),
      recording,
    })
    expect(result.status).toBe('error')
    expect(result.error?.category).toBe('recording')
    expect(result.error?.cause).toBeInstanceOf(RecordingMissingError)
    expect(result.error?.cause).toBe(recording.failures[0])
    expect(recording.failures).toHaveLength(1)
    expect(server.requests).toHaveLength(1) // the recording run's only
  })

  test('a run without a session goes live and records nothing', async () => {
    const result = await runScenario(definition(), { model: model() })
    expect(result.status).toBe('completed')
    expect(store.files.size).toBe(0)
    expect(server.requests).toHaveLength(1)
  })

  test('a recording that is not a session is refused', async () => {
    await expect(
      runScenario(definition(), { model: model(), recording: {} as RecordingSession }),
    ).rejects.toThrow('`recording`: a RecordingSession (from vitest-scenario/host), got an object')
  })
})

describe('the occurrence counter advances once per answer', () => {
  const call = (live: () => Promise<Response>) => ({
    url: 'http://127.0.0.1:9/v1/chat/completions',
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    },
    baseURL: 'http://127.0.0.1:9/v1',
    live,
  })
  const ok = (content: string) => async () =>
    new Response(JSON.stringify({ choices: [{ message: { content } }] }), {
      headers: { 'content-type': 'application/json' },
    })

  test('a connection failure and a transient answer are not answers: the retry is the same call', async () => {
    const recording = session('new')
    await expect(
      recording.handle(call(() => Promise.reject(new TypeError('fetch failed')))),
    ).rejects.toThrow('fetch failed')
    expect(
      (await recording.handle(call(async () => new Response('', { status: 503 })))).status,
    ).toBe(503)
    await recording.handle(call(ok('first')))
    await recording.handle(call(ok('second')))
    await recording.finish(false)
    const file = parseRecording(store.files.get(FILE) as string, FILE)
    expect(file.interactions.map((i) => i.response.body)).toEqual([
      { choices: [{ message: { content: 'first' } }] },
      { choices: [{ message: { content: 'second' } }] },
    ])
    expect(file.status).toBe('complete')

    // Replayed in order: occurrence 0 then 1; a third identical call misses.
    const replay = session('replay')
    const fail = () => Promise.reject(new Error('replay never goes live'))
    expect(await (await replay.handle(call(fail))).json()).toEqual(
      file.interactions[0]?.response.body,
    )
    expect(await (await replay.handle(call(fail))).json()).toEqual(
      file.interactions[1]?.response.body,
    )
    await expect(replay.handle(call(fail))).rejects.toBeInstanceOf(RecordingMissingError)
  })

  test('a direct replay that needs the SDK changes nothing: the SDK call is decided the same way', async () => {
    const recording = session('new')
    await recording.handle(
      call(
        async () =>
          new Response('{"error":{"message":"no"}}', {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    )
    await recording.finish(false)
    const replay = session('replay')
    const direct = {
      url: 'http://127.0.0.1:9/v1/chat/completions',
      body: call(ok('')).init.body,
      baseURL: 'http://127.0.0.1:9/v1',
    }
    // A recorded error status is replayed through the SDK (its own error handling): not here.
    expect(replay.replayDirect(direct)).toBeUndefined()
    expect(replay.replayDirect(direct)).toBeUndefined()
    const response = await replay.handle(call(() => Promise.reject(new Error('no live call'))))
    expect(response.status).toBe(400)
    expect(await replay.finish(false)).toMatchObject({ replayed: 1, misses: 0 })
  })

  test('a call after finish is refused, not silently lost', async () => {
    const recording = session('new')
    await recording.finish(false)
    const error = await recording.handle(call(ok('late'))).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RecordingError)
    expect((error as Error).message).toContain('after its test finished')
  })
})

describe('memoryStore()', () => {
  test('reads, writes (false when unchanged), lists and removes', () => {
    const files = memoryStore({ '/r/a/x.json': 'x' })
    expect(files.read('/r/a/x.json')).toBe('x')
    expect(files.read('/r/a/y.json')).toBeUndefined()
    expect(files.write('/r/a/x.json', 'x')).toBe(false)
    expect(files.write('/r/a/y.json', 'y')).toBe(true)
    expect(files.list('/r/a').sort()).toEqual(['x.json', 'y.json'])
    expect(files.list('/r')).toEqual(['a'])
    files.remove('/r/a/x.json')
    expect(files.list('/r/a')).toEqual(['y.json'])
    expect(files.list('/nowhere')).toEqual([])
  })

  test('rejects files that are not { path: text }', () => {
    expect(() => memoryStore({ '/a.json': 1 } as never)).toThrow('[vitest-scenario]')
  })
})
