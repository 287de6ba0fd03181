// @ts-check
// Engine throughput, side by side with LangGraph.js in one process (see bench/README.md).
// Run with `npm run bench` (builds first). Plain ESM JavaScript because Node 20 cannot run
// TypeScript here and the project adds no loader; it imports the engine by package name, as
// user code does.

import { Annotation, END as LANGGRAPH_END, START, StateGraph } from '@langchain/langgraph'
import {
  defineTemplate,
  END,
  exactMatch,
  regexTrait,
  runScenario,
  Scenario,
  scriptedModel,
} from 'vitest-scenario/core'
import { z } from 'zod'

/** The target: at least this many times fewer µs per turn than LangGraph.js. */
const TARGET_RATIO = 150
/** Timed rounds; each round times one batch of each implementation, in alternating order. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
/** Untimed warm-up of both sides before calibration and timing. */
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 6000)
/** Wall time one timed batch aims at, so both sides get batches of similar length. */
const BATCH_MS = Number(process.env.BENCH_BATCH_MS ?? 150)
/** The engine's runs timed before the warm-up: what a short test file's process sees. */
const COLD_RUNS = 1000

// ---------------------------------------------------------------------------------------------
// The per-turn work both implementations do: a deterministic parse, zod validation, a verdict
// against the ground truth, and one regex trait.

const DRUG = 'venetoclax'

/**
 * A reader of one field of a `key: value; key: value` answer: the text after `name:` up to the
 * next `;`, trimmed, or `undefined`.
 * @param {string} name
 * @returns {(raw: string) => string | undefined}
 */
function field(name) {
  const pattern = new RegExp(`(?:^|;)\\s*${name}:\\s*([^;]*?)\\s*(?:;|$)`)
  return (raw) => pattern.exec(raw)?.[1]
}
const drugOf = field('drug')
const confidenceOf = field('confidence')
const reasonOf = field('reason')
const mechanismOf = field('mechanism')
const targetOf = field('target')
const summaryOf = field('summary')

const answerSchema = z.object({
  drug: z.string().min(1),
  confidence: z.enum(['low', 'high']).default('low'),
})
/** @param {string} raw */
const parseAnswer = (raw) => ({ drug: drugOf(raw), confidence: confidenceOf(raw) })

const checkSchema = z.object({
  confidence: z.enum(['low', 'high']),
  reason: z.string(),
})
/** @param {string} raw */
const parseCheck = (raw) => ({ confidence: confidenceOf(raw), reason: reasonOf(raw) })

const detailSchema = z.object({
  mechanism: z.string().min(1),
  target: z.string().min(1),
})
/** @param {string} raw */
const parseDetail = (raw) => ({ mechanism: mechanismOf(raw), target: targetOf(raw) })

const summarySchema = z.object({ summary: z.string().min(1), words: z.number().int() })
/** @param {string} raw */
const parseSummary = (raw) => {
  const summary = summaryOf(raw) ?? ''
  return { summary, words: summary.split(' ').length }
}

/**
 * One node's question, template parts (zod schema, deterministic parse, ground truth) and its
 * one regex trait.
 * @typedef {{
 *   question: string,
 *   schema: z.ZodObject,
 *   parse: (raw: string) => Record<string, unknown>,
 *   groundTruth: { drug: string } | undefined,
 *   trait: { name: string, pattern: RegExp },
 * }} NodeSpec
 */

/**
 * The graph's nodes. LangGraph gets these parts as they are; the engine gets them wrapped in
 * `defineTemplate` and `regexTrait`.
 * @type {Record<'ask' | 'retry' | 'check' | 'deep' | 'wrap', NodeSpec>}
 */
