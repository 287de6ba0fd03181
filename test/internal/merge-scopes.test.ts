import { describe, expect, test } from 'vitest'
import { scenarioRunOptions } from '../../src/hosts/core/run-scenario-body.js'
import { mergeScopes, pickScope, sharedKeys } from '../../src/internal/merge-scopes.js'
import type { RunOptions } from '../../src/runner/index.js'

const agent = async () => 'ok'

describe('mergeScopes: the nearer scope wins, key by key at the top level', () => {
  test('each key comes from the nearest scope that sets it', () => {
    expect(
      mergeScopes<RunOptions>(
        { turnTimeoutMs: 1000, turnLimit: 5, systemPrompt: 'host' },
        { turnLimit: 7 },
        { systemPrompt: 'run' },
      ),
    ).toEqual({ turnTimeoutMs: 1000, turnLimit: 7, systemPrompt: 'run' })
  })

  test('a nested option object is replaced whole, never merged key by key', () => {
    const merged = mergeScopes<RunOptions>(
      { budget: { tokens: 1000, cost: 0.5 }, prices: { a: { input: 1, output: 2 } } },
      { budget: { tokens: 200 } },
      { prices: { b: { input: 3, output: 4 } } },
    )
    expect(merged.budget).toEqual({ tokens: 200 })
    expect(merged.prices).toEqual({ b: { input: 3, output: 4 } })
  })

  test('a key set to undefined, and a missing scope, count as unset', () => {
    expect(mergeScopes<RunOptions>({ turnLimit: 3 }, undefined, { turnLimit: undefined })).toEqual({
      turnLimit: 3,
    })
  })

  test('the scopes are not changed, and a __proto__ key stays a key', () => {
    const host = { turnLimit: 3 }
    const run = JSON.parse('{"__proto__": {"polluted": true}, "turnLimit": 4}') as object
    const merged = mergeScopes<Record<string, unknown>>(host, run)
    expect(host).toEqual({ turnLimit: 3 })
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype)
    expect(Object.keys(merged)).toEqual(['turnLimit', '__proto__'])
  })

  test('pickScope takes own keys only; sharedKeys lists the keys two shapes share', () => {
    expect(pickScope({ a: 1, b: 2, c: undefined }, ['a', 'c'])).toEqual({ a: 1, c: undefined })
    expect(pickScope<{ a: number }, 'a'>(undefined, ['a'])).toEqual({})
    expect(sharedKeys({ a: 1, b: 2, c: 3 }, { c: 0, a: 0 })).toEqual(['a', 'c'])
  })
})

describe("a scenario run's options: run() over the scenario over the host", () => {
  const host = (defaults: Record<string, unknown> | undefined, signal?: AbortSignal) => ({
    name: 'x',
    signal,
    defaults,
    noModelFix: 'Set `model`.',
  })

  test('the nearer scope wins each of the merged fields', () => {
    const signal = new AbortController().signal
    const own = new AbortController().signal
    const options = scenarioRunOptions(
      host(
        {
          model: { model: 'host' },
          parsingModel: { model: 'judge' },
          userModel: { model: 'user' },
          turnTimeoutMs: 1000,
          prices: { host: { input: 1, output: 1 } },
          budget: { tokens: 9, cost: 1 },
        },
        signal,
      ),
      { model: agent, turnLimit: 4, seed: [{ role: 'user', content: 'hi' }] },
      { turnTimeoutMs: 2000, signal: own },
    )
    expect(options).toEqual({
      model: agent,
      parsingModel: { model: 'judge' },
      userModel: { model: 'user' },
      turnTimeoutMs: 2000,
      prices: { host: { input: 1, output: 1 } },
      budget: { tokens: 9, cost: 1 },
      turnLimit: 4,
      seed: [{ role: 'user', content: 'hi' }],
      signal: own,
    })
    expect(scenarioRunOptions(host(undefined, signal), { model: agent }, {}).signal).toBe(signal)
  })

  test("a scenario's budget replaces the host's whole, and run()'s replaces the scenario's", () => {
    const defaults = { model: { model: 'm' }, budget: { tokens: 100, cost: 2 } }
    expect(scenarioRunOptions(host(defaults), { budget: { cost: 1 } }, {}).budget).toEqual({
      cost: 1,
    })
    expect(
      scenarioRunOptions(host(defaults), { budget: { cost: 1 } }, { budget: { tokens: 5 } }).budget,
    ).toEqual({ tokens: 5 })
  })

  test("the host's other options and the scenario's test options are no run options", () => {
    const options = scenarioRunOptions(
      host({ model: { model: 'm' }, maxConcurrentCalls: 8, root: '/p', recordings: {} }),
      { samples: 3, timeout: 1000, assertOutcomes: false },
      {},
    )
    expect(options).toEqual({ model: { model: 'm' } })
  })

  test('no model at any scope is an error naming the scenario', () => {
    expect(() => scenarioRunOptions(host(undefined), {}, {})).toThrow(
      "scenario 'x' has no model to answer with",
    )
  })
})
