import http, { type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { types } from 'node:util'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { NetworkBlockedError, UnrecordedCallError } from '../../src/errors/index.js'
import { sendLive } from '../../src/seal/live-send.js'
import {
  liftSeal,
  refusal,
  type SealedTest,
  seal,
  sealedTest,
  unseal,
} from '../../src/seal/network-seal.js'

// The seal in this process: nothing is sent anywhere but to a server on 127.0.0.1 (a refused
// request never connects).

/** Taken at import time, before any seal: as an SDK client built at a file's top level keeps it. */
const capturedFetch = globalThis.fetch
const realRequest = http.request
const DISPATCHER = Symbol.for('undici.globalDispatcher.1')

let server: http.Server
let local = ''

beforeAll(async () => {
  server = http.createServer((_, res) => res.end('pong'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.close()
})

let sealed: SealedTest | undefined
afterEach(() => {
  if (sealed !== undefined) unseal(sealed)
  sealed = undefined
  liftSeal()
})

const sealAs = async (mode: SealedTest['mode'], allowNetwork?: string[]) => {
  sealed = sealedTest({ name: 'a test', mode, allowNetwork, allowFix: 'the config' })
  await seal(sealed)
  return sealed
}

function get(url: string): Promise<string> {
  return new Promise((resolve) => {
    http
      .get(url, (res: IncomingMessage) => {
        res.resume()
        resolve(`status ${res.statusCode}`)
      })
      .on('error', (error) => resolve(error.name))
  })
}

describe('in replay', () => {
  test('fetch, a fetch taken before the seal, and node:http are refused, each once per request', async () => {
    const test = await sealAs('replay', [])
    await expect(fetch(`${local}/a`)).rejects.toBeInstanceOf(NetworkBlockedError)
    const captured = await capturedFetch(`${local}/b`).catch((error: unknown) => error)
    expect(captured).toBeInstanceOf(TypeError)
    expect((captured as TypeError).cause).toBeInstanceOf(NetworkBlockedError)
    expect(await get(`${local}/c`)).toBe('NetworkBlockedError')
    await expect(fetch(`${local}/a`)).rejects.toBeInstanceOf(NetworkBlockedError)
    const failures = unseal(test)
    sealed = undefined
    expect(failures.map((f) => (f as NetworkBlockedError).url)).toEqual([
      `${local}/a`,
      `${local}/b`,
      `${local}/c`,
    ])
    const first = failures[0] as NetworkBlockedError
    expect(first.code).toBe('network_blocked')
    expect(first.subjects).toEqual([`request: GET ${local}/a`, 'test: a test'])
    expect(first.fix).toContain('wrap(client)')
    expect(first.fix).toContain('recordedFetch')
    expect(first.fix).toContain('allowNetwork (the config); allowed now: none')
  })

  test("loopback is allowed by default, and a recording session's live send always", async () => {
    await sealAs('replay')
    expect(await (await fetch(`${local}/ok`)).text()).toBe('pong')
    expect(await (await capturedFetch(`${local}/ok`)).text()).toBe('pong')
    expect(await get(`${local}/ok`)).toBe('status 200')
    unseal(sealed as SealedTest)
    await sealAs('replay', [])
    expect(await (await sendLive(() => capturedFetch(`${local}/live`))).text()).toBe('pong')
    expect(await (await sendLive(() => fetch(`${local}/live`))).text()).toBe('pong')
    expect((sealed as SealedTest).failures).toEqual([])
  })
})

test('while recording, only what looks like a model call is refused', async () => {
  const test = await sealAs('new', [])
  expect(refusal('GET', 'https://api.example.com/weather')).toBeUndefined()
  const error = refusal('post', 'https://api.openai.com/v1/chat/completions?api_key=k')
  expect(error).toBeInstanceOf(UnrecordedCallError)
  expect((error as UnrecordedCallError).url).toBe(
    'https://api.openai.com/v1/chat/completions?api_key=[secret]',
  )
  expect((error as UnrecordedCallError).what).toContain('mode: new')
  expect(refusal('POST', 'https://gateway.example.com/v1/responses')).toBeInstanceOf(
    UnrecordedCallError,
  )
  expect(sendLive(() => refusal('POST', 'https://api.openai.com/v1/responses'))).toBeUndefined()
  expect(test.failures).toHaveLength(2)
})

test('outside a sealed test nothing is judged, and the interception is removed', async () => {
  expect(refusal('GET', 'https://api.openai.com/v1/models')).toBeUndefined()
  const test = await sealAs('replay')
  expect(globalThis.fetch).not.toBe(capturedFetch)
  expect(http.request).not.toBe(realRequest)
  expect(types.isProxy((globalThis as Record<symbol, unknown>)[DISPATCHER])).toBe(true)
  // A second (concurrent) test shares the installation; it is removed when the last one ends.
  const other = sealedTest({ name: 'other', mode: 'replay', allowNetwork: undefined, allowFix: '' })
  await seal(other)
  unseal(other)
  expect(globalThis.fetch).not.toBe(capturedFetch)
  unseal(test)
  sealed = undefined
  expect(globalThis.fetch).toBe(capturedFetch)
  expect(http.request).toBe(realRequest)
  expect(types.isProxy((globalThis as Record<symbol, unknown>)[DISPATCHER])).toBe(false)
  expect(refusal('GET', 'https://api.openai.com/v1/models')).toBeUndefined()
})

test('kept installed for the next test, it judges nothing between them and goes when the worker is idle', async () => {
  const first = await sealAs('replay')
  unseal(first, { keepInstalled: true })
  sealed = undefined
  expect(globalThis.fetch).not.toBe(capturedFetch)
  expect(refusal('GET', 'https://api.openai.com/v1/models')).toBeUndefined()
  await new Promise((resolve) => setImmediate(resolve))
  expect(globalThis.fetch).toBe(capturedFetch)
  expect(http.request).toBe(realRequest)
  expect(types.isProxy((globalThis as Record<symbol, unknown>)[DISPATCHER])).toBe(false)
})

test('tests sealed one after the other share one installation; liftSeal removes it at once', async () => {
  const first = await sealAs('replay')
  const intercepted = globalThis.fetch
  unseal(first, { keepInstalled: true })
  const second = await sealAs('replay')
  expect(globalThis.fetch).toBe(intercepted)
  await expect(fetch('https://api.example.com/x')).rejects.toBeInstanceOf(NetworkBlockedError)
  expect(second.failures).toHaveLength(1)
  expect(first.failures).toHaveLength(0)
  unseal(second, { keepInstalled: true })
  sealed = undefined
  liftSeal()
  expect(globalThis.fetch).toBe(capturedFetch)
  expect(http.request).toBe(realRequest)
  expect(types.isProxy((globalThis as Record<symbol, unknown>)[DISPATCHER])).toBe(false)
})

/** A test's own msw mock of `fetch`: it answers `…/mocked` and leaves every other request. */
function mockedFetch(): FetchInterceptor {
  const mock = new FetchInterceptor()
  mock.apply()
  mock.on('request', ({ request, controller }) => {
    if (request.url.endsWith('/mocked')) controller.respondWith(new Response('mocked'))
  })
  return mock
}

test('a mock applied while the installation was kept from an earlier test still answers first', async () => {
  const first = await sealAs('replay')
  unseal(first, { keepInstalled: true })
  const mock = mockedFetch()
  try {
    await sealAs('replay')
    expect(await (await fetch('https://api.example.com/mocked')).text()).toBe('mocked')
    await expect(fetch('https://api.example.com/other')).rejects.toBeInstanceOf(NetworkBlockedError)
  } finally {
    unseal(sealed as SealedTest)
    sealed = undefined
    liftSeal()
    mock.dispose()
  }
})

test("a test's own mock (msw, applied before the seal) still answers; what it leaves is refused", async () => {
  const mock = mockedFetch()
  try {
    await sealAs('replay')
    expect(await (await fetch('https://api.example.com/mocked')).text()).toBe('mocked')
    await expect(fetch('https://api.example.com/other')).rejects.toBeInstanceOf(NetworkBlockedError)
    expect((sealed as SealedTest).failures).toHaveLength(1)
  } finally {
    unseal(sealed as SealedTest)
    sealed = undefined
    mock.dispose()
  }
})
