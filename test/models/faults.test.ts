import { APIConnectionError, APIConnectionTimeoutError } from 'openai'
import { describe, expect, test } from 'vitest'
import { createLimiter, END, runScenario, Scenario } from '../../src/core.js'
import { classifyCallError, retryAfterMs } from '../../src/models/classify-error.js'
import { Limiter } from '../../src/models/limiter.js'
import { defaultRetryPolicy, retryDelayMs } from '../../src/models/retry-policy.js'
import { useScriptedServer } from './server-fixture.js'

const { server, model } = useScriptedServer()
const single = () =>
  new Scenario('single')
    .addNode('ask', { question: 'q' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()

describe('retries', () => {
  test('a 429 with retry-after-ms is retried after that wait, then succeeds', async () => {
    server().reply({ status: 429, retryAfterMs: 30 }, { content: 'ok' })
    const result = await runScenario(single(), { model: model() })
    expect(result.status).toBe('completed')
    expect(server().requests).toHaveLength(2)
    const gap =
      (server().requests[1]?.sinceStartMs ?? 0) - (server().requests[0]?.sinceStartMs ?? 0)
    expect(gap).toBeGreaterThanOrEqual(25)
  })

  test('a server error that persists fails the turn after 2 retries (3 attempts), never throwing', async () => {
    server().setDefaultReply({ status: 503, retryAfterMs: 1 })
    const result = await runScenario(single(), { model: model() })
    expect(server().requests).toHaveLength(3)
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({ nodeId: 'ask', category: 'server_error', stage: 'answer' })
    expect(result.error?.message).toContain(
      `A call to model 'test-model' at ${server().baseURL} failed (server_error)`,
    )
    expect(result.history[0]?.rawResponse).toBeNull()
  })

  test('x-should-retry: false stops retries; a 400 is not retried and is unexpected', async () => {
    server().reply({ status: 500, shouldRetry: false })
    expect((await runScenario(single(), { model: model() })).error?.category).toBe('server_error')
    expect(server().requests).toHaveLength(1)
    server().reset()
    server().reply({ status: 400, message: 'bad model' })
    const bad = await runScenario(single(), { model: model() })
    expect(bad.error?.category).toBe('unexpected')
    expect(server().requests).toHaveLength(1)
  })

  test('x-should-retry: true retries a status that is otherwise final', async () => {
    server().reply({ status: 400, shouldRetry: true, retryAfterMs: 1 }, { content: 'ok' })
    expect((await runScenario(single(), { model: model() })).status).toBe('completed')
    expect(server().requests).toHaveLength(2)
  })

  test('a reset connection is a connection error', async () => {
    server().setDefaultReply({ reset: true })
    const started = Date.now()
    const result = await runScenario(single(), { model: model() })
    expect(result.error?.category).toBe('connection')
    // Two backoffs of 0.5 s and 1 s: the library's own retry loop ran.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400)
    expect(server().requests).toHaveLength(3)
  })

  test('an abort while the model is answering ends the turn as aborted', async () => {
    server().setDefaultReply({ hang: true })
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('stop')), 50)
    const result = await runScenario(single(), { model: model(), signal: controller.signal })
    expect(result.error).toMatchObject({ category: 'aborted', stage: 'answer' })
  })
})

describe('signals', () => {
  test("many model calls leave no abort listeners behind on the run's signal", async () => {
    server().setDefaultReply({ content: 'ok' })
    const loop = new Scenario('loop')
      .addNode('again', { question: 'q' })
      .addEdge('again', 'again')
      .setEntry('again')
      .validate()
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const result = await runScenario(loop, {
        model: model(),
        signal: new AbortController().signal,
        turnLimit: 15,
      })
      expect(result.turnCount).toBe(15)
      await new Promise((resolve) => setTimeout(resolve, 10))
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning')
  })

  test.each([
    ['one signal shared by every run', () => new AbortController().signal],
    ['no signal at all', () => undefined],
  ])('16 concurrent calls with %s raise no listener warning', async (_, makeSignal) => {
    // Long enough that all 16 calls are in flight together, even on a busy machine.
    server().setDefaultReply({ content: 'ok', delayMs: 300 })
    const signal = makeSignal()
    const limiter = createLimiter({ maxConcurrentCalls: 16 })
    const warnings = await collectWarnings(() =>
      Promise.all(
        Array.from({ length: 16 }, () =>
          runScenario(single(), { model: model(), limiter, signal }),
        ),
      ),
    )
    expect(server().maxInFlight).toBe(16)
    expect(warnings).not.toContain('MaxListenersExceededWarning')
  })

  test('aborting a signal shared by concurrent runs aborts every call in flight', async () => {
    server().setDefaultReply({ hang: true })
    const controller = new AbortController()
    const limiter = createLimiter({ maxConcurrentCalls: 12 })
    const runs = Array.from({ length: 12 }, () =>
      runScenario(single(), { model: model(), limiter, signal: controller.signal }),
    )
    await expect.poll(() => server().requests.length).toBe(12)
    controller.abort(new Error('stop'))
    const results = await Promise.all(runs)
    expect(results.map((r) => r.error?.category)).toEqual(Array(12).fill('aborted'))
    // The aborted calls closed their connections; the server sees them go.
    await expect.poll(() => server().inFlight).toBe(0)
  })
})

