import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@jest/globals'
import OpenAI from 'openai'

// Requests no recording answers, swallowed as an app might: the seal refuses them and the test
// still fails; a server the test starts on loopback keeps working.

/** Built at the top of the file, before any test: it keeps the `fetch` it found then. */
const topClient = new OpenAI({
  baseURL: 'https://api.openai.com/v1',
  apiKey: 'replay-only',
  maxRetries: 0,
})

async function swallowed(label: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send()
    console.log(`[sample] ${label}: sent`)
  } catch (error) {
    const e = error as { name?: string; code?: string; cause?: { name?: string } }
    console.log(`[sample] ${label}: ${e.name} ${e.code ?? ''} cause=${e.cause?.name}`)
  }
}

test('a client built at the top of the file', async () => {
  await swallowed('top-level client', () =>
    topClient.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'hi' }],
    }),
  )
})

test('node:http to a host that is not allowed', async () => {
  const outcome = await new Promise<string>((resolve) => {
    http
      .get('http://api.example.com/status', (res) => {
        res.resume()
        resolve('sent')
      })
      .on('error', (error) => resolve(error.name))
  })
  console.log(`[sample] http.get: ${outcome}`)
})

test('a loopback server keeps working', async () => {
  const server = http.createServer((_, res) => res.end('pong'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    expect(await (await fetch(`http://127.0.0.1:${port}/ping`)).text()).toBe('pong')
  } finally {
    server.close()
  }
})
