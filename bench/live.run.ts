// Live benchmarks of the model layer against the scripted OpenAI-compatible server on
// 127.0.0.1 (see bench/README.md). Run by `npm run bench` through `bench/vitest.config.ts`.
import { test } from 'vitest'
import { z } from 'zod'
import { defineTemplate, END, runScenario, Scenario } from '../src/core.js'
import { startServerProcess } from './server-process.js'

const SCENARIOS = 100
const LATENCY_MS = 50
const MAX_CONCURRENT = 16

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
  const started = performance.now()
  const results = await Promise.all(
    Array.from({ length: SCENARIOS }, () =>
      runScenario(definition, { model, parsingModel: model, maxConcurrentCalls: MAX_CONCURRENT }),
    ),
  )
  const wall = performance.now() - started
  const stats = await server.stats()
  const calls = stats.requests
  const ideal = (calls * LATENCY_MS) / MAX_CONCURRENT
  const failed = results.filter((r) => r.status !== 'completed').length
  await server.close()
  console.log(
    [
      `live concurrency — ${SCENARIOS} scenarios × 4 turns, ${calls} HTTP calls (answering + judging), ${LATENCY_MS} ms each, maxConcurrentCalls ${MAX_CONCURRENT}`,
      `  wall ${wall.toFixed(0)} ms, ideal ${ideal.toFixed(0)} ms, efficiency ${((ideal / wall) * 100).toFixed(1)} % (target ≥ 90 %: ${ideal / wall >= 0.9 ? 'MET' : 'NOT MET'}), max in flight ${stats.maxInFlight}, failed scenarios ${failed}`,
    ].join('\n'),
  )
})

test('rate limits: 200 requests/s (burst 16), 429 with retry-after 0.2 s, default retries', async () => {
  const server = await startServerProcess(
    { rateLimit: { perSecond: 200, burst: 16, retryAfter: 0.2 } },
    'plain',
  )
  const model = { model: 'bench-model', baseURL: server.baseURL, apiKey: 'test-key-fake' }
  const definition = plain()
  const started = performance.now()
  const results = await Promise.all(
    Array.from({ length: SCENARIOS }, () =>
      runScenario(definition, { model, maxConcurrentCalls: MAX_CONCURRENT }),
    ),
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
