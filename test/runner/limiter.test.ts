import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLimiter, END, runScenario, Scenario } from '../../src/core.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'

// The pause after a 429 is per endpoint: calls to the endpoint that limited wait out its
// retry-after, calls to another endpoint sharing the limiter go on at once.

describe('Limiter.pauseFor', () => {
  test('holds back calls to the paused endpoint only', async () => {
    const limiter = createLimiter({ maxConcurrentCalls: 4 })
    limiter.pauseFor(300, 'http://a.test/v1')
    const started = Date.now()
    const other = await limiter.run(async () => Date.now() - started, undefined, 'http://b.test/v1')
    const paused = await limiter.run(
      async () => Date.now() - started,
      undefined,
      'http://a.test/v1',
    )
    expect(other).toBeLessThan(100)
    expect(paused).toBeGreaterThanOrEqual(290)
  })
})

describe('a rate limit from one server', () => {
  let limited: ScriptedServer
  let free: ScriptedServer
  beforeAll(async () => {
    limited = await startOpenAIServer()
    free = await startOpenAIServer()
  })
  afterAll(async () => {
    await Promise.all([limited.close(), free.close()])
  })

  const twoTurns = () =>
    new Scenario('two')
      .addNode('a', { question: 'q1' })
      .addNode('b', { question: 'q2' })
      .addEdge('a', 'b')
      .addEdge('b', END)
      .setEntry('a')
      .validate()

  test('does not hold back the calls of a run against another server sharing the limiter', async () => {
    limited.reply({ status: 429, retryAfter: 1 }, { content: 'ok' }, { content: 'ok' })
    free.setDefaultReply({ content: 'ok' })
    const limiter = createLimiter({ maxConcurrentCalls: 8 })
    const model = (server: ScriptedServer) => ({
      model: 'm',
      baseURL: server.baseURL,
      apiKey: 'test-key-fake-limiter',
    })
    const started = Date.now()
    const slow = runScenario(twoTurns(), { model: model(limited), limiter })
    // Once the 429 came back, the limited endpoint is paused for its retry-after (1 s).
    await expect.poll(() => limited.requests.length).toBe(1)
    const fast = await runScenario(twoTurns(), { model: model(free), limiter })
    const fastMs = Date.now() - started
    expect(fast.status).toBe('completed')
    expect((await slow).status).toBe('completed')
    const slowMs = Date.now() - started
    expect(fastMs).toBeLessThan(800)
    expect(slowMs).toBeGreaterThanOrEqual(950)
  })
})

describe('a retry after a rate limit', () => {
  let server: ScriptedServer
  beforeAll(async () => {
    server = await startOpenAIServer()
  })
  afterAll(async () => {
    await server.close()
  })

  test("waits out the pause another call's 429 set after its own", async () => {
    // Two calls at once: the first is told to come back in 0.2 s, the second in 1 s. The first
    // retrying at 0.2 s would meet a server that still refuses; it waits for the endpoint's pause.
    server.reply({ status: 429, retryAfter: 0.2 }, { status: 429, retryAfter: 1 })
    server.setDefaultReply({ content: 'ok' })
    const limiter = createLimiter({ maxConcurrentCalls: 4 })
    const model = { model: 'm', baseURL: server.baseURL, apiKey: 'test-key-fake-limiter' }
    const oneTurn = new Scenario('one')
      .addNode('a', { question: 'q' })
      .addEdge('a', END)
      .setEntry('a')
      .validate()
    const results = await Promise.all([
      runScenario(oneTurn, { model, limiter }),
      runScenario(oneTurn, { model, limiter }),
    ])
    expect(results.map((r) => r.status)).toEqual(['completed', 'completed'])
    const [first, , ...retries] = server.requests
    expect(retries).toHaveLength(2)
    for (const retry of retries) {
      expect(retry.sinceStartMs - (first?.sinceStartMs ?? 0)).toBeGreaterThanOrEqual(950)
    }
  })
})
