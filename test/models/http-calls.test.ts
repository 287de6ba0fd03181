import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { END, runScenario, Scenario } from '../../src/core.js'
import { RecordingError } from '../../src/errors/index.js'
import { classifyCallError } from '../../src/models/classify-error.js'
import { httpAttempt, type LibraryEndpoint } from '../../src/models/http-call.js'
import {
  HttpConnectionError,
  HttpStatusError,
  HttpTimeoutError,
} from '../../src/models/http-errors.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'

// Whether anything imported the `openai` client during a test. The library's own calls are made
// without the SDK; before, the first live call of a worker imported it (75–100 ms) and every call
// went through its request building.
const sdk = vi.hoisted(() => ({ imported: false }))
vi.mock('openai', async (importOriginal) => {
  sdk.imported = true
  return importOriginal()
})

const KEY = 'test-key-fake-http-calls'
let server: ScriptedServer

beforeAll(async () => {
  server = await startOpenAIServer({ apiKey: KEY })
})
afterAll(async () => {
  await server.close()
})
afterEach(() => {
  server.reset()
  vi.unstubAllEnvs()
})

const single = () =>
  new Scenario('single')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()
const model = (apiKey = KEY) => ({ ...keyless(), apiKey })
const keyless = () => ({ model: 'test-model', baseURL: server.baseURL })

describe("the library's own calls, made without the openai SDK", () => {
  test('send the request the SDK sent: the JSON body to <baseURL>/chat/completions, the key as a bearer token', async () => {
    server.reply({ content: 'Venetoclax.' })
    const result = await runScenario(single(), { model: { ...model(), temperature: 0 } })
    expect(result.status).toBe('completed')
    expect(result.history[0]?.rawResponse).toBe('Venetoclax.')
    const [request] = server.requests
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' })
    expect(request?.authorization).toBe('matched')
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
    })
    expect(request?.body).toEqual({
      model: 'test-model',
      temperature: 0,
      messages: [{ role: 'user', content: 'Which drug inhibits BCL-2?' }],
    })
    expect(sdk.imported).toBe(false)
  })

  test('send OPENAI_ORG_ID and OPENAI_PROJECT_ID as OpenAI-Organization and OpenAI-Project, as the SDK did', async () => {
    vi.stubEnv('OPENAI_ORG_ID', 'org-test')
    vi.stubEnv('OPENAI_PROJECT_ID', 'proj-test')
    server.reply({ content: 'ok' })
    // Another key: headers are built once per base URL and key.
    await runScenario(single(), { model: model(`${KEY}-org`) })
    expect(server.requests[0]?.headers).toMatchObject({
      'openai-organization': 'org-test',
      'openai-project': 'proj-test',
    })
  })

  test('take the key from OPENAI_API_KEY when the config has none', async () => {
    vi.stubEnv('OPENAI_API_KEY', KEY)
    server.reply({ content: 'ok' })
    expect((await runScenario(single(), { model: keyless() })).status).toBe('completed')
    expect(server.requests[0]?.authorization).toBe('matched')
  })

  test('without any key, fail before any request with an unexpected error saying where the key goes', async () => {
    vi.stubEnv('OPENAI_API_KEY', '')
    const result = await runScenario(single(), { model: keyless() })
    expect(result.error).toMatchObject({ category: 'unexpected', stage: 'answer' })
    expect(result.error?.message).toContain('no `apiKey` and OPENAI_API_KEY is not set')
    expect(result.error?.message).toContain('Set OPENAI_API_KEY')
    expect(server.requests).toHaveLength(0)
  })

  test('word an error status as the SDK did: the status and the error message', async () => {
    server.reply({ status: 400, message: 'bad model' })
    const result = await runScenario(single(), { model: model() })
    expect(result.error).toMatchObject({ category: 'unexpected' })
    expect(result.error?.message).toContain('failed (unexpected): 400 bad model')
  })

  test('word an error status whose body is not JSON with its text', async () => {
    server.reply({
      raw: { status: 400, body: 'no such route', headers: { 'content-type': 'text/plain' } },
    })
    const result = await runScenario(single(), { model: model() })
    expect(result.error?.message).toContain('failed (unexpected): 400 no such route')
  })
})

