import { describe, expect, test } from 'vitest'
import { END, runScenario, Scenario, scriptedModel } from '../../src/core.js'
import type { ModelDriver } from '../../src/models/driver.js'
import type { Usage } from '../../src/state/types.js'

// The AgentReply fields any agent stack fills: `usage` in the library's terms only (a provider's
// own key is an error, never dropped), `cacheWrite` summed and priced like the other counts, and
// `agent` (the answering agent's name) on the turn record.

const twoTurns = () =>
  new Scenario('fields')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addNode('confirm', { question: 'Are you sure?' })
    .addEdge('ask', 'confirm')
    .addEdge('confirm', END)
    .setEntry('ask')
    .validate()

describe('an agent reply with usage under unknown keys', () => {
  test('is an agent error turn naming the key', async () => {
    // A provider's own spelling, as a JavaScript agent could pass it on: typed as unknown on purpose.
    const reply: unknown = { content: 'Venetoclax.', usage: { input: 12, inputTokens: 12 } }
    const result = await runScenario(twoTurns(), { model: () => reply as string })
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({ nodeId: 'ask', category: 'agent', stage: 'answer' })
    expect(result.error?.message).toContain(
      "returned a reply whose `usage` has the unknown key 'inputTokens'; expected only input, output, cached, cacheWrite and reasoning",
    )
    // Nothing of the bad reply is counted.
    expect(result.usage.input).toBe(0)
  })

  test('names every unknown key, in the reply’s order', async () => {
    const reply: unknown = {
      content: 'x',
      usage: { cache_read_input_tokens: 3, output: 1, outputTokens: 1 },
    }
    const result = await runScenario(twoTurns(), { model: () => reply as string })
    expect(result.error?.category).toBe('agent')
    expect(result.error?.message).toContain(
      "has unknown keys 'cache_read_input_tokens', 'outputTokens'",
    )
  })
})

describe('cacheWrite', () => {
  test('an agent’s reported cacheWrite is summed into the turn and the result', async () => {
    const model = scriptedModel([
      { content: 'Venetoclax.', usage: { input: 100, output: 5, cached: 20, cacheWrite: 30 } },
      { content: 'Yes.', usage: { input: 60, output: 2, cacheWrite: 10 } },
    ])
    const result = await runScenario(twoTurns(), { model })
    expect(result.status).toBe('completed')
    expect(result.history.map((turn) => turn.usage.answering)).toEqual([
      { input: 100, output: 5, cached: 20, cacheWrite: 30 },
      { input: 60, output: 2, cached: 0, cacheWrite: 10 },
    ])
    expect(result.history[0]?.usage.cacheWrite).toBe(30)
    expect(result.usage).toMatchObject({ input: 160, output: 7, cached: 20, cacheWrite: 40 })
    expect(result.usage.answering).toEqual({ input: 160, output: 7, cached: 20, cacheWrite: 40 })
  })

  /** A model reached through a driver that reports cache writes, as an adapter's model does. */
  function cachingDriver(usage: Usage): ModelDriver {
    return {
      name: 'test:caching',
      complete: async () => ({ content: 'Venetoclax.', toolCalls: [], usage }),
    }
  }

  const oneTurn = () =>
    new Scenario('priced')
      .addNode('ask', { question: 'q' })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()

  // 1,000,000 input tokens of which 200,000 read from the cache and 300,000 written to it.
  const usage: Usage = { input: 1_000_000, output: 100_000, cached: 200_000, cacheWrite: 300_000 }

  test('is priced with prices[model].cacheWrite', async () => {
    const result = await runScenario(oneTurn(), {
      model: { model: 'claude-test', driver: cachingDriver(usage) },
      prices: { 'claude-test': { input: 3, output: 15, cached: 0.3, cacheWrite: 3.75 } },
    })
    expect(result.error?.message).toBeUndefined()
    expect(result.history[0]?.usage.answering).toEqual(usage)
    // 500k plain input × 3 + 200k cached × 0.3 + 300k written × 3.75 + 100k output × 15, per million.
    expect(result.history[0]?.usage.cost).toBeCloseTo(1.5 + 0.06 + 1.125 + 1.5, 10)
    expect(result.usage.cost).toBeCloseTo(4.185, 10)
  })

  test('is priced at the input price when the table gives no cacheWrite', async () => {
    const result = await runScenario(oneTurn(), {
      model: { model: 'claude-test', driver: cachingDriver(usage) },
      prices: { 'claude-test': { input: 3, output: 15, cached: 0.3 } },
    })
    // 800k input (plain and written) × 3 + 200k cached × 0.3 + 100k output × 15, per million.
    expect(result.usage.cost).toBeCloseTo(2.4 + 0.06 + 1.5, 10)
  })
})

describe('AgentReply.agent', () => {
  test('lands on the turn record as `agent`; a reply without it has none', async () => {
    const model = scriptedModel([{ content: 'Venetoclax.', agent: 'billing' }, 'Yes.'])
    const result = await runScenario(twoTurns(), { model })
    expect(result.status).toBe('completed')
    expect(result.history[0]?.agent).toBe('billing')
    expect(result.history[1]).not.toHaveProperty('agent')
  })

  test.each([
    ['a number', 3, 'returned a reply whose `agent` is 3'],
    ['an empty string', '', "returned a reply whose `agent` is ''"],
  ])('`agent` as %s is an agent error turn', async (_, agent, message) => {
    // What a JavaScript agent (or a wrong adapter) could return: typed as unknown on purpose.
    const reply: unknown = { content: 'Venetoclax.', agent }
    const result = await runScenario(twoTurns(), { model: () => reply as string })
    expect(result.status).toBe('error')
    expect(result.error?.category).toBe('agent')
    expect(result.error?.message).toContain(
      `${message}; expected the answering agent's name (a non-empty string)`,
    )
  })
})