const nodes = {
  ask: {
    question: 'Which drug inhibits BCL-2? Answer as "drug: …; confidence: low|high".',
    schema: answerSchema,
    parse: parseAnswer,
    groundTruth: { drug: DRUG },
    trait: { name: 'names-bcl2', pattern: /venetoclax|navitoclax/i },
  },
  retry: {
    question: 'That is not right. Which drug inhibits BCL-2?',
    schema: answerSchema,
    parse: parseAnswer,
    groundTruth: { drug: DRUG },
    trait: { name: 'apologises', pattern: /sorry|apolog/i },
  },
  check: {
    question: 'How sure are you? Answer as "confidence: …; reason: …".',
    schema: checkSchema,
    parse: parseCheck,
    groundTruth: undefined,
    trait: { name: 'cites-trial', pattern: /\bM13-982\b|MURANO|trial/ },
  },
  deep: {
    question: 'Explain its mechanism. Answer as "mechanism: …; target: …".',
    schema: detailSchema,
    parse: parseDetail,
    groundTruth: undefined,
    trait: { name: 'mentions-apoptosis', pattern: /apoptosis/i },
  },
  wrap: {
    question: 'Summarise in one sentence, as "summary: …".',
    schema: summarySchema,
    parse: parseSummary,
    groundTruth: undefined,
    trait: { name: 'short', pattern: /^.{0,200}$/s },
  },
}

/**
 * What `exactMatch()` (lowercase, strip) does, written out for the LangGraph side.
 * @param {unknown} value
 * @param {unknown} expected
 */
const sameText = (value, expected) =>
  typeof value === 'string' &&
  typeof expected === 'string' &&
  value.trim().toLowerCase() === expected.trim().toLowerCase()

// ---------------------------------------------------------------------------------------------
// Scripts: the answers of the scripted agent, by turn. The long path is the run; the
// short one exercises the other branch so both implementations' routing is checked.

/** @type {Record<string, { answers: string[], path: string[] }>} */
const scripts = {
  'retry path': {
    answers: [
      'drug: navitoclax; confidence: high',
      'drug: navitoclax; confidence: low; note: sorry',
      'drug: obatoclax; confidence: low; note: sorry',
      'drug: navitoclax; confidence: low; note: apologies',
      'summary: I could not name the drug',
    ],
    path: ['ask', 'retry', 'retry', 'retry', 'wrap'],
  },
  'deep path': {
    answers: [
      'drug: Venetoclax; confidence: high',
      'confidence: high; reason: the MURANO trial',
      'mechanism: restores apoptosis; target: BCL-2',
      'summary: Venetoclax inhibits BCL-2 and restores apoptosis',
    ],
    path: ['ask', 'check', 'deep', 'wrap'],
  },
}

/**
 * The agent under test, shared by both implementations: answers from the script by turn.
 * @param {string[]} answers
 * @returns {(conversation: unknown, context: { turn: number }) => Promise<string>}
 */
const scriptedAgent = (answers) => async (_conversation, context) => {
  const answer = answers[context.turn]
  if (answer === undefined) throw new Error(`no scripted answer for turn ${context.turn}`)
  return answer
}

// ---------------------------------------------------------------------------------------------
// vitest-scenario

function buildScenario() {
  const s = new Scenario('bench', { description: 'engine benchmark graph' })
  for (const id of /** @type {(keyof typeof nodes)[]} */ (Object.keys(nodes))) {
    const spec = nodes[id]
    const template = defineTemplate({
      schema: spec.schema,
      parse: spec.parse,
      ...(spec.groundTruth === undefined
        ? {}
        : { groundTruth: spec.groundTruth, verify: { drug: exactMatch() } }),
    })
    const trait = regexTrait(spec.trait.name, spec.trait.pattern)
    s.addNode(id, {
      question: { question: spec.question, template, rubric: { traits: [trait] } },
      ...(id === 'retry'
        ? {
            /** @param {Record<string, unknown>} accumulated */
            stateUpdate: (accumulated) => ({
              ...accumulated,
              tries: Number(accumulated.tries ?? 0) + 1,
            }),
          }
        : {}),
    })
  }
  return s
    .addEdge('ask', 'retry', { when: { verifyResult: false } })
    .addEdge('ask', 'check')
    .addEdge('retry', 'retry', { when: { 'accumulated.tries': { lt: 3 } } })
    .addEdge('retry', 'wrap')
    .addEdge('check', 'deep', { when: { 'parsed.confidence': 'high' } })
    .addEdge('check', 'wrap')
    .addEdge('deep', 'wrap')
    .addEdge('wrap', END)
    .setEntry('ask')
    .validate()
}