async function collectWarnings(work: () => Promise<unknown>): Promise<string[]> {
  const warnings: string[] = []
  const onWarning = (warning: Error) => warnings.push(warning.name)
  process.on('warning', onWarning)
  try {
    await work()
    await new Promise((resolve) => setTimeout(resolve, 10))
  } finally {
    process.off('warning', onWarning)
  }
  return warnings
}

describe('concurrency', () => {
  test('model calls of concurrent runs share the limiter they are given', async () => {
    server().setDefaultReply({ content: 'ok', delayMs: 40 })
    const limiter = createLimiter({ maxConcurrentCalls: 2 })
    const runs = Array.from({ length: 6 }, () => runScenario(single(), { model: model(), limiter }))
    const results = await Promise.all(runs)
    expect(results.every((r) => r.status === 'completed')).toBe(true)
    expect(server().maxInFlight).toBe(2)
  })

  test('after a rate limit, calls that have not started wait out its retry-after', async () => {
    const limiter = new Limiter(4)
    limiter.pauseFor(60)
    const started = Date.now()
    let ranAt = 0
    await limiter.run(async () => {
      ranAt = Date.now()
    })
    expect(ranAt - started).toBeGreaterThanOrEqual(55)
    const controller = new AbortController()
    limiter.pauseFor(1000)
    const waiting = limiter.run(async () => 'ran', controller.signal)
    controller.abort(new Error('stop'))
    await expect(waiting).rejects.toThrow('stop')
  })

  test('a user-supplied client is used as given', async () => {
    const { default: OpenAI } = await import('openai')
    const client = new OpenAI({
      baseURL: server().baseURL,
      apiKey: 'test-key-fake',
      maxRetries: 0,
    })
    server().reply({ content: 'from my client' })
    const result = await runScenario(single(), { model: { model: 'mine', client } })
    expect(result.history[0]?.rawResponse).toBe('from my client')
    expect(server().requests[0]?.body).toMatchObject({ model: 'mine' })
  })

  test('the limiter admits in arrival order and never more than its capacity', async () => {
    const limiter = new Limiter(2)
    let active = 0
    let peak = 0
    const order: number[] = []
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        limiter.run(async () => {
          active++
          peak = Math.max(peak, active)
          order.push(i)
          await new Promise((r) => setTimeout(r, 5))
          active--
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4])
  })

  test('with thousands waiting, the limiter still admits in arrival order (its queue is compacted as it goes)', async () => {
    const limiter = new Limiter(3)
    const order: number[] = []
    const count = 5000
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        limiter.run(async () => {
          order.push(i)
          // Some settle at once, some a tick later: slots free up in a changing order.
          if (i % 3 === 0) await Promise.resolve()
        }),
      ),
    )
    expect(order).toEqual(Array.from({ length: count }, (_, i) => i))
    // Resized while calls wait: the new room is filled from the front of the queue.
    const resized = new Limiter(1)
    const admitted: number[] = []
    let release = () => {}
    const first = resized.run(() => new Promise<void>((r) => (release = r)))
    const rest = Array.from({ length: 2000 }, (_, i) =>
      resized.run(async () => {
        admitted.push(i)
      }),
    )
    resized.capacity = 4
    release()
    await Promise.all([first, ...rest])
    expect(admitted).toEqual(Array.from({ length: 2000 }, (_, i) => i))
  })
})

describe('classification and backoff', () => {
  const apiError = (status: number | undefined, headers: Record<string, string> = {}) =>
    Object.assign(new Error('x'), { status, headers: new Headers(headers) })

  test('classifies by status, fields and headers, never instanceof', () => {
    expect(classifyCallError(apiError(429), false)).toMatchObject({
      category: 'rate_limit',
      retryable: true,
    })
    expect(classifyCallError(apiError(502), false)).toMatchObject({
      category: 'server_error',
      retryable: true,
    })
    expect(classifyCallError(apiError(408), false)).toMatchObject({
      category: 'timeout',
      retryable: true,
    })
    expect(classifyCallError(apiError(401), false)).toMatchObject({
      category: 'unexpected',
      retryable: false,
    })
    // The SDK's own errors, classified by their fields (`status`, `cause`), not their class.
    const down = new APIConnectionError({ message: 'down', cause: new Error('ECONNREFUSED') })
    expect(classifyCallError(down, false).category).toBe('connection')
    expect(classifyCallError(new APIConnectionTimeoutError(), false).category).toBe('timeout')
    expect(classifyCallError(apiError(500), true).category).toBe('aborted')
  })

  test('retry-after-ms wins over retry-after (seconds or a date); backoff doubles to its cap', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '3' }))).toBe(250)
    expect(retryAfterMs(new Headers({ 'retry-after': '0.2' }))).toBe(200)
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4000)).toBe(
      6000,
    )
    expect([0, 1, 2, 3, 4, 5].map((n) => retryDelayMs(defaultRetryPolicy, n, undefined))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ])
    expect(retryDelayMs(defaultRetryPolicy, 0, 61_000)).toBe(500)
    expect(retryDelayMs(defaultRetryPolicy, 0, 60_000)).toBe(60_000)
  })
})
