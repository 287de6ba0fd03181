// @ts-check
// Failure messages at scale (see bench/README.md, "Scale"): a failing matcher over a long
// conversation, timed as the user pays for it: the matcher through Vitest's own `expect`
// machinery (chai with `@vitest/expect`'s plugins, what Vitest's `expect` is built from), then
// the runner's processing of the failure (`processError` from `@vitest/utils`: the diff of
// `expected` and `actual`, both pretty-printed), which Vitest does for every failed assertion.
// Prints the failing `toHaveTurnCheck(allTurns(…))` at 100, 1,000 and 10,000 turns with the
// message and diff lengths and the target, then the other matchers at 10,000 turns.
// Run with `node bench/scale-matchers.mjs` after `npx tsc -p tsconfig.build.json`.

import { pathToFileURL } from 'node:url'
import {
  ASYMMETRIC_MATCHERS_OBJECT,
  JestAsymmetricMatchers,
  JestChaiExpect,
  JestExtend,
  setState,
} from '@vitest/expect'
import { processError } from '@vitest/utils/error'
import * as chai from 'chai'
import {
  allOf,
  allTurns,
  END,
  lastTurn,
  resultSet,
  runScenario,
  Scenario,
  statusIs,
} from 'vitest-scenario/core'
import { matchers } from 'vitest-scenario/matchers'

const SIZES = [100, 1_000, 10_000]
/** The target at 10,000 turns, matcher and diff together. */
const TARGET_MS = 200
/** What a message may grow to at any size: the first failing turns and a count, not every turn. */
const MAX_MESSAGE_CHARS = 4_000

/**
 * Times the failing matchers over conversations of growing length and prints the figures.
 * @param {{ quick: boolean }} options
 */
export async function study({ quick }) {
  const repeats = quick ? 3 : 7
  const expect = vitestExpect()
  console.log(
    `Failure messages at scale: a failing matcher, then the runner's diff of it (median of ${repeats})`,
  )
  console.log('turns    toHaveTurnCheck(allTurns(…))   message   diff')
  /** @type {{ turns: number, ms: number, message: number, diff: number }[]} */
  const rows = []
  /** @type {Awaited<ReturnType<typeof longRun>> | undefined} */
  let longest
  for (const turns of SIZES) {
    const result = await longRun(turns)
    longest = result
    const check = allTurns({ rawResponse: 'another answer' })
    const row = await measure(repeats, () => expect(result).toHaveTurnCheck(check))
    rows.push({ turns, ...row })
    console.log(
      `${count(turns).padEnd(9)}${ms(row.ms).padStart(28)}${chars(row.message).padStart(12)}${chars(row.diff).padStart(9)}`,
    )
  }
  const large = rows.at(-1)
  const small = rows[0]
  if (large === undefined || small === undefined || longest === undefined) return
  const bounded = large.message <= MAX_MESSAGE_CHARS && large.diff <= 2 * small.diff
  console.log(
    `target at 10,000 turns: ≤ ${TARGET_MS} ms: ${verdict(large.ms <= TARGET_MS)} (${ms(large.ms)}); message and diff bounded (≤ ${chars(MAX_MESSAGE_CHARS)}, diff no larger than at 100 turns ×2): ${verdict(bounded)}`,
  )

  // The other matchers, each failing over the 10,000-turn run.
  const result = longest
  const path = result.path.map((id, i) => (i === 7_000 ? 'elsewhere' : id))
  // Twelve samples: more than a diff lists (building a set checks every sample whole, which takes
  // a while at this length).
  const samples = resultSet(Array.from({ length: 12 }, () => result))
  const others = [
    [
      'toSatisfyOutcome(allOf(statusIs, allTurns))',
      () =>
        expect(result).toSatisfyOutcome(
          allOf(statusIs('error'), allTurns({ rawResponse: 'another answer' })),
        ),
    ],
    ['toHaveFollowedPath (differs at #7000)', () => expect(result).toHaveFollowedPath(path)],
    ['toHaveVisited(node, 1)', () => expect(result).toHaveVisited('loop', 1)],
    ['toHaveTurnCount(1)', () => expect(result).toHaveTurnCount(1)],
    ['toHaveCalledTool (10,000 other calls)', () => expect(result).toHaveCalledTool('book')],
    ['toHaveToolTrajectory(strict)', () => expect(result).toHaveToolTrajectory(['search'])],
    ['toPassOutcomes (30 criteria)', () => expect(result).toPassOutcomes()],
    [
      'toHaveTurnCheck, 12 samples',
      () => expect(samples).toHaveTurnCheck(allTurns({ rawResponse: 'another answer' })),
    ],
  ]
  console.log(`\nAt ${count(result.turnCount)} turns          time    message   diff`)
  for (const [name, assertion] of /** @type {[string, () => void][]} */ (others)) {
    const row = await measure(repeats, assertion)
    console.log(
      `${name.padEnd(44)}${ms(row.ms).padStart(10)}${chars(row.message).padStart(10)}${chars(row.diff).padStart(9)}`,
    )
  }
}

