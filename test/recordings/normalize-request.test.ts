import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { normalizeRequest, type RecordedRequest } from '../../src/recordings/normalize-request.js'
import { requestKey } from '../../src/recordings/request-key.js'

const BASE = 'https://api.openai.com/v1'
const URL_ = `${BASE}/chat/completions`

/** A chat request as the SDK sends it: a JSON text body. */
const post = (body: unknown, url = URL_, baseURL = BASE) =>
  normalizeRequest(url, { method: 'POST', body: JSON.stringify(body) }, baseURL)

const sha256 = (value: string | Uint8Array) => createHash('sha256').update(value).digest('hex')

describe('method and path', () => {
  test('the method is upper-cased; no method means GET', () => {
    expect(normalizeRequest(URL_, { method: 'post' }, BASE).method).toBe('POST')
    expect(normalizeRequest(`${BASE}/models`, {}, BASE).method).toBe('GET')
  })

  test.each([
    ['a base URL without a trailing slash', BASE, `${BASE}/chat/completions`],
    ['a base URL with a trailing slash', `${BASE}/`, `${BASE}/chat/completions`],
    ['a base URL without /v1', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080/chat/completions'],
    [
      'a proxy base URL with a deeper prefix',
      'https://proxy.example/openai/v1/',
      'https://proxy.example/openai/v1/chat/completions',
    ],
  ])('with %s the path is relative to it', (_, baseURL, url) => {
    expect(normalizeRequest(url, { method: 'POST' }, baseURL).path).toBe('/chat/completions')
  })

  test('switching host or proxy keeps the key: the path is relative to each base URL', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi' }] }
    const official = post(body)
    const local = post(
      body,
      'http://127.0.0.1:4010/v1/chat/completions',
      'http://127.0.0.1:4010/v1',
    )
    expect(requestKey(local)).toBe(requestKey(official))
  })

  test('a URL outside the base URL keeps its whole path; the prefix must match whole segments', () => {
    expect(normalizeRequest('https://other.example/v1/chat/completions', {}, BASE).path).toBe(
      '/v1/chat/completions',
    )
    expect(normalizeRequest('https://api.openai.com/v10/models', {}, BASE).path).toBe('/v10/models')
  })
})

describe('query', () => {
  test('parameters are sorted (by name, then value) and credential-like ones are dropped', () => {
    const request = normalizeRequest(
      `${BASE}/models?b=2&api-key=AZ-SECRET-1&a=z&key=K-SECRET-2&a=y&token=T-SECRET-3&access_token=AT-SECRET-4`,
      {},
      BASE,
    )
    expect(request.query).toBe('a=y&a=z&b=2')
    expect(JSON.stringify(request)).not.toMatch(/SECRET/)
  })

  test('a query of credentials only, or none at all, leaves no query field', () => {
    expect(normalizeRequest(`${BASE}/models?api-key=secret-value`, {}, BASE)).toStrictEqual({
      method: 'GET',
      path: '/models',
    })
    expect('query' in normalizeRequest(`${BASE}/models`, {}, BASE)).toBe(false)
  })

  test('the same parameters in another order give the same key', () => {
    const a = normalizeRequest(`${BASE}/models?x=1&y=2`, {}, BASE)
    const b = normalizeRequest(`${BASE}/models?y=2&x=1`, {}, BASE)
    expect(requestKey(a)).toBe(requestKey(b))
  })
})

describe('body', () => {
  test('keys are sorted at every level, so key order alone never changes the key', () => {
    const a = post({
      model: 'm',
      temperature: 0,
      messages: [{ role: 'user', content: 'hi' }],
      response_format: { type: 'json_schema', json_schema: { name: 'x', strict: true } },
    })
    const b = post({
      response_format: { json_schema: { strict: true, name: 'x' }, type: 'json_schema' },
      messages: [{ content: 'hi', role: 'user' }],
      temperature: 0,
      model: 'm',
    })
    expect(requestKey(a)).toBe(requestKey(b))
    const body = a.body as { messages: object[]; response_format: { json_schema: object } }
    expect(Object.keys(body)).toEqual(['messages', 'model', 'response_format', 'temperature'])
    expect(Object.keys(body.messages[0] ?? {})).toEqual(['content', 'role'])
    expect(Object.keys(body.response_format.json_schema)).toEqual(['name', 'strict'])
  })

  test('array order is kept: the same messages in another order are another request', () => {
    const first = { role: 'user', content: 'one' }
    const second = { role: 'user', content: 'two' }
    expect(requestKey(post({ messages: [first, second] }))).not.toBe(
      requestKey(post({ messages: [second, first] })),
    )
  })

  test('a changed value changes the key', () => {
    expect(requestKey(post({ model: 'm', temperature: 0 }))).not.toBe(
      requestKey(post({ model: 'm', temperature: 0.5 })),
    )
  })

  test('the denylisted top-level fields are neither stored nor matched on', () => {
    const plain = post({ model: 'm', messages: [] })
    const noisy = post({
      model: 'm',
      messages: [],
      user: 'user-123',
      safety_identifier: 'hash-abc',
      prompt_cache_key: 'cache-1',
      metadata: { run: 'r-42' },
    })
    expect(noisy.body).toEqual({ messages: [], model: 'm' })
    expect(requestKey(noisy)).toBe(requestKey(plain))
  })

  test('denylisted names deeper in the body are kept (e.g. schema properties named user)', () => {
    const schema = { type: 'object', properties: { user: { type: 'string' }, metadata: {} } }
    const request = post({ model: 'm', response_format: { type: 'json_schema', schema } })
    expect(request.body).toEqual({
      model: 'm',
      response_format: {
        schema: { properties: { metadata: {}, user: { type: 'string' } }, type: 'object' },
        type: 'json_schema',
      },
    })
  })

  test('a body that is not JSON text is kept as a string; binary bodies as their hash', () => {
    expect(normalizeRequest(URL_, { method: 'POST', body: 'plain text' }, BASE).body).toBe(
      'plain text',
    )
    const bytes = new TextEncoder().encode('binary upload')
    expect(normalizeRequest(URL_, { method: 'POST', body: bytes }, BASE).body).toBe(
      `sha256:${sha256(bytes)} (${bytes.length} bytes)`,
    )
    expect(normalizeRequest(URL_, { method: 'POST', body: bytes.buffer }, BASE).body).toBe(
      `sha256:${sha256(bytes)} (${bytes.length} bytes)`,
    )
  })

  test('no body leaves no body field', () => {
    expect('body' in normalizeRequest(`${BASE}/models`, { method: 'GET' }, BASE)).toBe(false)
  })
})