// ---------------------------------------------------------------------------------------------
// LangGraph.js: the same graph, routing and per-turn work; Annotation.Root state, no
// checkpointer, one invoke per run.

// Each channel keeps the latest value written (`path` appends). The reducers' parameter types
// give the channels their value types: JSDoc cannot pass type arguments to `Annotation`.
const GraphState = Annotation.Root({
  turn: Annotation({
    reducer: (/** @type {number} */ _a, /** @type {number} */ b) => b,
    default: () => 0,
  }),
  verifyResult: Annotation({
    reducer: (/** @type {boolean | null} */ _a, /** @type {boolean | null} */ b) => b,
    default: () => null,
  }),
  parsed: Annotation({
    reducer: (
      /** @type {Record<string, unknown>} */ _a,
      /** @type {Record<string, unknown>} */ b,
    ) => b,
    default: () => /** @type {Record<string, unknown>} */ ({}),
  }),
  rubric: Annotation({
    reducer: (
      /** @type {Record<string, boolean>} */ _a,
      /** @type {Record<string, boolean>} */ b,
    ) => b,
    default: () => /** @type {Record<string, boolean>} */ ({}),
  }),
  tries: Annotation({
    reducer: (/** @type {number} */ _a, /** @type {number} */ b) => b,
    default: () => 0,
  }),
  path: Annotation({
    reducer: (/** @type {string[]} */ a, /** @type {string[]} */ b) => a.concat(b),
    default: () => [],
  }),
})

/**
 * @param {(conversation: unknown, context: { turn: number, nodeId: string }) => Promise<string>} agent
 */
function buildLangGraph(agent) {
  /**
   * One node: ask the agent, parse, validate with zod, verify, score the regex trait.
   * @param {keyof typeof nodes} id
   */
  const node = (id) => {
    const spec = nodes[id]
    /** @param {typeof GraphState.State} state */
    return async (state) => {
      const raw = await agent([{ role: 'user', content: spec.question }], {
        nodeId: id,
        turn: state.turn,
      })
      const result = spec.schema.safeParse(spec.parse(raw))
      if (!result.success) throw new Error(`turn ${state.turn}: ${result.error.message}`)
      const parsed = result.data
      const verifyResult =
        spec.groundTruth === undefined ? null : sameText(parsed.drug, spec.groundTruth.drug)
      /** @type {typeof GraphState.Update} */
      const update = {
        turn: state.turn + 1,
        verifyResult,
        parsed,
        rubric: { [spec.trait.name]: spec.trait.pattern.test(raw) },
        path: [id],
      }
      if (id === 'retry') update.tries = state.tries + 1
      return update
    }
  }
  return new StateGraph(GraphState)
    .addNode('ask', node('ask'))
    .addNode('retry', node('retry'))
    .addNode('check', node('check'))
    .addNode('deep', node('deep'))
    .addNode('wrap', node('wrap'))
    .addEdge(START, 'ask')
    .addConditionalEdges('ask', (s) => (s.verifyResult === false ? 'retry' : 'check'))
    .addConditionalEdges('retry', (s) => (s.tries < 3 ? 'retry' : 'wrap'))
    .addConditionalEdges('check', (s) => (s.parsed.confidence === 'high' ? 'deep' : 'wrap'))
    .addEdge('deep', 'wrap')
    .addEdge('wrap', LANGGRAPH_END)
    .compile()
}

// ---------------------------------------------------------------------------------------------
// Equivalence check, then timing.

/**
 * @typedef {{
 *   name: string,
 *   turns: number,
 *   ours: () => Promise<unknown>,
 *   langgraph: () => Promise<unknown>,
 * }} Case
 */

/**
 * @param {unknown} actual
 * @param {unknown} expected
 * @param {string} what
 */
function assertSame(actual, expected, what) {
  const a = JSON.stringify(actual)
  const e = JSON.stringify(expected)
  if (a !== e) {
    console.error(`\nBENCHMARK INVALID — ${what}\n  got:      ${a}\n  expected: ${e}`)
    process.exit(1)
  }
}

