import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import type { AgentReply } from '../../src/models/types.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { defineTemplate } from '../../src/templates/index.js'
import { useScriptedServer } from '../models/server-fixture.js'

const { server, model } = useScriptedServer()

/** A loop whose answers a parsing model judges (a template without `parse`). */
const judgedLoop = () =>
  new Scenario('judged-loop')
    .addNode('ask', {
      question: {
        question: 'Which drug?',
        template: defineTemplate({ schema: z.object({ drug: z.string() }) }),
      },
    })
    .addEdge('ask', 'ask')
    .setEntry('ask')
    .validate()

/** A node that loops on itself until the turn limit or the budget ends the run. */
const loop = () =>
  new Scenario('loop')
    .addNode('ask', { question: 'Again?' })
    .addEdge('ask', 'ask')
    .setEntry('ask')
    .validate()

/** An agent that reports `input` and `output` tokens on every turn. */
const spending =
  (input: number, output: number, cached = 0) =>
  (): AgentReply => ({ content: 'ok', usage: { input, output, cached } })

describe('budget', () => {
  test('tokens: the run ends before the next turn once input + output went past it', async () => {
    // 30 tokens a turn: 90 after three turns is within 100, 120 after four is past it.
    const result = await runScenario(loop(), {
      model: spending(20, 10, 15),
      budget: { tokens: 100 },
      turnLimit: 10,
    })
    expect(result.status).toBe('limit_reached')
    expect(result.stopReason).toBe('budget')
    expect(result.turnCount).toBe(4)
    expect(result.usage.input + result.usage.output).toBe(120)
  })

  test('tokens: reaching the budget exactly is within it', async () => {
    const result = await runScenario(loop(), {
      model: spending(20, 10),
      budget: { tokens: 90 },
      turnLimit: 3,
    })
    expect(result.stopReason).toBe('turn_limit')
    expect(result.turnCount).toBe(3)
  })

  test('cost: priced with `prices` over every call of the run, judging included', async () => {
    // Each turn: the answer (100 in, 10 out) and the judge filling the template (200 in, 20 out).
    for (let i = 0; i < 3; i++) {
      server().reply(
        { content: 'Venetoclax.', usage: { promptTokens: 100, completionTokens: 10 } },
        { json: { drug: 'venetoclax' }, usage: { promptTokens: 200, completionTokens: 20 } },
      )
    }
    const result = await runScenario(judgedLoop(), {
      model: model(),
      parsingModel: model(),
      // Per million tokens: a turn costs (300 × 1 + 30 × 10) / 1e6 = 0.0006.
      prices: { 'test-model': { input: 1, output: 10 } },
      budget: { cost: 0.001 },
      turnLimit: 5,
    })
    expect([result.status, result.stopReason, result.turnCount]).toEqual([
      'limit_reached',
      'budget',
      2,
    ])
    expect(result.usage.cost).toBeCloseTo(0.0012)
    expect(result.usage.judging).toMatchObject({ input: 400, output: 40 })
  })

  test('tokens: judging tokens count, not only the answers', async () => {
    for (let i = 0; i < 2; i++) {
      server().reply(
        { content: 'Venetoclax.', usage: { promptTokens: 10, completionTokens: 5 } },
        { json: { drug: 'venetoclax' }, usage: { promptTokens: 20, completionTokens: 5 } },
      )
    }
    // The answers alone (15 a turn) stay within 40; with the judge's 25 a turn the first turn
    // already went past it.
    const result = await runScenario(judgedLoop(), {
      model: model(),
      parsingModel: model(),
      budget: { tokens: 39 },
      turnLimit: 5,
    })
    expect([result.stopReason, result.turnCount]).toEqual(['budget', 1])
  })

  test('cost: a turn that cannot be priced leaves one budget diagnostic; the run goes on', async () => {
    const result = await runScenario(loop(), {
      model: spending(10, 10),
      prices: { 'some-model': { input: 1, output: 2 } },
      budget: { cost: 0.5 },
      turnLimit: 3,
    })
    expect(result.stopReason).toBe('turn_limit')
    expect(result.usage.cost).toBeUndefined()
    expect(result.diagnostics.filter((d) => d.kind === 'budget')).toEqual([
      {
        kind: 'budget',
        message:
          "The cost budget could not be checked after node 'ask' (turn 0): a call of the run used a model that has no price, so the run has no cost. Add the model to `prices`, or budget tokens (`budget: { tokens }`).",
        nodeId: 'ask',
        turn: 0,
      },
    ])
  })

  test('a run that ends on its own is completed even past its budget', async () => {
    const once = new Scenario('once').addNode('a', { question: 'q' }).setEntry('a').validate()
    const result = await runScenario(once, { model: spending(500, 500), budget: { tokens: 10 } })
    expect(result.status).toBe('completed')
    expect(result.stopReason).toBe('terminal')
  })

  test('a bad budget, and a cost budget without prices, are programmer errors at run start', async () => {
    const run = (options: Record<string, unknown>) =>
      runScenario(loop(), { model: scriptedModel(['a']), ...options })
    await expect(run({ budget: {} })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] runScenario(definition, options) has an invalid option
        - \`budget\`: a budget with \`tokens\`, \`cost\` or both (an empty budget bounds nothing), got an object
      Every option is listed in node_modules/vitest-scenario/docs/reference/options.md#run-options
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    await expect(
      run({ budget: { tokens: 1.5, cost: -1, money: 3 } }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] runScenario(definition, options) has 3 invalid options
        - \`budget.tokens\`: a number of tokens (an integer ≥ 0), input + output of every call, got 1.5
        - \`budget.cost\`: a cost (a number ≥ 0) in the currency of \`prices\`, got -1
        - unknown key 'money' in \`budget\`; valid keys: 'tokens', 'cost'
      Every option is listed in node_modules/vitest-scenario/docs/reference/options.md#run-options
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    await expect(run({ budget: { cost: 1 } })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The run has a cost budget (\`budget.cost\`) and no prices to compute a cost with
      Pass \`prices: { 'model-name': { input, output, cached?, cacheWrite? } }\` (per million tokens), in the run options or scenarioPlugin({ prices }), or budget tokens instead (\`budget: { tokens }\`).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    await expect(
      runScenario(loop(), {
        model: { model: 'gpt-x' },
        parsingModel: { model: 'judge-y' },
        prices: { 'gpt-x': { input: 1, output: 1 } },
        budget: { cost: 1 },
      }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The run has a cost budget (\`budget.cost\`), and \`prices\` has no price for 'judge-y'
      Add a price { input, output, cached?, cacheWrite? } per million tokens for every model the run uses, or budget tokens instead (\`budget: { tokens }\`).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })
})

describe('stop reasons', () => {
  test('end: routed to END', async () => {
    const definition = new Scenario('s')
      .addNode('a', { question: 'q' })
      .addEdge('a', END)
      .setEntry('a')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['x']) })
    expect([result.status, result.stopReason]).toEqual(['completed', 'end'])
  })

  test('terminal: a node with no edge that applied', async () => {
    const definition = new Scenario('s').addNode('a', { question: 'q' }).setEntry('a').validate()
    const result = await runScenario(definition, { model: scriptedModel(['x']) })
    expect([result.status, result.stopReason]).toEqual(['completed', 'terminal'])
  })

  test('turn_limit: the limit ran out with another node to run', async () => {
    const result = await runScenario(loop(), { model: scriptedModel(['x', 'y']), turnLimit: 2 })
    expect([result.status, result.stopReason]).toEqual(['limit_reached', 'turn_limit'])
  })

  test('error: a failed turn', async () => {
    const result = await runScenario(loop(), { model: scriptedModel([new Error('down')]) })
    expect([result.status, result.stopReason]).toEqual(['error', 'error'])
    expect(result.error?.category).toBe('agent')
  })

  test('aborted: the signal aborted before a turn, or while one was answered', async () => {
    const before = new AbortController()
    before.abort()
    const early = await runScenario(loop(), { model: scriptedModel(['x']), signal: before.signal })
    expect([early.status, early.stopReason, early.turnCount]).toEqual(['error', 'aborted', 0])

    const during = new AbortController()
    const late = await runScenario(loop(), {
      model: async () => {
        during.abort()
        return 'late'
      },
      signal: during.signal,
    })
    expect([late.status, late.stopReason, late.error?.category]).toEqual([
      'error',
      'aborted',
      'aborted',
    ])
  })

  test('a turn timeout is an error stop, category timeout', async () => {
    const result = await runScenario(loop(), {
      model: () => new Promise<string>(() => {}),
      turnTimeoutMs: 20,
    })
    expect([result.stopReason, result.error?.category]).toEqual(['error', 'timeout'])
  })
})
