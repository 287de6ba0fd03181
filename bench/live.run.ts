// Live benchmarks of the model layer against the scripted OpenAI-compatible server on
// 127.0.0.1 (see bench/README.md). Run by `npm run bench` through `bench/vitest.config.ts`.
import { test } from 'vitest'
import { z } from 'zod'
import { createLimiter, defineTemplate, END, runScenario, Scenario } from '../src/core.js'
import { startServerProcess } from './server-process.js'

const SCENARIOS = 100
const LATENCY_MS = 50
const MAX_CONCURRENT = 16
const WARM_BATCHES = 5

/** Four turns; two of them have a template the parsing model fills (two judging calls per run). */
function scenario() {
  const judged = defineTemplate({
    schema: z.object({ drug: z.string() }),
    groundTruth: { drug: 'venetoclax' },
  })
  return new Scenario('live')
    .addNode('ask', { question: { question: 'Which drug inhibits BCL-2?', template: judged } })
    .addNode('why', { question: 'Why does it work?' })
    .addNode('challenge', { question: { question: 'Are you sure?', template: judged } })
    .addNode('wrap', { question: 'Summarize.' })
    .addEdge('ask', 'why')
    .addEdge('why', 'challenge')
    .addEdge('challenge', 'wrap')
    .addEdge('wrap', END)
    .setEntry('ask')
    .validate()
}

function plain() {
  return new Scenario('plain')
    .addNode('a', { question: 'q1' })
    .addNode('b', { question: 'q2' })
    .addNode('c', { question: 'q3' })
    .addNode('d', { question: 'q4' })
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .addEdge('c', 'd')
    .addEdge('d', END)
    .setEntry('a')
    .validate()
}

test('live concurrency: 100 scenarios × 4 turns, 50 ms per call, maxConcurrentCalls 16', async () => {
  const server = await startServerProcess({ latencyMs: LATENCY_MS }, 'judged')
  const model = { model: 'bench-model', baseURL: server.baseURL, apiKey: 'test-key-fake' }
  const definition = scenario()
  const limiter = createLimiter({ maxConcurrentCalls: MAX_CONCURRENT })
  const options = { model, parsingModel: model, limiter }
  const batch = async () => {
    const before = (await server.stats()).requests
    const started = performance.now()
    const results = await Promise.all(
      Array.from({ length: SCENARIOS }, () => runScenario(definition, options)),
    )
    const wall = performance.now() - started
    const calls = (await server.stats()).requests - before
    const ideal = (calls * LATENCY_MS) / MAX_CONCURRENT
    return { wall, calls, ideal, failed: results.filter((r) => r.status !== 'completed').length }
  }
  // The first batch of a fresh worker also pays for loading the SDK, compiling it and opening the
  // connections: printed apart, then the batches that measure the steady state.
  const cold = await batch()
  const warm: Awaited<ReturnType<typeof batch>>[] = []
  const bare: number[] = []
  // Each library batch is followed by the same number of bare `fetch` calls, 16 at a time, to
  // the same server: the floor for any client in this process, measured in the same run.
  for (let i = 0; i < WARM_BATCHES; i++) {
    const measured = await batch()
    warm.push(measured)
    bare.push(await bareFetchBatch(server.baseURL, measured.calls))
  }
  const stats = await server.stats()
  await server.close()
  const efficiency = (b: { ideal: number; wall: number }) => b.ideal / b.wall
  const sorted = [...warm].sort((a, b) => efficiency(a) - efficiency(b))
  const median = sorted[Math.floor(sorted.length / 2)] ?? cold
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`
  const failed = [cold, ...warm].reduce((sum, b) => sum + b.failed, 0)
  console.log(
    [
      `live concurrency — ${SCENARIOS} scenarios × 4 turns, ${median.calls} HTTP calls per batch (answering + judging), ${LATENCY_MS} ms each, maxConcurrentCalls ${MAX_CONCURRENT}`,
      `  first batch (cold worker): wall ${cold.wall.toFixed(0)} ms, ideal ${cold.ideal.toFixed(0)} ms, efficiency ${percent(efficiency(cold))}`,
      `  steady state, median of ${WARM_BATCHES} batches: wall ${median.wall.toFixed(0)} ms, ideal ${median.ideal.toFixed(0)} ms, efficiency ${percent(efficiency(median))} (range ${percent(efficiency(sorted[0] ?? cold))}–${percent(efficiency(sorted.at(-1) ?? cold))}; target ≥ 90 %: ${efficiency(median) >= 0.9 ? 'MET' : 'NOT MET'})`,
      `  bare fetch, the same calls 16 at a time, median of ${WARM_BATCHES} batches: efficiency ${percent(median.ideal / (bare.sort((a, b) => a - b)[Math.floor(bare.length / 2)] ?? Number.NaN))}`,
      `  max in flight ${stats.maxInFlight}, failed scenarios ${failed}`,
    ].join('\n'),
  )
})

/** `calls` chat completion POSTs with `fetch` alone, at most 16 at a time; the wall time. */
async function bareFetchBatch(baseURL: string, calls: number): Promise<number> {
  const body = JSON.stringify({
    model: 'bench-model',
    messages: [{ role: 'user', content: 'Which drug inhibits BCL-2?' }],
  })
  let next = 0
  const lane = async () => {
    while (next++ < calls) {
      const response = await fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer test-key-fake' },
        body,
      })
      await response.json()
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: MAX_CONCURRENT }, lane))
  return performance.now() - started
}

test('rate limits: 200 requests/s (burst 16), 429 with retry-after 0.2 s, default retries', async () => {
  const server = await startServerProcess(
    { rateLimit: { perSecond: 200, burst: 16, retryAfter: 0.2 } },
    'plain',
  )
  const model = { model: 'bench-model', baseURL: server.baseURL, apiKey: 'test-key-fake' }
  const definition = plain()
  const limiter = createLimiter({ maxConcurrentCalls: MAX_CONCURRENT })
  const started = performance.now()
  const results = await Promise.all(
    Array.from({ length: SCENARIOS }, () => runScenario(definition, { model, limiter })),
  )
  const wall = performance.now() - started
  const stats = await server.stats()
  const limited = stats.byStatus['429'] ?? 0
  const succeeded = stats.byStatus['200'] ?? 0
  const failed = results.filter((r) => r.status !== 'completed').length
  const floor = (succeeded / 200) * 1000
  await server.close()
  console.log(
    [
      `rate limits — ${SCENARIOS} scenarios × 4 turns against 200 requests/s (burst 16)`,
      `  failed scenarios ${failed} (target 0: ${failed === 0 ? 'MET' : 'NOT MET'}), retries ${limited} (429s), wall ${wall.toFixed(0)} ms against a floor of ${floor.toFixed(0)} ms (${succeeded} calls ÷ 200/s)`,
    ].join('\n'),
  )
})