/** @returns {Promise<Case[]>} */
async function prepareCases() {
  const definition = buildScenario()
  /** @type {Case[]} */
  const cases = []
  for (const [name, script] of Object.entries(scripts)) {
    const agent = scriptedAgent(script.answers)
    const graph = buildLangGraph(agent)
    const ours = () => runScenario(definition, { model: agent, turnLimit: 20 })
    const langgraph = () => graph.invoke({})

    // The same path, turn by turn, in both; and the engine's own scriptedModel agrees.
    const result = await ours()
    assertSame(result.status, 'completed', `${name}: vitest-scenario status`)
    assertSame(result.path, script.path, `${name}: vitest-scenario path`)
    assertSame(
      result.history.map((t) => t.error),
      script.path.map(() => undefined),
      `${name}: vitest-scenario turn errors`,
    )
    const spied = scriptedModel(script.answers)
    const again = await runScenario(definition, { model: spied, turnLimit: 20 })
    assertSame(again.path, script.path, `${name}: path with scriptedModel`)
    assertSame(spied.callCount, script.path.length, `${name}: scriptedModel calls`)
    /** @type {{ path: string[], rubric: object }} */
    let state
    try {
      state = /** @type {{ path: string[], rubric: object }} */ (await langgraph())
    } catch (error) {
      console.error(`\nBENCHMARK INVALID — ${name}: the LangGraph run failed:`, error)
      process.exit(1)
    }
    assertSame(state.path, script.path, `${name}: LangGraph path`)
    assertSame(
      state.rubric,
      result.history.at(-1)?.rubric,
      `${name}: last turn's rubric (LangGraph vs vitest-scenario)`,
    )
    cases.push({ name, turns: script.path.length, ours, langgraph })
  }
  return cases
}

/**
 * Runs `fn` `n` times in sequence and returns the elapsed milliseconds. No forced garbage
 * collection around batches: a forced full collection shrinks the young generation, and
 * LangGraph's next batch (it allocates far more per run) then ran about twice as slow — an
 * artefact against it. Each side pays for its own garbage as it goes, as in real use.
 * @param {() => Promise<unknown>} fn
 * @param {number} n
 */
async function timeBatch(fn, n) {
  const start = performance.now()
  for (let i = 0; i < n; i++) await fn()
  return performance.now() - start
}

/**
 * Runs both sides of every case, alternating, for `WARMUP_MS`. LangGraph needs a long warm-up:
 * its time per run keeps falling for several hundred runs (from about 2× its settled time), so a
 * short warm-up would flatter the ratio.
 * @param {Case[]} cases
 */
async function warmUp(cases) {
  const until = performance.now() + WARMUP_MS
  while (performance.now() < until) {
    for (const c of cases) {
      await timeBatch(c.ours, 1000)
      await timeBatch(c.langgraph, 10)
    }
  }
}

/**
 * How many runs fill about `BATCH_MS`: doubles a trial batch until it takes a quarter of that,
 * then scales from the fastest of three trials of that size (a single trial that a pause on the
 * machine slowed would make every batch short).
 * @param {() => Promise<unknown>} fn
 */
async function calibrate(fn) {
  let n = 8
  while ((await timeBatch(fn, n)) < BATCH_MS / 4) n *= 2
  let fastest = Number.POSITIVE_INFINITY
  for (let trial = 0; trial < 3; trial++) fastest = Math.min(fastest, await timeBatch(fn, n))
  return Math.max(1, Math.round((n * BATCH_MS) / fastest))
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  const upper = sorted[mid] ?? Number.NaN
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? Number.NaN) + upper) / 2
}

/** @param {number} x */
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2))

/**
 * Times every case in `ROUNDS` rounds; in each round each case times one batch of each side,
 * the side that goes first alternating from round to round, so drift and noise hit both alike.
 * @param {Case[]} cases
 */
