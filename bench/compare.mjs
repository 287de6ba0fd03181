// @ts-check
// `compare` over 1,000 tests × 5 samples, in one process (see bench/README.md, "Comparison").
// Run with `npm run bench` (builds first). It imports the library by package name, as user code
// does; the reports are built here, in the shape a scenario reporter writes (`results.json`).

import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { compareReports } from 'vitest-scenario/host'

/** The target: the whole comparison (parse, compare, serialize) under this many ms. */
const TARGET_MS = 2000
const TESTS = Number(process.env.BENCH_COMPARE_TESTS ?? 1000)
const SAMPLES = 5
/** Timed rounds; each round times both sides once, in alternating order. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)

const NODES = ['greet', 'lookup', 'propose', 'confirm']
const TOOLS = [[], ['search_flights'], ['search_flights', 'hold_seat'], ['book']]

/**
 * A sentence of about `length` characters, varied by `seed` (answers differ between runs, as a
 * live model's do).
 * @param {number} seed
 * @param {number} length
 */
function text(seed, length) {
  const words = [
    'flight',
    'Lisbon',
    'Tuesday',
    'window',
    'seat',
    'fare',
    'refund',
    'gate',
    'the',
    'a',
  ]
  let out = ''
  for (let i = 0; out.length < length; i++) out += `${words[(seed * 7 + i * 3) % words.length]} `
  return out.trim()
}

/**
 * One run's meta as a reporter writes it: four turns with questions, answers, tools and calls, a
 * judge of three criteria with reasonings, usage with a cost, and the durations.
 * @param {number} seed
 * @param {{ passed?: boolean, path?: string[], judged?: boolean, error?: boolean }} facts
 */
function run(seed, facts = {}) {
  const path = facts.path ?? NODES
  const judged = facts.judged ?? true
  const passed = (facts.passed ?? true) && judged && facts.error !== true
  return {
    status: facts.error === true ? 'error' : 'completed',
    passed,
    path,
    edges: path.map((_, i) => (i < path.length - 1 ? i : 3)),
    turnCount: path.length,
    outcomes: { booked: passed || !judged, polite: judged, turns: path.length },
    usage: {
      now: {
        input: 1200 + (seed % 97),
        output: 300 + (seed % 41),
        cached: 0,
        turns: path.length,
        cost: 0.004,
      },
      recorded: { input: 0, output: 0, cached: 0, turns: 0, cost: 0 },
    },
    durationMs: 900 + (seed % 300),
    turns: path.map((node, i) => ({
      node,
      verify: i === 2 ? passed : null,
      question: text(seed + i, 120),
      answer: text(seed * 3 + i, 200),
      ...(TOOLS[i]?.length
        ? {
            tools: TOOLS[i],
            calls: (TOOLS[i] ?? []).map((name) => ({
              name,
              args: '{"from":"OPO","to":"LIS"}',
              result: '{"ok":true}',
            })),
          }
        : {}),
    })),
    judgements: {
      polite: {
        verdict: judged ? 'pass' : 'fail',
        criteria: [
          { criterion: 'greets the traveller', verdict: 'met', reasoning: text(seed, 160) },
          {
            criterion: 'confirms the booking back',
            verdict: judged ? 'met' : 'unmet',
            reasoning: text(seed + 1, 160),
          },
          { criterion: 'offers a refund option', verdict: 'met', reasoning: text(seed + 2, 160) },
        ],
      },
    },
    ...(facts.error === true
      ? {
          error: {
            node: path[path.length - 1],
            category: 'server_error',
            stage: 'answer',
            message: 'HTTP 503',
          },
        }
      : {}),
  }
}

/**
 * A report of `TESTS` tests × `SAMPLES` samples; the candidate's has regressions by a judge flip
 * and by a route, fixes, flaky tests and infrastructure failures spread through it.
 * @param {'baseline' | 'candidate'} side
 */
