import http, { request as namedRequest } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { types } from 'node:util'
import OpenAI from 'openai'
import { afterAll, expect, test } from 'vitest'

// Requests a test never routed through a recording, each made the way an app makes it and
// swallowed as an app might: the seal refuses them, and the test still fails.

const realFetch = globalThis.fetch
const realRequest = http.request
const DISPATCHER = Symbol.for('undici.globalDispatcher.1')

/** Built at the top of the file, before any test: it keeps the `fetch` it found then. */
const topClient = new OpenAI({
  baseURL: 'https://api.openai.com/v1',
  apiKey: 'replay-only',
  maxRetries: 0,
})

/** Runs `send`, logging how it failed: an app that swallows the error. */
async function swallowed(label: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send()
    console.log(`[sample] ${label}: sent`)
  } catch (error) {
    const e = error as { name?: string; cause?: { name?: string; code?: string }; code?: string }
    console.log(
      `[sample] ${label}: ${e.name} ${e.code ?? ''} cause=${e.cause?.name} ${e.cause?.code ?? ''}`,
    )
  }
}

/** A request with node:http(s), resolved with its error (or `sent` on a response). */
function nodeRequest(make: () => http.ClientRequest): Promise<string> {
  return new Promise((resolve) => {
    const req = make()
    req.on('response', (res) => {
      res.resume()
      resolve('sent')
    })
    req.on('error', (error) => resolve(`${error.name} ${(error as { code?: string }).code ?? ''}`))
    req.end()
  })
}

test('a client built at the top of the file', async () => {
  console.log(`[sample] fetch patched in a test: ${globalThis.fetch !== realFetch}`)
  await swallowed('top-level client', () =>
    topClient.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'hi' }],
    }),
  )
})

test('the fetch captured before the test', async () => {
  await swallowed('captured fetch', () => realFetch('https://api.example.com/v1/weather'))
})

test('global fetch', async () => {
  await swallowed('global fetch', () => fetch('https://api.example.com/v1/forecast?api_key=abc123'))
})

test('node:http get and node:https request', async () => {
  console.log(
    `[sample] http.get: ${await nodeRequest(() => http.get('http://api.example.com/status'))}`,
  )
  const masked = await nodeRequest(() =>
    https.request('https://user:hunter2pass@api.example.com/v1/secret-area', { method: 'POST' }),
  )
  console.log(`[sample] https.request: ${masked}`)
  console.log(
    `[sample] named request: ${await nodeRequest(() => namedRequest('http://api.example.com/named'))}`,
  )
})

test('a loopback server keeps working', async () => {
  const server = http.createServer((_, res) => res.end('pong'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/ping`)).text()
    const viaHttp = await nodeRequest(() => http.get(`http://127.0.0.1:${port}/ping`))
    console.log(`[sample] loopback: ${text} ${viaHttp}`)
    expect(text).toBe('pong')
  } finally {
    server.close()
  }
})

// Run with SEAL_ALLOW_NETWORK=127.0.0.1: the list replaces the loopback default, so another
// loopback address is refused before any connection.
test.runIf(process.env.SEAL_ALLOW_NETWORK !== undefined)('allowNetwork', async () => {
  const server = http.createServer((_, res) => res.end('pong'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    console.log(`[sample] allowed: ${await (await fetch(`http://127.0.0.1:${port}/ping`)).text()}`)
    await swallowed('not allowed', () => fetch(`http://127.0.0.2:${port}/ping`))
  } finally {
    server.close()
  }
})

afterAll(() => {
  const global = globalThis as Record<symbol, unknown>
  console.log(
    `[sample] after the tests: fetch=${globalThis.fetch === realFetch} request=${http.request === realRequest} dispatcher=${!types.isProxy(global[DISPATCHER])}`,
  )
})