/**
 * An `expect` as Vitest builds its own: chai with the Jest-style plugins, the matchers added with
 * `expect.extend` (Vitest's own `expect` needs a running test).
 * @returns {any}
 */
function vitestExpect() {
  chai.use(JestExtend)
  chai.use(JestChaiExpect)
  chai.use(JestAsymmetricMatchers)
  /** @param {unknown} value */
  const expect = (value) => chai.expect(value)
  Object.assign(expect, chai.expect)
  Object.assign(expect, /** @type {any} */ (globalThis)[ASYMMETRIC_MATCHERS_OBJECT])
  setState({ assertionCalls: 0, isExpectingAssertions: false }, /** @type {any} */ (expect))
  chai.expect.extend(/** @type {any} */ (expect), matchers)
  return expect
}

/**
 * The median time of a failing assertion and the runner's processing of its error, and the
 * lengths of the message and of the diff the runner prints.
 * @param {number} repeats
 * @param {() => void} assertion
 */
async function measure(repeats, assertion) {
  /** @type {number[]} */
  const times = []
  let message = 0
  let diff = 0
  // One untimed round first, so every size is timed in compiled code.
  for (let i = -1; i < repeats; i++) {
    const start = performance.now()
    let error
    try {
      assertion()
    } catch (thrown) {
      error = thrown
    }
    if (error === undefined) throw new Error('BENCHMARK INVALID: the assertion passed')
    const processed = /** @type {{ message: string, diff?: string }} */ (processError(error, {}))
    if (i >= 0) times.push(performance.now() - start)
    message = processed.message.length
    diff = processed.diff?.length ?? 0
  }
  times.sort((a, b) => a - b)
  return { ms: /** @type {number} */ (times[Math.floor(times.length / 2)]), message, diff }
}

/**
 * A run of `turns` turns of one node that loops on itself; each answer calls the `search` tool.
 * Thirty outcome criteria are evaluated over the whole conversation (one fails).
 * @param {number} turns
 */
async function longRun(turns) {
  const scenario = new Scenario('long')
    .addNode('loop', { question: 'Next?' })
    .addEdge('loop', 'loop', { when: { turn: { lt: turns - 1 } } })
    .addEdge('loop', END)
    .setEntry('loop')
    .addOutcome('every-answer-is-text', allTurns({ rawResponse: 'another answer' }))
  for (let i = 0; i < 29; i++) scenario.addOutcome(`last-${i}`, lastTurn({ rawResponse: 'text' }))
  let call = 0
  const model = async () => {
    call++
    return {
      content: 'text',
      toolCalls: [{ id: `call-${call}`, name: 'search', arguments: { q: call }, result: 'ok' }],
    }
  }
  const result = await runScenario(scenario.validate(), { model, turnLimit: turns + 1 })
  if (result.turnCount !== turns) {
    throw new Error(`BENCHMARK INVALID: the run had ${result.turnCount} turns, not ${turns}`)
  }
  return result
}

/** @param {number} n */
const count = (n) => n.toLocaleString('en-US')
/** @param {number} n */
const ms = (n) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`)
/** @param {number} n */
const chars = (n) => (n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : String(n))
/** @param {boolean} met */
const verdict = (met) => (met ? 'MET' : 'NOT MET')

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await study({ quick: process.argv.includes('--quick') })
}