describe('large strings', () => {
  const contentOf = (request: RecordedRequest) =>
    (request.body as { messages: { content: string }[] }).messages[0]?.content

  test('a string over 8 KB is stored as sha256:<hex> (<n> bytes); 8 KB exactly is kept', () => {
    const long = `${'x'.repeat(8192)}y`
    const stored = contentOf(post({ messages: [{ role: 'user', content: long }] }))
    expect(stored).toBe(`sha256:${sha256(long)} (8193 bytes)`)
    const limit = 'x'.repeat(8192)
    expect(contentOf(post({ messages: [{ role: 'user', content: limit }] }))).toBe(limit)
  })

  test('the limit and the count are in UTF-8 bytes, not characters', () => {
    const long = 'é'.repeat(4097) // 4097 characters, 8194 bytes
    expect(contentOf(post({ messages: [{ role: 'user', content: long }] }))).toBe(
      `sha256:${sha256(long)} (8194 bytes)`,
    )
  })

  test('equal long strings match; long strings that differ in one character do not', () => {
    const long = 'data:image/png;base64,'.padEnd(20_000, 'A')
    const sameText = `data:image/png;base64,${Array.from({ length: 20_000 - 22 }, () => 'A').join('')}`
    const ask = (content: string) => post({ messages: [{ role: 'user', content }] })
    expect(requestKey(ask(sameText))).toBe(requestKey(ask(long)))
    expect(requestKey(ask(long))).not.toBe(requestKey(ask(`${long.slice(0, -1)}B`)))
  })
})

describe('the redact hook', () => {
  test('sees every body string with its JSON path, and its result is stored and matched', () => {
    const seen: [string, string][] = []
    const redact = (value: string, path: string) => {
      seen.push([path, value])
      return value.replace(/tenant-\d+/g, '<tenant>')
    }
    const ask = (tenant: string) =>
      normalizeRequest(
        URL_,
        {
          method: 'POST',
          body: JSON.stringify({
            model: 'm',
            messages: [
              { role: 'system', content: 'be brief' },
              { role: 'user', content: `hello from ${tenant}` },
            ],
          }),
        },
        BASE,
        redact,
      )
    const a = ask('tenant-111111')
    expect(seen).toEqual([
      ['request.body.messages.0.content', 'be brief'],
      ['request.body.messages.0.role', 'system'],
      ['request.body.messages.1.content', 'hello from tenant-111111'],
      ['request.body.messages.1.role', 'user'],
      ['request.body.model', 'm'],
    ])
    expect(JSON.stringify(a)).toContain('hello from <tenant>')
    expect(JSON.stringify(a)).not.toContain('111111')
    expect(requestKey(ask('tenant-222222'))).toBe(requestKey(a))
  })

  test('runs before the large-string hash: a long string it shortens is stored as replaced', () => {
    const request = normalizeRequest(
      URL_,
      { method: 'POST', body: JSON.stringify({ input: 'z'.repeat(10_000) }) },
      BASE,
      (value) => (value.length > 100 ? '<big>' : value),
    )
    expect(request.body).toEqual({ input: '<big>' })
  })
})

describe('bodies that cannot be keyed', () => {
  test.each([
    ['ReadableStream', () => new ReadableStream()],
    ['FormData', () => new FormData()],
    ['Blob', () => new Blob(['x'])],
  ])('a %s body throws an error that names it and says it cannot be recorded', (name, make) => {
    expect(() => normalizeRequest(URL_, { method: 'POST', body: make() }, BASE)).toThrow(
      new RegExp(`body of type ${name} .*cannot be recorded`),
    )
  })
})
