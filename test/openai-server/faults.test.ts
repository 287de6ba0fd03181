import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type APIError,
  APIUserAbortError,
  BadRequestError,
  InternalServerError,
  RateLimitError,
} from 'openai'
import { describe, expect, test, vi } from 'vitest'
import { question, sdkClient, serverForTest } from './sdk-client.js'

const model = 'gpt-4.1-mini'

/** The error a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail, but it succeeded')
}

describe('HTTP errors', () => {
  test('a 429 surfaces as RateLimitError with status, body and retry headers', async () => {
    const server = await serverForTest()
    server.reply({ status: 429, retryAfter: 0.2, retryAfterMs: 200 })
    const error = await rejection(
      sdkClient(server).chat.completions.create({ model, messages: question }),
    )
    expect(error).toBeInstanceOf(RateLimitError)
    const apiError = error as RateLimitError
    expect(apiError.status).toBe(429)
    expect(apiError.code).toBe('rate_limit_exceeded')
    expect(apiError.type).toBe('requests')
    expect(apiError.requestID).toBe('req_scripted_1')
    expect(apiError.headers.get('retry-after')).toBe('0.2')
    expect(apiError.headers.get('retry-after-ms')).toBe('200')
    expect(server.requests[0]).toMatchObject({ status: 429, outcome: 'answered' })
  })

  test.each([
    [500, InternalServerError, 'The server had an error'],
    [503, InternalServerError, 'overloaded'],
    [400, BadRequestError, 'Invalid request.'],
  ] as const)('a %i surfaces as %o with its message and headers', async (status, kind, text) => {
    const server = await serverForTest()
    server.reply({ status, headers: { 'x-custom': 'yes' }, shouldRetry: false })
    const error = await rejection(
      sdkClient(server).chat.completions.create({ model, messages: question }),
    )
    expect(error).toBeInstanceOf(kind)
    expect(error).toMatchObject({ status, message: expect.stringContaining(text) })
    expect((error as APIError).headers?.get('x-custom')).toBe('yes')
    expect((error as APIError).headers?.get('x-should-retry')).toBe('false')
  })

  test('a streaming request gets the error before any stream starts', async () => {
    const server = await serverForTest()
    server.reply({ status: 429, retryAfter: 1 })
    const call = sdkClient(server).chat.completions.create({
      model,
      messages: question,
      stream: true,
    })
    await expect(call).rejects.toBeInstanceOf(RateLimitError)
  })

  test('error fields are configurable', async () => {
    const server = await serverForTest()
    server.reply({ status: 400, message: 'bad temp', param: 'temperature', code: 'invalid_value' })
    const error = await rejection(
      sdkClient(server).chat.completions.create({ model, messages: question }),
    )
    expect(error).toMatchObject({ status: 400, param: 'temperature', code: 'invalid_value' })
    expect((error as Error).message).toBe('400 bad temp')
  })

  test("the SDK's own retries honour retry-after-ms and x-should-retry", async () => {
    const server = await serverForTest()
    server.reply(
      { status: 429, retryAfterMs: 0 },
      { status: 500, retryAfterMs: 0 },
      { content: 'ok' },
    )
    const client = sdkClient(server, { maxRetries: 2 })
    const completion = await client.chat.completions.create({ model, messages: question })
    expect(completion.choices[0]?.message.content).toBe('ok')
    expect(server.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual([
      '0',
      '1',
      '2',
    ])

    server.reply({ status: 503, shouldRetry: false })
    await expect(client.chat.completions.create({ model, messages: question })).rejects.toThrow(
      InternalServerError,
    )
    expect(server.requests).toHaveLength(4)
  })

  test('an empty queue answers a clear, non-retried 500 naming the request', async () => {
    const server = await serverForTest()
    const client = sdkClient(server, { maxRetries: 2 })
    const error = await rejection(client.chat.completions.create({ model, messages: question }))
    expect(error).toBeInstanceOf(InternalServerError)
    expect((error as Error).message).toContain(
      '[openai-server] no scripted reply for request #1 POST /v1/chat/completions (model "gpt-4.1-mini"): 0 replies were scripted',
    )
    expect(server.requests).toHaveLength(1)
  })

  test('a reply function that throws answers a 500 with its message', async () => {
    const server = await serverForTest()
    server.replyWith(() => {
      throw new Error('boom')
    })
    await expect(
      sdkClient(server).chat.completions.create({ model, messages: question }),
    ).rejects.toThrow('the reply function for request #1 POST /v1/chat/completions')
  })

  test('a chat reply scripted for another endpoint answers a 500 saying so', async () => {
    const server = await serverForTest()
    server.reply({ content: 'x' })
    await expect(
      sdkClient(server).embeddings.create({ model: 'text-embedding-3-small', input: 'x' }),
    ).rejects.toThrow('a chat reply was scripted for request #1 POST /v1/embeddings')
  })
})

describe('connection faults, delays and aborts', () => {
  test('a reset surfaces as a connection error (not a timeout)', async () => {
    const server = await serverForTest()
    server.reply({ reset: true })
    const error = await rejection(
      sdkClient(server).chat.completions.create({ model, messages: question }),
    )
    expect(error).toBeInstanceOf(APIConnectionError)
    expect(error).not.toBeInstanceOf(APIConnectionTimeoutError)
    expect(server.requests[0]?.outcome).toBe('reset')
  })

  test('a stream cut after some events fails the iteration after those chunks', async () => {
    const server = await serverForTest()
    server.reply({ content: 'abcdefghijklmnop', chunkSize: 2, cutAfterEvents: 3 })
    const stream = await sdkClient(server).chat.completions.create({
      model,
      messages: question,
      stream: true,
    })
    const seen: string[] = []
    const iterate = async () => {
      for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '')
    }
    await expect(iterate()).rejects.toThrow()
    expect(seen).toEqual(['', 'ab', 'cd'])
    expect(server.requests[0]?.outcome).toBe('reset')
  })

  test('delayMs and latencyMs slow the answer down', async () => {
    const server = await serverForTest({ latencyMs: 40 })
    server.reply({ content: 'late', delayMs: 120 })
    const started = performance.now()
    const completion = await sdkClient(server).chat.completions.create({
      model,
      messages: question,
    })
    expect(performance.now() - started).toBeGreaterThanOrEqual(155)
    expect(completion.choices[0]?.message.content).toBe('late')
  })

  test('a hang lasts until the client aborts; the server sees the abort', async () => {
    const server = await serverForTest()
    server.reply({ hang: true })
    const controller = new AbortController()
    const call = sdkClient(server).chat.completions.create(
      { model, messages: question },
      { signal: controller.signal },
    )
    await vi.waitFor(() => expect(server.inFlight).toBe(1))
    controller.abort()
    await expect(call).rejects.toBeInstanceOf(APIUserAbortError)
    await vi.waitFor(() => expect(server.inFlight).toBe(0))
    expect(server.requests[0]?.outcome).toBe('aborted')
  })

  test("a hang meets the SDK's timeout as APIConnectionTimeoutError", async () => {
    const server = await serverForTest()
    server.reply({ hang: true })
    const call = sdkClient(server, { timeout: 100 }).chat.completions.create({
      model,
      messages: question,
    })
    await expect(call).rejects.toBeInstanceOf(APIConnectionTimeoutError)
  })

  test('aborting during a delay stops the answer', async () => {
    const server = await serverForTest()
    server.reply({ content: 'never seen', delayMs: 5_000 })
    const call = sdkClient(server).chat.completions.create(
      { model, messages: question },
      { signal: AbortSignal.timeout(50) },
    )
    await expect(call).rejects.toBeInstanceOf(APIUserAbortError)
    await vi.waitFor(() => expect(server.requests[0]?.outcome).toBe('aborted'))
  })

  test('close() ends hanging requests instead of waiting for them', async () => {
    const server = await serverForTest()
    server.reply({ hang: true })
    const call = sdkClient(server).chat.completions.create({ model, messages: question })
    await vi.waitFor(() => expect(server.inFlight).toBe(1))
    await server.close()
    await expect(call).rejects.toBeInstanceOf(APIConnectionError)
  })
})