function report(side) {
  const tests = []
  for (let t = 0; t < TESTS; t++) {
    const runs = []
    for (let s = 0; s < SAMPLES; s++) {
      const seed = t * 31 + s * 7 + (side === 'candidate' ? 5 : 0)
      const kind = t % 20
      if (side === 'baseline') runs.push(run(seed, { passed: kind !== 3 }))
      else if (kind === 1) runs.push(run(seed, { judged: false }))
      else if (kind === 2)
        runs.push(run(seed, { passed: false, path: ['greet', 'lookup', 'escalate'] }))
      else if (kind === 4) runs.push(run(seed, { passed: s % 2 === 0 }))
      else if (kind === 5) runs.push(run(seed, { error: true }))
      else runs.push(run(seed))
    }
    const passes = runs.filter((r) => r.passed).length
    tests.push({
      test: `booking > case ${t}`,
      file: `test/booking-${t % 40}.test.ts`,
      state: passes === SAMPLES ? 'passed' : 'failed',
      durationMs: 5000,
      errors: passes === SAMPLES ? [] : ['expected pass rate ≥ 1, got 0.6'],
      scenario: {
        version: 1,
        name: `case ${t}`,
        definition: `sha256:${((t * 2654435761) >>> 0).toString(16).padStart(16, '0')}`,
        graph: {
          nodes: [...NODES, 'escalate'],
          edges: [
            { from: 'greet', to: 'lookup' },
            { from: 'lookup', to: 'propose' },
            { from: 'propose', to: 'confirm' },
            { from: 'confirm', to: '__end__' },
          ],
          entry: 'greet',
        },
        criteria: [{ name: 'booked' }, { name: 'polite' }, { name: 'turns' }],
        runs,
        samples: {
          n: SAMPLES,
          passes,
          passRate: passes / SAMPLES,
          interval: { low: 0, high: 1, confidence: 0.95 },
        },
      },
    })
  }
  return {
    kind: 'vitest-scenario.results',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    host: 'vitest',
    ...(side === 'candidate' ? { candidate: { name: 'next' } } : {}),
    tests,
  }
}

const baselineText = JSON.stringify(report('baseline'))
const candidateText = JSON.stringify(report('candidate'))

/** What `vitest-scenario compare` does in memory: parse both reports, compare, serialize. */
function compareOnce() {
  const comparison = compareReports(JSON.parse(baselineText), JSON.parse(candidateText), {
    baselineSource: 'baseline/results.json',
    candidateSource: 'candidates/next/results.json',
    failOn: { regressed: 0, worse: true, costIncrease: 10 },
  })
  return { comparison, json: JSON.stringify(comparison) }
}

/** The plainest honest reference: parse both reports and align their tests by name. */
function referenceOnce() {
  const baseline = JSON.parse(baselineText)
  const candidate = JSON.parse(candidateText)
  const byKey = new Map()
  for (const test of candidate.tests)
    byKey.set(`${test.project ?? ''}\u0000${test.file}\u0000${test.test}`, test)
  let aligned = 0
  for (const test of baseline.tests) {
    if (byKey.has(`${test.project ?? ''}\u0000${test.file}\u0000${test.test}`)) aligned++
  }
  return aligned
}

/** @type {number[]} */
const cpuMs = []
/**
 * Wall time of `fn`, in ms; its CPU time (this process, every thread) goes to `cpu` when given.
 * @param {() => unknown} fn
 * @param {number[]} [cpu]
 */
function time(fn, cpu) {
  const usage = process.cpuUsage()
  const start = performance.now()
  fn()
  const wall = performance.now() - start
  const spent = process.cpuUsage(usage)
  cpu?.push((spent.user + spent.system) / 1000)
  return wall
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const cold = time(compareOnce)
for (let i = 0; i < 2; i++) {
  compareOnce()
  referenceOnce()
}
/** @type {number[]} */
const compareMs = []
/** @type {number[]} */
const referenceMs = []
for (let round = 0; round < ROUNDS; round++) {
  if (round % 2 === 0) {
    compareMs.push(time(compareOnce, cpuMs))
    referenceMs.push(time(referenceOnce))
  } else {
    referenceMs.push(time(referenceOnce))
    compareMs.push(time(compareOnce, cpuMs))
  }
}
const { comparison, json } = compareOnce()
const compareMedian = median(compareMs)
const referenceMedian = median(referenceMs)
/** @param {number} bytes */
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1)

