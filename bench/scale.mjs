// @ts-check
// Scale studies: how the engine's costs grow with the work (see bench/README.md, "Scale"). Each
// study prints its figures at growing sizes, the growth between sizes (linear work grows 10× per
// 10× size; flat per-item cost stays 1×) and the target. `--quick` runs fewer repetitions.
// Run with `npm run bench` (builds first), or `node bench/scale.mjs --quick` after `npm run build`.

import { defineTemplate, END, exactMatch, runScenario, Scenario } from 'vitest-scenario/core'
import { z } from 'zod'

const QUICK = process.argv.includes('--quick')
/** Timed repetitions per size; the median is reported. */
const REPEATS = QUICK ? 7 : 21
/** Untimed runs first, so the figures are of compiled code at every size. */
const WARMUP = QUICK ? 10 : 30

/**
 * The median wall time of `fn` in milliseconds over `REPEATS` runs, after `WARMUP` untimed ones.
 * @param {() => unknown} fn
 */
async function medianMs(fn) {
  for (let i = 0; i < WARMUP; i++) await fn()
  /** @type {number[]} */
  const times = []
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return /** @type {number} */ (times[Math.floor(times.length / 2)])
}

/** @param {number} n */
const fmt = (n) =>
  Math.abs(n) < 0.005 ? '0.00' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2)
/** @param {number} n */
const count = (n) => n.toLocaleString('en-US')

// ─── validate() ─────────────────────────────────────────────────────────────────────────────

/** @param {number} n a chain of n nodes, each with one edge to the next */
function chain(n) {
  const s = new Scenario('chain')
  for (let i = 0; i < n; i++) s.addNode(`n${i}`, { question: 'q' })
  for (let i = 0; i < n - 1; i++) s.addEdge(`n${i}`, `n${i + 1}`)
  return s.addEdge(`n${n - 1}`, END).setEntry('n0')
}

/** @param {number} n a hub with n conditional edges, one to each of n nodes */
function fan(n) {
  const s = new Scenario('fan').addNode('hub', { question: 'q' })
  for (let i = 0; i < n; i++) {
    s.addNode(`n${i}`, { question: 'q' })
      .addEdge('hub', `n${i}`, { when: { turn: i + 1 } })
      .addEdge(`n${i}`, END)
  }
  return s.addEdge('hub', END).setEntry('hub')
}

/**
 * @param {string} name
 * @param {(n: number) => Scenario} make
 */
async function validateStudy(name, make) {
  const sizes = [1_000, 10_000]
  /** @type {number[]} */
  const ms = []
  for (const n of sizes) {
    const builder = make(n)
    ms.push(await medianMs(() => builder.validate()))
  }
  const [small = 0, large = 0] = ms
  const verdict = large <= 50 ? 'MET' : 'NOT MET'
  console.log(
    `validate() ${name.padEnd(6)} ${sizes.map((n, i) => `${count(n)}: ${fmt(ms[i] ?? 0)} ms`).join('  ')}  growth ×${fmt(large / small)} per 10× (linear ×10) — target ≤ 50 ms at 10,000: ${verdict}`,
  )
}

// ─── Routing over a wide fan-out ─────────────────────────────────────────────────────────────

const drug = defineTemplate({
  schema: z.object({ drug: z.string() }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch() },
  parse: (raw) => ({ drug: raw }),
})

/**
 * One turn at a hub with n conditional edges of which only the last matches, so routing must
 * rule out every other edge: `text` edges compare `parsed.drug` with a text of their own (looked
 * up), `range` edges test `turn` against a bound of their own (tried one by one).
 * @param {'text' | 'range'} kind
 * @param {number} n
 */
function routingScenario(kind, n) {
  const s = new Scenario('routing').addNode('hub', {
    question: { question: 'Which drug?', template: drug },
  })
  s.addNode('done', { question: 'q' }).addEdge('done', END)
  for (let i = 0; i < n - 1; i++) {
    s.addEdge('hub', 'done', {
      when: kind === 'text' ? { 'parsed.drug': `drug-${i}` } : { turn: { gte: i + 1 } },
    })
  }
  s.addEdge('hub', END, { when: kind === 'text' ? { 'parsed.drug': 'venetoclax' } : { turn: 0 } })
  return s.addEdge('hub', 'done').setEntry('hub').validate()
}

/** @param {'text' | 'range'} kind */
async function routingStudy(kind) {
  const sizes = [10, 1_000, 10_000]
  const model = async () => 'venetoclax'
  /** @type {number[]} */
  const ms = []
  for (const n of sizes) {
    const definition = routingScenario(kind, n)
    const result = await runScenario(definition, { model })
    if (result.status !== 'completed' || result.path.join() !== 'hub') {
      throw new Error(`BENCHMARK INVALID: routing over ${n} edges took ${result.path.join(' → ')}`)
    }
    ms.push(await medianMs(() => runScenario(definition, { model })))
  }
  const base = ms[0] ?? 0
  const perEdge = sizes.map((n, i) =>
    i === 0 ? 0 : (((ms[i] ?? 0) - base) * 1000) / (n - sizes[0]),
  )
  const worst = Math.max(...perEdge)
  console.log(
    `routing (${kind}) fan-out ${sizes.map((n, i) => `${count(n)}: ${fmt(ms[i] ?? 0)} ms/turn`).join('  ')}`,
  )
  console.log(
    `                 µs per edge ${sizes
      .slice(1)
      .map((n, i) => `${count(n)}: ${fmt(perEdge[i + 1] ?? 0)}`)
      .join('  ')} — target ≤ 0.2 µs per edge at any fan-out: ${worst <= 0.2 ? 'MET' : 'NOT MET'}`,
  )
}

console.log(`Scale studies${QUICK ? ' (--quick)' : ''}: medians of ${REPEATS} runs\n`)
await validateStudy('chain', chain)
await validateStudy('fan', fan)
await routingStudy('text')
await routingStudy('range')