async function measure(cases) {
  /** @type {{ ours: number, lang: number }[]} */
  const sizes = []
  for (const c of cases)
    sizes.push({ ours: await calibrate(c.ours), lang: await calibrate(c.langgraph) })
  /** @type {{ ours: number[], lang: number[], ratios: number[] }[]} */
  const samples = cases.map(() => ({ ours: [], lang: [], ratios: [] }))
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < cases.length; i++) {
      const c = /** @type {Case} */ (cases[i])
      const n = /** @type {{ ours: number, lang: number }} */ (sizes[i])
      const sample = /** @type {{ ours: number[], lang: number[], ratios: number[] }} */ (
        samples[i]
      )
      let o = 0
      let l = 0
      if ((round + i) % 2 === 0) {
        o = ((await timeBatch(c.ours, n.ours)) * 1000) / n.ours
        l = ((await timeBatch(c.langgraph, n.lang)) * 1000) / n.lang
      } else {
        l = ((await timeBatch(c.langgraph, n.lang)) * 1000) / n.lang
        o = ((await timeBatch(c.ours, n.ours)) * 1000) / n.ours
      }
      sample.ours.push(o)
      sample.lang.push(l)
      sample.ratios.push(l / o)
    }
  }
  return cases.map((c, i) => {
    const sample = /** @type {{ ours: number[], lang: number[], ratios: number[] }} */ (samples[i])
    const n = /** @type {{ ours: number, lang: number }} */ (sizes[i])
    const oursRun = median(sample.ours)
    const langRun = median(sample.lang)
    return {
      name: c.name,
      turns: c.turns,
      nOurs: n.ours,
      nLang: n.lang,
      oursRun,
      langRun,
      oursTurn: oursRun / c.turns,
      langTurn: langRun / c.turns,
      ratio: langRun / oursRun,
      ratioLow: Math.min(...sample.ratios),
      ratioHigh: Math.max(...sample.ratios),
    }
  })
}

async function main() {
  const started = performance.now()
  console.log(
    `Engine benchmark — node ${process.version}; ${WARMUP_MS / 1000} s warm-up, then ${ROUNDS} rounds of ~${BATCH_MS} ms batches per side, alternating`,
  )
  const cases = await prepareCases()
  console.log('Equivalence: both implementations take the same path on every script ✓\n')

  // The engine's first runs in the process, before any warm-up: code not yet optimised, as in a
  // test file's process that runs a few scenarios.
  /** @type {string[]} */
  const cold = []
  for (const c of cases) {
    const perTurn = ((await timeBatch(c.ours, COLD_RUNS)) * 1000) / COLD_RUNS / c.turns
    cold.push(`${c.name} ${fmt(perTurn)} µs/turn`)
  }

  await warmUp(cases)
  const rows = await measure(cases)

  const header = ['script', 'turns', 'impl', 'µs/run', 'µs/turn', 'runs/batch']
  const table = [header]
  for (const r of rows) {
    table.push([
      r.name,
      String(r.turns),
      'vitest-scenario',
      fmt(r.oursRun),
      fmt(r.oursTurn),
      String(r.nOurs),
    ])
    table.push(['', '', 'LangGraph.js', fmt(r.langRun), fmt(r.langTurn), String(r.nLang)])
  }
  const widths = header.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)))
  for (const row of table) {
    console.log(
      row
        .map((cell, i) => (i >= 3 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
        .join('  '),
    )
  }
  console.log(
    `\nvitest-scenario, first ${COLD_RUNS.toLocaleString('en')} runs of the process (before the warm-up): ${cold.join(', ')}`,
  )
  console.log('')
  let met = true
  for (const r of rows) {
    const ok = r.ratio >= TARGET_RATIO
    met &&= ok
    console.log(
      `${r.name}: LangGraph µs/turn ÷ vitest-scenario µs/turn = ${r.ratio.toFixed(0)}× ` +
        `(per-round range ${r.ratioLow.toFixed(0)}–${r.ratioHigh.toFixed(0)}×) — target ≥ ${TARGET_RATIO}×: ${ok ? 'MET' : 'NOT MET'}`,
    )
  }
  console.log(
    `\nTarget (≥ ${TARGET_RATIO}× fewer µs per turn than LangGraph.js): ${met ? 'MET' : 'NOT MET'}` +
      ` — total ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}

await main()
