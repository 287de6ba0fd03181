// Live benchmarks of the model layer against the scripted OpenAI-compatible server on
// 127.0.0.1 (see bench/README.md). Run by `npm run bench` through `bench/vitest.config.ts`.
import { availableParallelism, loadavg } from 'node:os'
import { test } from 'vitest'
import { z } from 'zod'
import { createLimiter, defineTemplate, END, runScenario, Scenario } from '../src/core.js'
import { startServerProcess } from './server-process.js'

/** `BENCH_QUICK=1`: fewer and shorter batches, for a quick look (Vitest passes the runner no argv). */
const QUICK = process.env.BENCH_QUICK === '1'
const SCENARIOS = 100
const LATENCY_MS = 50
const MAX_CONCURRENT = 16
const WARM_BATCHES = QUICK ? 3 : 5
/** The grid's cells: every concurrency at every server latency. */
const GRID_CONCURRENCY = [4, 16, 64] as const
const GRID_LATENCY_MS = [10, 50, 200] as const
/**
 * Rounds of each cell (a library batch and a bare `fetch` batch, the first of the two
 * alternating): the median of 5 stands against the one round in a few that the machine's other
 * work spoils.
 */
const GRID_ROUNDS = QUICK ? 1 : 5
/** A grid batch is sized to last about this long at its ideal (more calls at low latency). */
const GRID_BATCH_MS = QUICK ? 400 : 600

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
      `live concurrency — ${SCENARIOS} scenarios × 4 turns, ${median.calls} HTTP calls per batch (answering + judging), ${LATENCY_MS} ms each, maxConcurrentCalls ${MAX_CONCURRENT} — ${load()}`,
      `  first batch (cold worker): wall ${cold.wall.toFixed(0)} ms, ideal ${cold.ideal.toFixed(0)} ms, efficiency ${percent(efficiency(cold))} (target ≥ 85 %: ${efficiency(cold) >= 0.85 ? 'MET' : 'NOT MET'})`,
      `  steady state, median of ${WARM_BATCHES} batches: wall ${median.wall.toFixed(0)} ms, ideal ${median.ideal.toFixed(0)} ms, efficiency ${percent(efficiency(median))} (range ${percent(efficiency(sorted[0] ?? cold))}–${percent(efficiency(sorted.at(-1) ?? cold))}; target ≥ 90 %: ${efficiency(median) >= 0.9 ? 'MET' : 'NOT MET'})`,
      `  bare fetch, the same calls 16 at a time, median of ${WARM_BATCHES} batches: efficiency ${percent(median.ideal / (bare.sort((a, b) => a - b)[Math.floor(bare.length / 2)] ?? Number.NaN))}`,
      `  max in flight ${stats.maxInFlight}, failed scenarios ${failed}`,
    ].join('\n'),
  )
})

/** `calls` chat completion POSTs with `fetch` alone, at most `concurrency` at a time; the wall time. */
async function bareFetchBatch(
  baseURL: string,
  calls: number,
  concurrency = MAX_CONCURRENT,
): Promise<number> {
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
  await Promise.all(Array.from({ length: concurrency }, lane))
  return performance.now() - started
}

