// @ts-check
// Scale studies: how the engine's costs grow with the work (see bench/README.md, "Scale"). Each
// study prints its figures at growing sizes, the growth between sizes (linear work grows 10× per
// 10× size; flat per-item cost stays 1×) and the target. `--quick` runs fewer repetitions.
// Run with `npm run bench` (builds first), or `node bench/scale.mjs --quick` after `npm run build`.

import { Annotation, END as LANGGRAPH_END, START, StateGraph } from '@langchain/langgraph'
import { defineTemplate, END, exactMatch, runScenario, Scenario } from 'vitest-scenario/core'
import { z } from 'zod'

const QUICK = process.argv.includes('--quick')
/** Timed repetitions per size; the median is reported. */
const REPEATS = QUICK ? 7 : 21
/** Untimed runs first, so the figures are of compiled code at every size. */
const WARMUP = QUICK ? 10 : 30

/**
 * The median wall time of `fn` in milliseconds over `reps` runs, after `warmup` untimed ones.
 * @param {() => unknown} fn
 * @param {number} [reps]
 * @param {number} [warmup]
 */
async function medianMs(fn, reps = REPEATS, warmup = WARMUP) {
  for (let i = 0; i < warmup; i++) await fn()
  /** @type {number[]} */
  const times = []
  for (let i = 0; i < reps; i++) {
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

// ─── Long conversations, side by side with LangGraph.js ─────────────────────────────────────

const loopAnswer = 'drug: venetoclax'
const loopSchema = z.object({ drug: z.string() })
/** @param {string} raw */
const parseDrug = (raw) => ({ drug: raw.slice(raw.indexOf(':') + 1).trim() })
/**
 * The agent of both sides: reads the last message of the conversation it is given (as an agent
 * answering the latest question does) and answers.
 * @param {ArrayLike<{ content: unknown }>} conversation
 */
const loopAgent = async (conversation) => {
  if (conversation[conversation.length - 1]?.content !== 'Which drug?')
    throw new Error('no question')
  return loopAnswer
}

/**
 * @param {number} turns one node asked again and again: parse, zod, verify, count in
 *   `accumulated`, route on `turn`
 */
function loopScenario(turns) {
  const template = defineTemplate({
    schema: loopSchema,
    groundTruth: { drug: 'venetoclax' },
    verify: { drug: exactMatch() },
    parse: parseDrug,
  })
  return new Scenario('loop')
    .addNode('ask', {
      question: { question: 'Which drug?', template },
      /** @param {Record<string, unknown>} accumulated */
      stateUpdate: (accumulated) => ({ ...accumulated, asked: Number(accumulated.asked ?? 0) + 1 }),
    })
    .addEdge('ask', 'ask', { when: { turn: { lt: turns - 1 } } })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()
}

const LoopState = Annotation.Root({
  turn: Annotation({
    reducer: (/** @type {number} */ _a, /** @type {number} */ b) => b,
    default: () => 0,
  }),
  verifyResult: Annotation({
    reducer: (/** @type {boolean | null} */ _a, /** @type {boolean | null} */ b) => b,
    default: () => null,
  }),
  asked: Annotation({
    reducer: (/** @type {number} */ _a, /** @type {number} */ b) => b,
    default: () => 0,
  }),
  messages: Annotation({
    reducer: (
      /** @type {{ role: string, content: string }[]} */ a,
      /** @type {{ role: string, content: string }[]} */ b,
    ) => a.concat(b),
    default: () => [],
  }),
})

/** @param {number} turns the same loop in LangGraph.js: the conversation in a messages channel */
function loopGraph(turns) {
  return new StateGraph(LoopState)
    .addNode('ask', async (/** @type {typeof LoopState.State} */ state) => {
      const question = { role: 'user', content: 'Which drug?' }
      const raw = await loopAgent([...state.messages, question])
      const parsed = loopSchema.parse(parseDrug(raw))
      return {
        turn: state.turn + 1,
        asked: state.asked + 1,
        verifyResult: parsed.drug === 'venetoclax',
        messages: [question, { role: 'assistant', content: raw }],
      }
    })
    .addEdge(START, 'ask')
    .addConditionalEdges('ask', (s) => (s.turn < turns ? 'ask' : LANGGRAPH_END))
    .compile()
}

async function longRunStudy() {
  const sizes = QUICK ? [10, 100, 1_000, 10_000] : [10, 100, 1_000, 10_000]
  /** @type {{ n: number, ours: number, theirs: number }[]} */
  const rows = []
  for (const n of sizes) {
    const definition = loopScenario(n)
    const graph = loopGraph(n)
    const ours = () => runScenario(definition, { model: loopAgent, turnLimit: n + 1 })
    const theirs = () => graph.invoke({}, { recursionLimit: n + 10 })
    const result = await ours()
    const state = await theirs()
    if (result.status !== 'completed' || result.turnCount !== n || state.turn !== n) {
      throw new Error(
        `BENCHMARK INVALID: ${n} turns: ours ${result.status} after ${result.turnCount}, LangGraph ${state.turn}`,
      )
    }
    // Fewer repetitions for the long runs: each is thousands of turns already.
    // LangGraph's 10,000-turn run takes seconds, so it gets fewer repetitions than ours; every
    // size is warmed up with about 20,000 turns, so short runs are timed as compiled code too.
    const reps = Math.max(9, Math.min(REPEATS * 3, Math.round(50_000 / n)))
    const theirReps = Math.max(3, Math.min(REPEATS, Math.round(5_000 / n)))
    const warmup = Math.max(2, Math.round(20_000 / n))
    const usOurs = ((await medianMs(ours, reps, warmup)) * 1000) / n
    const usTheirs = ((await medianMs(theirs, theirReps, Math.min(warmup, 3))) * 1000) / n
    rows.push({ n, ours: usOurs, theirs: usTheirs })
  }
  const base = rows[0]?.ours ?? 0
  for (const { n, ours, theirs } of rows) {
    console.log(
      `long run ${count(n).padStart(6)} turns: ${fmt(ours).padStart(6)} µs/turn (×${fmt(ours / base)} of 10 turns)  LangGraph.js ${fmt(theirs).padStart(6)} µs/turn  lead ${fmt(theirs / ours)}×`,
    )
  }
  // The agent's conversation is a plain array, new on every turn (docs/design.md, "A run, turn by
  // turn"): building it is a copy of references that grows with the run, so the target is set at
  // 1,000 turns; 10,000 is printed for what it costs.
  const at1000 = rows.find((r) => r.n === 1_000)
  const last = rows[rows.length - 1]
  const minLead = Math.min(...rows.map((r) => r.theirs / r.ours))
  console.log(
    `                 target: per-turn cost at 1,000 ≤ 2× the cost at 10: ${at1000 && at1000.ours <= 2 * base ? 'MET' : 'NOT MET'} (×${fmt((at1000?.ours ?? 0) / base)}; at 10,000 ×${fmt((last?.ours ?? 0) / base)}); lead ≥ 150× at every length: ${minLead >= 150 ? 'MET' : 'NOT MET'} (lowest ${fmt(minLead)}×)`,
  )
}

console.log(`Scale studies${QUICK ? ' (--quick)' : ''}: medians of ${REPEATS} runs\n`)
if (process.argv.includes('--only-long')) {
  await longRunStudy()
  process.exit(0)
}
await longRunStudy()
await validateStudy('chain', chain)
await validateStudy('fan', fan)
await routingStudy('text')
await routingStudy('range')

// The studies of the other layers, each in its own file (runnable alone as well).
console.log('')
await (await import('./scale-matchers.mjs')).study({ quick: QUICK })
console.log('')
await (await import('./scale-recording.mjs')).study({ quick: QUICK })
console.log('')
await (await import('./scale-report.mjs')).study({ quick: QUICK })