describe('httpAttempt', () => {
  const endpointWith = (fetch: LibraryEndpoint['fetch']): LibraryEndpoint => ({
    baseURL: 'http://127.0.0.1:9/v1',
    base: 'http://127.0.0.1:9/v1',
    endpoint: 'http://127.0.0.1:9/v1',
    headers: { authorization: 'Bearer k' },
    fetch,
  })
  const url = 'http://127.0.0.1:9/v1/chat/completions'
  const signal = new AbortController().signal
  const answered = (body: string, contentType: string) =>
    httpAttempt(
      endpointWith(async () => new Response(body, { headers: { 'content-type': contentType } })),
      url,
      '{}',
      signal,
    )

  test('reads a 2xx body as the SDK handed it over: JSON when it says so and parses, else the text', async () => {
    expect((await answered('{"a":1}', 'application/json; charset=utf-8')).data).toEqual({ a: 1 })
    expect((await answered('{"a":1}', 'text/plain')).data).toBe('{"a":1}')
    expect((await answered('{"a":', 'application/json')).data).toBe('{"a":')
    expect((await answered('', 'application/json')).data).toBeUndefined()
  })

  test('throws a non-2xx answer as an HttpStatusError with its status, headers and error', async () => {
    const error = await httpAttempt(
      endpointWith(
        async () =>
          new Response('{"error":{"message":"slow down","type":"requests"}}', {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after-ms': '30' },
          }),
      ),
      url,
      '{}',
      signal,
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error).toMatchObject({ status: 429, message: '429 slow down' })
    expect(classifyCallError(error, false)).toMatchObject({
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 30,
    })
  })

  test('names a failed connection, and a connect timeout in its causes, with the cause kept', async () => {
    const refused = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })
    const down = await httpAttempt(
      endpointWith(() => Promise.reject(refused)),
      url,
      '{}',
      signal,
    ).catch((e: unknown) => e)
    expect(down).toBeInstanceOf(HttpConnectionError)
    expect((down as Error).cause).toBe(refused)
    expect(classifyCallError(down, false)).toMatchObject({
      category: 'connection',
      retryable: true,
    })

    // undici's connect timeout, told by its code (as its ConnectTimeoutError carries it).
    const slow = new TypeError('fetch failed', {
      cause: Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }),
    })
    const late = await httpAttempt(
      endpointWith(() => Promise.reject(slow)),
      url,
      '{}',
      signal,
    ).catch((e: unknown) => e)
    expect(late).toBeInstanceOf(HttpTimeoutError)
    expect(classifyCallError(late, false)).toMatchObject({ category: 'timeout', retryable: true })
  })

  test("passes a recording's error through as the session threw it", async () => {
    const miss = new RecordingError({ what: 'the recording cannot be read' }, 'x.json')
    const error = await httpAttempt(
      endpointWith(() => Promise.reject(miss)),
      url,
      '{}',
      signal,
    ).catch((e: unknown) => e)
    expect(error).toBe(miss)
  })

  test("gives fetch a signal of the call's own, which the caller's abort aborts", async () => {
    const caller = new AbortController()
    let seen: AbortSignal | undefined
    const attempt = httpAttempt(
      endpointWith(
        (_input, init) =>
          new Promise((_resolve, reject) => {
            seen = init?.signal ?? undefined
            seen?.addEventListener('abort', () => reject(seen?.reason))
          }),
      ),
      url,
      '{}',
      caller.signal,
    )
    expect(seen).toBeDefined()
    expect(seen).not.toBe(caller.signal)
    caller.abort(new Error('stop'))
    await expect(attempt).rejects.toThrow('stop')
    expect(seen?.aborted).toBe(true)
  })
})