/** The median of `values` (the lower middle one for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN
}

test('live grid: library against bare fetch at 4 / 16 / 64 concurrent × 10 / 50 / 200 ms', async () => {
  const servers = await Promise.all(
    GRID_LATENCY_MS.map((latencyMs) => startServerProcess({ latencyMs }, 'plain')),
  )
  const definition = plain()
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`
  const lines = [
    `live grid — plain 4-turn scenarios (one call per turn) against bare fetch POSTs in the same process, median of ${GRID_ROUNDS} round${GRID_ROUNDS === 1 ? '' : 's'} per cell, the side that goes first alternating (target: gap ≤ 3 points) — ${load()}`,
    '  concurrent  latency  calls  library   bare fetch  gap (per round)         CPU µs/call library / bare  target',
  ]
  for (const [l, latencyMs] of GRID_LATENCY_MS.entries()) {
    const server = servers[l]
    if (server === undefined) throw new Error('no server')
    const model = { model: 'bench-model', baseURL: server.baseURL, apiKey: 'test-key-fake' }
    for (const concurrency of GRID_CONCURRENCY) {
      // Each lane makes `rounds` calls one after another; a multiple of 4 so the scenarios (4
      // calls each, in turn) fill every slot until the last round.
      const rounds = Math.max(8, Math.round(GRID_BATCH_MS / latencyMs / 4) * 4)
      const calls = concurrency * rounds
      const ideal = rounds * latencyMs
      const library = () =>
        timed(calls, ideal, async () => {
          const limiter = createLimiter({ maxConcurrentCalls: concurrency })
          const results = await Promise.all(
            Array.from({ length: calls / 4 }, () => runScenario(definition, { model, limiter })),
          )
          if (results.some((r) => r.status !== 'completed')) {
            throw new Error('a grid scenario failed')
          }
        })
      const bare = () =>
        timed(calls, ideal, () => bareFetchBatch(server.baseURL, calls, concurrency))
      const ours: Timed[] = []
      const floor: Timed[] = []
      for (let round = 0; round < GRID_ROUNDS; round++) {
        if (round % 2 === 0) {
          ours.push(await library())
          floor.push(await bare())
        } else {
          floor.push(await bare())
          ours.push(await library())
        }
      }
      const gaps = ours.map((o, i) => ((floor[i]?.efficiency ?? Number.NaN) - o.efficiency) * 100)
      const efficiency = (side: Timed[]) => median(side.map((t) => t.efficiency))
      const cpu = (side: Timed[]) => median(side.map((t) => t.cpuPerCall)).toFixed(0)
      const gap = (efficiency(floor) - efficiency(ours)) * 100
      lines.push(
        [
          `  ${String(concurrency).padEnd(10)}`,
          `${`${latencyMs} ms`.padEnd(7)}`,
          `${String(calls).padEnd(5)}`,
          `${percent(efficiency(ours)).padEnd(8)}`,
          `${percent(efficiency(floor)).padEnd(10)}`,
          `${`${gap.toFixed(1)} (${gaps.map((g) => g.toFixed(1)).join(', ')})`.padEnd(22)}`,
          `${`${cpu(ours)} / ${cpu(floor)}`.padEnd(26)}`,
          gap <= 3 ? 'MET' : 'NOT MET',
        ].join('  '),
      )
    }
  }
  await Promise.all(servers.map((server) => server.close()))
  lines.push(`  ${load()} at the end`)
  console.log(lines.join('\n'))
})

/** One timed batch: efficiency (ideal ÷ wall) and the process's CPU time per call. */
interface Timed {
  efficiency: number
  cpuPerCall: number
}

/** Runs `batch` and measures it against `ideal` ms, with the CPU time (user + system) per call. */
async function timed(calls: number, ideal: number, batch: () => Promise<unknown>): Promise<Timed> {
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await batch()
  const wall = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  return { efficiency: ideal / wall, cpuPerCall: (cpu.user + cpu.system) / calls }
}

/** The machine's load averages, printed with each study: a busy machine lowers every figure. */
function load(): string {
  const [one, five] = loadavg()
  return `load average ${one?.toFixed(2)} (1 min), ${five?.toFixed(2)} (5 min) on ${availableParallelism()} CPUs`
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
      `rate limits — ${SCENARIOS} scenarios × 4 turns against 200 requests/s (burst 16) — ${load()}`,
      `  failed scenarios ${failed} (target 0: ${failed === 0 ? 'MET' : 'NOT MET'}), retries ${limited} (429s), wall ${wall.toFixed(0)} ms against a floor of ${floor.toFixed(0)} ms (${succeeded} calls ÷ 200/s)`,
    ].join('\n'),
  )
})
