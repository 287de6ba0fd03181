import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { RecordingSecretError } from '../../src/errors/index.js'
import type { RecordingMode } from '../../src/recordings/mode.js'
import { recordingFetch } from '../../src/recordings/recording-fetch.js'
import { type Fetch, RecordingSession } from '../../src/recordings/session.js'
import { type MemoryStore, memoryStore } from '../../src/recordings/store.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'

// Calls a recording fetch (what `recordedFetch` is in a test) records whatever credential they
// carry, or none: a local server that needs no key (llama-server, Ollama, vLLM), a key in the
// query (Gemini's `?key=`) or in the body, a `Request` object with its own headers, a form body.
// Every credential found is a live key: it never reaches the file, and a recording that holds it
// is refused.

const FILE = '/rec/keyless.json'
const KEY = 'test-key-fake-keyless-0123456789abcdef'
/** Key-shaped, as Google's keys are. */
const QUERY_KEY = 'AIzaFakeQueryKey-9f8e7d6c5b4a3210zyxw'

let server: ScriptedServer
let store: MemoryStore
let session: RecordingSession

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.setDefaultReply({ content: 'Venetoclax.', id: 'chatcmpl-fixed' })
  store = memoryStore()
})

function use(mode: Exclude<RecordingMode, 'off'>): Fetch {
  session = new RecordingSession({
    file: FILE,
    displayFile: 'keyless.json',
    test: 'keyless',
    mode,
    command: 'npx vitest run keyless.test.ts',
    store,
  })
  return recordingFetch({
    recording: session,
    baseURL: () => server.baseURL,
    live: (input, init) => fetch(input, init),
  })
}

const body = JSON.stringify({
  model: 'llama',
  messages: [{ role: 'user', content: 'Which drug inhibits BCL-2?' }],
})
const url = () => `${server.baseURL}/chat/completions`

/** Records one call made by `call`, then replays it with the server silent: the same answer. */
async function recordsAndReplays(call: (fetch: Fetch) => Promise<Response>): Promise<string> {
  const live = await (await call(use('new'))).text()
  expect(session.failures).toEqual([])
  expect(await session.finish(false)).toMatchObject({ recorded: 1, written: true })
  const requests = server.requests.length
  const replayed = await (await call(use('replay'))).text()
  expect(session.failures).toEqual([])
  expect(server.requests).toHaveLength(requests)
  expect(replayed).toBe(live)
  return store.files.get(FILE) as string
}

describe('keyless endpoints record', () => {
  test('a call with no credential (llama-server, Ollama, vLLM) records and replays', async () => {
    await recordsAndReplays((recorded) =>
      recorded(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    )
    expect(server.requests[0]?.authorization).toBe('missing')
  })

  test('a 401 to a call without a key is not recorded: the next run, with the key, asks again', async () => {
    server.reply({ status: 401, message: 'You did not provide an API key.' })
    const recorded = use('new')
    const response = await recorded(url(), { method: 'POST', body })
    expect(response.status).toBe(401)
    expect(await session.finish(true)).toMatchObject({ recorded: 0, written: false })
    expect(store.files.size).toBe(0)
  })

  test('a key in the query (Gemini-style ?key=) records, and never reaches the file', async () => {
    const file = await recordsAndReplays((recorded) =>
      recorded(`${url()}?key=${QUERY_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    )
    expect(file).not.toContain(QUERY_KEY)
  })

  test('the query key is a live key: an answer that echoes it is not written', async () => {
    server.setDefaultReply({ content: `Your key is ${QUERY_KEY}.` })
    const recorded = use('new')
    await recorded(`${url()}?key=${QUERY_KEY}`, { method: 'POST', body })
    await expect(session.finish(false)).rejects.toBeInstanceOf(RecordingSecretError)
    expect(store.files.size).toBe(0)
  })

  test('a key in the body is a live key: the request holding it is not written', async () => {
    const recorded = use('new')
    await recorded(url(), {
      method: 'POST',
      body: JSON.stringify({ ...JSON.parse(body), api_key: KEY }),
    })
    const refused = await session.finish(false).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(RecordingSecretError)
    expect(refused).toMatchObject({ jsonPath: 'interactions.0.request.body.api_key' })
    expect(store.files.size).toBe(0)
  })

  test('a Request object: its authorization header is read, and the call records', async () => {
    const request = () =>
      new Request(url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body,
      })
    const file = await recordsAndReplays((recorded) => recorded(request()))
    expect(server.requests[0]?.authorization).toBe('present')
    expect(server.requests[0]?.body).toEqual(JSON.parse(body))
    expect(file).not.toContain(KEY)
    expect(file).toContain('Which drug inhibits BCL-2?')
  })

  test('a URLSearchParams body records as its text and replays', async () => {
    const form = () => new URLSearchParams({ model: 'llama', prompt: 'Which drug inhibits BCL-2?' })
    const file = await recordsAndReplays((recorded) =>
      recorded(`${server.baseURL}/completions`, { method: 'POST', body: form() }),
    )
    expect(server.requests[0]?.headers['content-type']).toContain(
      'application/x-www-form-urlencoded',
    )
    expect(file).toContain(JSON.stringify(form().toString()))
  })
})