console.log(`compare: ${TESTS} tests × ${SAMPLES} samples, ${ROUNDS} paired rounds`)
console.log(
  `  reports              ${mb(baselineText.length)} MB + ${mb(candidateText.length)} MB of JSON`,
)
console.log(`  counts               ${JSON.stringify(comparison.counts)}`)
console.log(`  compare.json         ${mb(json.length)} MB`)
console.log(
  `  parse + compare + serialize   median ${compareMedian.toFixed(0)} ms (first run ${cold.toFixed(0)} ms)`,
)
console.log(
  `  CPU time of this process        median ${median(cpuMs).toFixed(0)} ms (GC threads included)`,
)
console.log(`  reference (parse + align)     median ${referenceMedian.toFixed(0)} ms`)
console.log(
  `  the comparison's own work     ${(compareMedian - referenceMedian).toFixed(0)} ms; ${(compareMedian / referenceMedian).toFixed(1)}× the reference`,
)
// The command as a user runs it: `vitest-scenario compare --baseline <file>` in a fresh process,
// reading both reports from disk (each checked once against the results schema), comparing, and
// writing compare.json, compare.md and compare.html.
const dir = join('test-results', 'bench-compare')
rmSync(dir, { recursive: true, force: true })
mkdirSync(join(dir, 'test-results', 'candidates', 'next'), { recursive: true })
writeFileSync(join(dir, 'baseline.json'), baselineText)
writeFileSync(join(dir, 'test-results', 'candidates', 'next', 'results.json'), candidateText)
const bin = join(process.cwd(), 'dist', 'src', 'cli', 'main.js')
/** @type {number[]} */
const cliMs = []
for (let round = 0; round < 3; round++) {
  const start = performance.now()
  const done = spawnSync(
    process.execPath,
    [bin, 'compare', '--baseline', 'baseline.json', '--no-color', '--fail-on-regressed', '0'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  )
  cliMs.push(performance.now() - start)
  // The gates fail on purpose (the reports hold regressions): exit 1 is the expected answer.
  if (done.status !== 1) throw new Error(`compare exited ${done.status}: ${done.stderr}`)
}
// The review a pull request gets: `vitest-scenario github --dry-run` over the same two reports
// (the comparison, its three files, and the comment's and the check's words; nothing posted).
/** @type {number[]} */
const reviewMs = []
for (let round = 0; round < 3; round++) {
  const start = performance.now()
  const done = spawnSync(
    process.execPath,
    [
      bin,
      'github',
      '--dry-run',
      '--baseline',
      'baseline.json',
      '--report',
      join('test-results', 'candidates', 'next', 'results.json'),
      '--no-color',
    ],
    { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
  )
  reviewMs.push(performance.now() - start)
  if (done.status !== 0) throw new Error(`github --dry-run exited ${done.status}: ${done.stderr}`)
}
/** @type {number[]} */
const nodeMs = []
for (let round = 0; round < 3; round++) {
  const start = performance.now()
  spawnSync(process.execPath, ['-e', '0'])
  nodeMs.push(performance.now() - start)
}
console.log(
  `  the command (fresh process, files)  median ${median(cliMs).toFixed(0)} ms; an empty node process ${median(nodeMs).toFixed(0)} ms`,
)
console.log(
  `  github --dry-run (fresh process, files)  median ${median(reviewMs).toFixed(0)} ms (no target: the review adds the comment's and the check's words to the comparison)`,
)
const verdict = Math.max(compareMedian, median(cliMs)) < TARGET_MS
console.log(
  `  target < ${TARGET_MS} ms (median, in memory and as a command): ${verdict ? 'met' : 'MISSED'}`,
)
// Timings on a shared machine stretch with its load: print it so a reader can tell.
console.log(
  `  load average         ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on this machine`,
)
if (!verdict) process.exitCode = 1
