import Anthropic from '@anthropic-ai/sdk'
import { describe, expect, test } from 'vitest'
import { apiHeaders, FAKE_KEY, MODEL, question, sdkClient, serverForTest } from './sdk-client.js'

/** Posts to the server with plain fetch; returns the status and the parsed body. */
async function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  path = '/v1/messages',
) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  // Read as an error body; tests of other bodies compare with toMatchObject.
  const parsed = (await response.json()) as { error: { type: string; message: string } }
  return { status: response.status, headers: response.headers, body: parsed }
}

const valid = { model: MODEL, max_tokens: 10, messages: question }

describe('errors in Anthropic shape', () => {
  test('a scripted 429 carries retry-after and rate_limit_error; the SDK throws RateLimitError', async () => {
    const server = await serverForTest()
    server.reply({ status: 429, retryAfter: 2 })
    const error = await sdkClient(server)
      .messages.create(valid)
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
    expect(error).toBeInstanceOf(Anthropic.RateLimitError)
    expect(error).toMatchObject({
      status: 429,
      type: 'rate_limit_error',
      requestID: 'req_scripted_1',
      error: {
        type: 'error',
        error: { type: 'rate_limit_error', message: expect.stringContaining('rate limit') },
      },
    })
    expect(
      (error as InstanceType<typeof Anthropic.RateLimitError>).headers.get('retry-after'),
    ).toBe('2')
  })

  test('the SDK retries a 529 overloaded error when its retries are on', async () => {
    const server = await serverForTest()
    server.reply({ status: 529, retryAfter: 0 }, { text: 'after the retry' })
    const message = await sdkClient(server, { maxRetries: 1 }).messages.create(valid)
    expect(message.content).toEqual([{ type: 'text', text: 'after the retry' }])
    expect(server.requests.map((request) => request.status)).toEqual([529, 200])
  })

  test('status defaults follow the API: 400, 401, 403, 404, 500, 529 and an unknown one', async () => {
    const server = await serverForTest()
    const statuses = [400, 401, 403, 404, 500, 529, 418]
    server.reply(...statuses.map((status) => ({ status })))
    const types: unknown[] = []
    for (const _ of statuses)
      types.push((await post(server.url, apiHeaders, valid)).body.error.type)
    expect(types).toEqual([
      'invalid_request_error',
      'authentication_error',
      'permission_error',
      'not_found_error',
      'api_error',
      'overloaded_error',
      'invalid_request_error',
    ])
  })

  test('a missing or wrong key is a 401 before any reply is used', async () => {
    const server = await serverForTest({ apiKey: FAKE_KEY })
    server.reply({ text: 'kept' })
    const missing = await post(server.url, { ...apiHeaders, 'x-api-key': '' }, valid)
    expect(missing).toMatchObject({
      status: 401,
      body: {
        type: 'error',
        error: { type: 'authentication_error', message: 'x-api-key header is required' },
        request_id: 'req_scripted_1',
      },
    })
    const wrong = await sdkClient(server, { apiKey: 'another-fake' })
      .messages.create(valid)
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
    expect(wrong).toBeInstanceOf(Anthropic.AuthenticationError)
    expect(server.requests.map((request) => [request.credential, request.outcome])).toEqual([
      ['missing', 'rejected'],
      ['mismatched', 'rejected'],
    ])
    expect(server.pendingReplies).toBe(1)
  })

  test('an authToken (Authorization: Bearer) counts as the credential', async () => {
    const server = await serverForTest({ apiKey: FAKE_KEY })
    server.reply({ text: 'ok' })
    const client = new Anthropic({
      baseURL: server.url,
      apiKey: null,
      authToken: FAKE_KEY,
      maxRetries: 0,
    })
    await expect(client.messages.create(valid)).resolves.toMatchObject({
      content: [{ text: 'ok' }],
    })
    expect(server.requests[0]?.headers.authorization).toBe('[redacted]')
  })

  test('a missing anthropic-version header, or a body without max_tokens, is a 400', async () => {
    const server = await serverForTest()
    const { 'anthropic-version': _, ...withoutVersion } = apiHeaders
    const noVersion = await post(server.url, withoutVersion, valid)
    expect(noVersion.status).toBe(400)
    expect(noVersion.body.error).toEqual({
      type: 'invalid_request_error',
      message: 'anthropic-version: header is required',
    })
    const { max_tokens: __, ...noMax } = valid
    const noMaxTokens = await post(server.url, apiHeaders, noMax)
    expect(noMaxTokens.body.error.message).toBe('max_tokens: Field required')
    const noMessages = await post(server.url, apiHeaders, { model: MODEL, max_tokens: 5 })
    expect(noMessages.body.error.message).toBe('messages: Field required')
  })

  test('another route is a 404 not_found_error', async () => {
    const server = await serverForTest()
    const other = await post(server.url, apiHeaders, valid, '/v1/complete')
    expect(other.status).toBe(404)
    expect(other.body.error.type).toBe('not_found_error')
  })

  test('an empty queue answers a 500 naming the request, marked not to retry', async () => {
    const server = await serverForTest()
    const empty = await post(server.url, apiHeaders, valid)
    expect(empty.status).toBe(500)
    expect(empty.headers.get('x-should-retry')).toBe('false')
    expect(empty.body.error.message).toContain(`#1 POST /v1/messages (model "${MODEL}")`)
  })

  test('a reset is a connection error; a hang lasts until the client aborts', async () => {
    const server = await serverForTest()
    server.reply({ reset: true }, { hang: true })
    const client = sdkClient(server)
    await expect(client.messages.create(valid)).rejects.toBeInstanceOf(Anthropic.APIConnectionError)
    const controller = new AbortController()
    const pending = client.messages.create(valid, { signal: controller.signal })
    await expect.poll(() => server.requests.length).toBe(2)
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(Anthropic.APIUserAbortError)
    await expect.poll(() => server.requests[1]?.outcome).toBe('aborted')
  })

  test('a raw reply is sent as given; a non-object reply fails at the call', async () => {
    const server = await serverForTest()
    server.reply({ raw: { status: 202, body: { anything: true } } })
    const raw = await post(server.url, apiHeaders, valid)
    expect(raw).toMatchObject({ status: 202, body: { anything: true } })
    // @ts-expect-error a reply must be an object
    expect(() => server.reply('text')).toThrow(
      '[anthropic-server] a scripted reply must be an object',
    )
  })
})
