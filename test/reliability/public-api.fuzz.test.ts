// Promise: bad input gets a clear error, never a TypeError from inside. Every public function,
// constructor and method — enumerated from the package entries, so a new export cannot escape —
// is called with generated arguments: valid ones mixed with every kind of hostile value
// (null-prototype objects, throwing getters, Proxies, cyclic and deep data, NaN, symbols, …).
// Each call returns (or resolves), or throws a `ScenarioError` whose message starts
// `[vitest-scenario]`. Anything else fails with the callable, the counter-example and the seed.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, type MatcherState, test, vi } from 'vitest'
import { table, useMatcherState } from './support/api-table.js'
import { describeThrown, foreignOutcome } from './support/call-outcome.js'
import { exclusions, returnedCallables } from './support/exclusions.js'
import { publicCallables } from './support/public-surface.js'
import { makeAll, type Recipe } from './support/recipe.js'
import { loadRunFixtures } from './support/valid-values.js'

/**
 * Generated calls per run, spread over the callables by weight. `FUZZ_CALLS=200000` runs a longer
 * search locally; a failure prints the seed and path that replay it.
 */
const TOTAL_CALLS = Number(process.env.FUZZ_CALLS ?? 21_000)

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason)
}

beforeAll(async () => {
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

afterAll(() => {
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

/** One failing callable, short: what was thrown, the smallest arguments found, and how to replay. */
function report(name: string, details: fc.RunDetails<[readonly Recipe[]]>): string {
  const thrown = details.errorInstance instanceof Error ? details.errorInstance.message : 'failed'
  const args = details.counterexample?.[0].map((r) => r.label).join(', ') ?? '?'
  return [
    `${name}(${args})`,
    `  threw: ${thrown}`,
    `  replay: fc.check(…, { seed: ${details.seed}, path: '${details.counterexamplePath}' })`,
  ].join('\n')
}

test(`public API: ${TOTAL_CALLS.toLocaleString('en')}+ generated calls, no foreign error`, async () => {
  const entries = Object.entries(table)
  const weights = entries.reduce((sum, [, s]) => sum + (s.weight ?? 1), 0)
  const perWeight = Math.ceil(TOTAL_CALLS / weights)
  const failures: string[] = []
  let calls = 0
  const started = performance.now()
  for (const [name, signature] of entries) {
    const numRuns = Math.max(1, Math.round(perWeight * (signature.weight ?? 1)))
    const details = await fc.check(
      fc.asyncProperty(signature.args, async (recipes) => {
        calls++
        const problem = await foreignOutcome(signature, makeAll(recipes))
        if (problem !== undefined) throw new Error(problem)
      }),
      { numRuns },
    )
    if (details.failed) failures.push(report(name, details))
  }
  // Rejections nobody awaited surface after the call that made them.
  await new Promise((resolve) => setTimeout(resolve, 50))
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `[fuzz] ${calls} generated calls over ${entries.length} public callables in ${seconds} s`,
  )
  expect(failures.join('\n\n')).toBe('')
  expect(unhandled.map(describeThrown), 'unhandled rejections').toEqual([])
  expect(calls).toBeGreaterThanOrEqual(20_000)
}, 120_000)
