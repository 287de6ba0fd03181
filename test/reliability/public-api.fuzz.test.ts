// Promise: bad input gets a clear error, never a TypeError from inside. Every public function,
// constructor and method — enumerated from the package entries, so a new export cannot escape —
// is called with generated arguments: valid ones mixed with every kind of hostile value
// (null-prototype objects, throwing getters, Proxies, cyclic data, JSON nested 5,000 deep,
// `__proto__` keys, terminal escapes, NaN, symbols, …). So are the agent functions the adapters
// make (against a scripted server on 127.0.0.1) and a recording's whole life (record, write,
// replay). Each call returns (or resolves), or throws a `ScenarioError` whose message starts
// `[vitest-scenario]`. Anything else is a foreign error: every one is counted, and the run fails
// with each kind (callable, arguments, what was thrown, how often) and the seed.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, type MatcherState, test, vi } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { useAgentServer } from './support/adapter-agents.js'
import { journeys, table, useMatcherState } from './support/api-table.js'
import { describeThrown, foreignOutcome } from './support/call-outcome.js'
import { exclusions, returnedCallables } from './support/exclusions.js'
import { publicCallables } from './support/public-surface.js'
import { makeAll } from './support/recipe.js'
import { loadRunFixtures } from './support/valid-values.js'

/**
 * Generated calls per run, spread over the callables by weight. `FUZZ_CALLS=200000` runs a longer
 * search locally; a failure prints the seed that replays it (`FUZZ_SEED`).
 */
const TOTAL_CALLS = Number(process.env.FUZZ_CALLS ?? 21_000)

/** The run's seed: random, or `FUZZ_SEED` to replay a run a failure printed. */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason)
}

let server: ScriptedServer | undefined

beforeAll(async () => {
  // The adapters' agents call a model: this one, on 127.0.0.1, answers every call with a text.
  server = await startOpenAIServer()
  server.setDefaultReply({ content: 'Fine.' })
  useAgentServer(server.baseURL)
  // A model config the generator happens to build must never reach a real endpoint.
  vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:9/v1')
  vi.stubEnv('OPENAI_API_KEY', 'test-key-fake')
  process.on('unhandledRejection', onUnhandled)
  await loadRunFixtures()
  expect.extend({
    // Hands the table the matcher state Vitest gives every matcher.
    captureMatcherState(this: MatcherState) {
      useMatcherState(this)
      return { pass: true, message: () => '' }
    },
  })
  ;(expect(0) as unknown as { captureMatcherState(): void }).captureMatcherState()
})

afterAll(async () => {
  await server?.close()
  process.off('unhandledRejection', onUnhandled)
  vi.unstubAllEnvs()
})

describe('the fuzz covers the whole public surface', () => {
  const surface = publicCallables()

  test('every exported function, constructor and method has a fuzz entry or a stated exclusion', () => {
    const missing = surface
      .filter((c) => !c.errorConstructor)
      .map((c) => c.key)
      .filter((key) => !(key in table) && !(key in exclusions))
    expect(missing, 'add these to test/reliability/support/api-table.ts').toEqual([])
  })

  test('the table holds no entry for something that is no longer public', () => {
    const known = new Set([
      ...surface.filter((c) => !c.errorConstructor).map((c) => c.key),
      ...returnedCallables,
    ])
    const stale = Object.keys(table).filter((key) => !known.has(key))
    const staleExclusions = Object.keys(exclusions).filter((key) => !known.has(key))
    expect([...stale, ...staleExclusions]).toEqual([])
  })
})

/** One foreign outcome: which callable, with what arguments, and what came back. */
interface Foreign {
  name: string
  args: string
  problem: string
}

/**
 * The foreign outcomes, one line per callable and problem (with the first arguments that gave
 * it and how often it came), so one run shows every kind of failure, not only the first.
 */
function report(foreign: readonly Foreign[], seed: number): string {
  const kinds = new Map<string, { first: Foreign; count: number }>()
  for (const f of foreign) {
    const key = `${f.name}\u0000${f.problem}`
    const kind = kinds.get(key)
    if (kind === undefined) kinds.set(key, { first: f, count: 1 })
    else kind.count++
  }
  return [...kinds.values()]
    .map(({ first, count }) =>
      [`${first.name}(${first.args}) ×${count}`, `  threw: ${first.problem}`].join('\n'),
    )
    .concat(foreign.length === 0 ? [] : [`replay: FUZZ_SEED=${seed}`])
    .join('\n\n')
}

test(
  `public API: ${TOTAL_CALLS.toLocaleString('en')}+ generated calls, no foreign error`,
  async () => {
    const entries = [...Object.entries(table), ...Object.entries(journeys)]
    const weights = entries.reduce((sum, [, s]) => sum + (s.weight ?? 1), 0)
    const perWeight = Math.ceil(TOTAL_CALLS / weights)
    const foreign: Foreign[] = []
    let calls = 0
    const started = performance.now()
    for (const [name, signature] of entries) {
      const numRuns = Math.max(1, Math.round(perWeight * (signature.weight ?? 1)))
      // Every call is counted, not only the first that fails: the figure is what the promise is
      // measured by (foreign outcomes of all calls), and one run lists every kind at once.
      await fc.assert(
        fc.asyncProperty(signature.args, async (recipes) => {
          calls++
          const problem = await foreignOutcome(signature, makeAll(recipes))
          if (problem !== undefined) {
            foreign.push({ name, args: recipes.map((r) => r.label).join(', '), problem })
          }
        }),
        { numRuns, seed: SEED },
      )
    }
    // Rejections nobody awaited surface after the call that made them.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `[fuzz] ${calls} generated calls over ${entries.length} public callables in ${seconds} s, ${foreign.length} foreign errors (seed ${SEED})`,
    )
    expect(report(foreign, SEED)).toBe('')
    expect(unhandled.map(describeThrown), 'unhandled rejections').toEqual([])
    expect(calls).toBeGreaterThanOrEqual(20_000)
  },
  Math.max(120_000, TOTAL_CALLS * 3),
)
