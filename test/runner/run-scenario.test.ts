import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { countTurns, lastTurn, statusIs } from '../../src/outcomes/index.js'
import { exactMatch } from '../../src/primitives/index.js'
import { callableTrait, regexTrait } from '../../src/rubrics/index.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import { defineTemplate } from '../../src/templates/index.js'

const drug = defineTemplate({
  schema: z.object({ drug: z.string(), confidence: z.enum(['low', 'high']).default('low') }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch() },
  parse: (raw) => {
    const [name = '', confidence] = raw.split('|')
    return confidence === undefined
      ? { drug: name }
      : { drug: name, confidence: confidence as 'low' | 'high' }
  },
})

function expectInvariant(result: ScenarioExecutionResult) {
  expect(result.turnCount).toBe(result.history.length)
  expect(result.turnCount).toBe(result.path.length)
  expect(result.turnResults).toHaveLength(result.turnCount)
}

const twoStep = () =>
  new Scenario('two-step')
    .addNode('ask', { question: { question: 'Which drug inhibits BCL-2?', template: drug } })
    .addNode('challenge', {
      question: { question: 'Are you sure? I read it was navitoclax.', template: drug },
    })
    .addEdge('ask', 'challenge')
    .addEdge('challenge', END)
    .setEntry('ask')

describe('statuses and the turn limit', () => {
  test('a run that routes to END is completed, with parsed and verified turns', async () => {
    const result = await runScenario(twoStep().validate(), {
      model: scriptedModel(['Venetoclax|high', 'navitoclax']),
    })
    expectInvariant(result)
    expect(result.status).toBe('completed')
    expect(result.history.map((t) => [t.nodeId, t.verifyResult, t.parsedFields])).toEqual([
      ['ask', true, { drug: 'Venetoclax', confidence: 'high' }],
      ['challenge', false, { drug: 'navitoclax', confidence: 'low' }],
    ])
    expect(result.error).toBeUndefined()
  })

  test('ending exactly at the limit is completed; limit_reached only when another node would run', async () => {
    const single = new Scenario('single')
      .addNode('a', { question: 'q' })
      .addEdge('a', END)
      .setEntry('a')
      .validate()
    expect((await runScenario(single, { model: scriptedModel(['x']), turnLimit: 1 })).status).toBe(
      'completed',
    )
    const limited = await runScenario(twoStep().validate(), {
      model: scriptedModel(['a', 'b']),
      turnLimit: 1,
    })
    expect(limited.status).toBe('limit_reached')
    expect(limited.path).toEqual(['ask'])
  })

  test('an implicit terminal (no outbound edge) completes the run', async () => {
    const definition = new Scenario('s')
      .addNode('only', { question: 'q' })
      .setEntry('only')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['x']) })
    expect(result.status).toBe('completed')
    expect(result.turnCount).toBe(1)
  })
})

describe('state', () => {
  test('stateUpdate counts visits; routing reads accumulated and nodeVisits', async () => {
    const definition = new Scenario('retry')
      .addNode('probe', {
        question: { question: (s) => `Attempt ${Number(s.accumulated.tries ?? 0) + 1}` },
        stateUpdate: (acc) => ({ ...acc, tries: Number(acc.tries ?? 0) + 1 }),
      })
      .addEdge('probe', END, { when: { 'accumulated.tries': { gte: 3 } } })
      .addEdge('probe', 'probe')
      .setEntry('probe')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(() => 'x') })
    expect(result.path).toEqual(['probe', 'probe', 'probe'])
    expect(result.history.map((t) => t.questionText)).toEqual([
      'Attempt 1',
      'Attempt 2',
      'Attempt 3',
    ])
    expect(result.finalState.accumulated).toEqual({ tries: 3 })
    expect(result.finalState.turn).toBe(2)
    expect(result.finalState.nodeVisits).toEqual({ probe: 3 })
  })

  test('a stateUpdate that throws or returns a non-object is undone, with a diagnostic', async () => {
    let call = 0
    const definition = new Scenario('s')
      .addNode('a', {
        question: 'q',
        stateUpdate: (acc) => {
          call++
          acc.poisoned = true
          if (call === 2) throw new Error('boom')
          if (call === 3) return 42 as unknown as Record<string, unknown>
          return { ...acc, count: call }
        },
      })
      .addEdge('a', END, { when: { 'nodeVisits.a': 3 } })
      .addEdge('a', 'a')
      .setEntry('a')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(() => 'x'), turnLimit: 3 })
    expect(result.finalState.accumulated).toEqual({ poisoned: true, count: 1 })
    expect(result.diagnostics.filter((d) => d.kind === 'stateUpdate')).toEqual([
      {
        kind: 'stateUpdate',
        message: "stateUpdate of node 'a' threw: boom; accumulated state restored",
        nodeId: 'a',
        turn: 1,
      },
      {
        kind: 'stateUpdate',
        message:
          "stateUpdate of node 'a' returned 42, not a plain object; accumulated state restored",
        nodeId: 'a',
        turn: 2,
      },
    ])
  })

  test('nodeResults keep the latest result of each node', async () => {
    const result = await runScenario(twoStep().validate(), {
      model: scriptedModel(['venetoclax', 'navitoclax|high']),
    })
    expect(result.finalState.nodeResults).toEqual({
      ask: {
        verifyResult: true,
        parsed: { drug: 'venetoclax', confidence: 'low' },
        rubric: {},
        toolCalls: [],
        toolNames: [],
      },
      challenge: {
        verifyResult: false,
        parsed: { drug: 'navitoclax', confidence: 'high' },
        rubric: {},
        toolCalls: [],
        toolNames: [],
      },
    })
    expect(result.finalState.parsed).toEqual({ drug: 'navitoclax', confidence: 'high' })
  })
})

describe('the conversation the agent sees', () => {
  test('one system message first, earlier turns in order, the new question last', async () => {
    const model = scriptedModel(['Venetoclax', 'Still venetoclax'])
    const definition = new Scenario('s')
      .addNode('ask', { question: 'Q1' })
      .addNode('challenge', {
        question: 'Q2',
        modelOverride: { answering: { systemPrompt: 'node prompt' } },
      })
      .addEdge('ask', 'challenge')
      .setEntry('ask')
      .validate()
    await runScenario(definition, { model, systemPrompt: 'run prompt' })
    expect(model.callCount).toBe(2)
    expect(model.calls[0]?.[0]).toEqual([
      { role: 'system', content: 'run prompt' },
      { role: 'user', content: 'Q1' },
    ])
    expect(model.calls[1]?.[0]).toEqual([
      { role: 'system', content: 'node prompt' },
      { role: 'user', content: 'Q1' },
      { role: 'assistant', content: 'Venetoclax' },
      { role: 'user', content: 'Q2' },
    ])
    expect(model.calls[1]?.[1]).toMatchObject({ nodeId: 'challenge', turn: 1 })
  })

  test("an AgentReply's messages, tool calls and usage land in the turn record and the totals", async () => {
    const toolCall = { id: 'c1', name: 'lookup', arguments: { q: 'BCL-2' }, result: 'venetoclax' }
    const model = scriptedModel([
      {
        content: 'Venetoclax',
        messages: [
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'c1',
                type: 'function',
                function: { name: 'lookup', arguments: '{"q":"BCL-2"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'venetoclax' },
        ],
        toolCalls: [toolCall],
        usage: { input: 10, output: 3 },
      },
      'yes',
    ])
    const definition = new Scenario('s')
      .addNode('a', { question: 'Q1' })
      .addNode('b', { question: 'Q2' })
      .addEdge('a', 'b')
      .setEntry('a')
      .validate()
    const result = await runScenario(definition, { model })
    // The assistant message carrying its id gives its step.
    expect(result.history[0]?.toolCalls).toEqual([{ ...toolCall, step: 0 }])
    expect(result.history[0]?.messages.map((m) => m.role)).toEqual([
      'assistant',
      'tool',
      'assistant',
    ])
    expect(model.calls[1]?.[0].map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ])
    expect(result.usage).toMatchObject({
      input: 10,
      output: 3,
      cached: 0,
      answering: { input: 10, output: 3, cached: 0 },
    })
    expect(result.history[0]?.durationMs).toBeGreaterThanOrEqual(0)
  })
})

describe('error turns', () => {
  test('an agent that throws ends the run with status error; bookkeeping and outcomes still run', async () => {
    const definition = twoStep()
      .addOutcome('status', statusIs('error'))
      .addOutcome('turns', countTurns({}))
      .validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['venetoclax', new Error('agent down')]),
    })
    expectInvariant(result)
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({
      nodeId: 'challenge',
      category: 'agent',
      stage: 'answer',
      message: 'agent down',
    })
    expect(result.history[1]).toMatchObject({
      rawResponse: null,
      verifyResult: null,
      parsedFields: {},
    })
    expect(result.finalState.nodeVisits).toEqual({ ask: 1, challenge: 1 })
    expect(result.outcomeResults).toEqual({ status: true, turns: 2 })
  })

  test('an answer that does not fit the schema is a parsing error with zod issues', async () => {
    const strict = defineTemplate({
      schema: z.object({ dose: z.number() }),
      parse: (raw) => ({ dose: raw }) as never,
    })
    const definition = new Scenario('s')
      .addNode('a', { question: { question: 'Dose?', template: strict } })
      .setEntry('a')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['ten']) })
    expect(result.error).toMatchObject({ category: 'parsing', stage: 'parse' })
    expect(result.history[0]?.error?.issues).toEqual([
      {
        code: 'invalid_type',
        path: ['dose'],
        message: 'Invalid input: expected number, received string',
      },
    ])
    expect(result.turnResults[0]?.issues).toHaveLength(1)
    expect(result.history[0]?.rawResponse).toBe('ten')
  })

  test('question and verify functions that throw are unexpected at their stage', async () => {
    const throwing = defineTemplate({
      schema: z.object({ a: z.string() }),
      parse: (raw) => ({ a: raw }),
      verify: () => {
        throw new Error('bad verify')
      },
    })
    const q = new Scenario('q')
      .addNode('a', {
        question: {
          question: () => {
            throw new Error('bad question')
          },
        },
      })
      .setEntry('a')
      .validate()
    expect((await runScenario(q, { model: scriptedModel(['x']) })).error).toMatchObject({
      category: 'unexpected',
      stage: 'question',
      message: 'bad question',
    })
    const v = new Scenario('v')
      .addNode('a', { question: { question: 'q', template: throwing } })
      .setEntry('a')
      .validate()
    const result = await runScenario(v, { model: scriptedModel(['x']) })
    expect(result.error).toMatchObject({
      category: 'unexpected',
      stage: 'verify',
      message: 'bad verify',
    })
    expect(result.history[0]?.parsedFields).toEqual({ a: 'x' })
  })

  test('an abort noticed between turns adds no turn and names the node that would have run', async () => {
    const controller = new AbortController()
    // Aborted after the answer was taken (an abort during the answer fails that turn instead).
    const definition = new Scenario('abort-between')
      .addNode('ask', {
        question: 'Which drug inhibits BCL-2?',
        stateUpdate: (accumulated) => {
          controller.abort(new Error('stop'))
          return accumulated
        },
      })
      .addNode('challenge', { question: 'Are you sure?' })
      .addEdge('ask', 'challenge')
      .addEdge('challenge', END)
      .setEntry('ask')
      .validate()
    const model = scriptedModel(['venetoclax'])
    const result = await runScenario(definition, { model, signal: controller.signal })
    expect(result.status).toBe('error')
    expect(result.path).toEqual(['ask'])
    expect(result.error).toMatchObject({
      nodeId: 'challenge',
      category: 'aborted',
      stage: 'beforeTurn',
    })
  })

  test('a scripted model that runs out of replies makes an agent error turn', async () => {
    const result = await runScenario(twoStep().validate(), { model: scriptedModel(['only one']) })
    expect(result.error?.message).toContain(
      "scriptedModel: no reply left for call 2 (node 'challenge', turn 1); the script has 1",
    )
  })
})

describe('rubrics and outcomes', () => {
  test('regex and callable traits score each turn; a question rubric replaces the global one', async () => {
    const definition = new Scenario('s')
      .addNode('a', { question: 'Q1' })
      .addNode('b', {
        question: {
          question: 'Q2',
          rubric: { traits: [callableTrait('length', (r) => r.length)] },
        },
      })
      .addEdge('a', 'b')
      .setEntry('a')
      .validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['BCL-2 inhibitor', 'no']),
      rubric: {
        traits: [
          regexTrait('mentions-bcl2', /bcl-?2/i),
          regexTrait('no-hedge', 'maybe', { invert: true }),
        ],
      },
    })
    expect(result.history.map((t) => t.rubric)).toEqual([
      { 'mentions-bcl2': true, 'no-hedge': true },
      { length: 2 },
    ])
    expect(result.finalState.nodeResults.b?.rubric).toEqual({ length: 2 })
  })

  test('a trait that throws leaves a rubric diagnostic and no score', async () => {
    const definition = new Scenario('s').addNode('a', { question: 'q' }).setEntry('a').validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['x']),
      rubric: {
        traits: [
          callableTrait('broken', () => {
            throw new Error('nope')
          }),
        ],
      },
    })
    expect(result.history[0]?.rubric).toEqual({})
    expect(result.diagnostics).toEqual([
      {
        kind: 'rubric',
        message: "Trait 'broken' threw: nope; it has no score",
        nodeId: 'a',
        turn: 0,
      },
    ])
  })

  test('outcome criteria are evaluated after the run, in registration order', async () => {
    const definition = twoStep()
      .addOutcome('kept', lastTurn({ verifyResult: true }))
      .addOutcomeCriterion({ name: 'async', evaluate: async (r) => r.turnCount })
      .validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['venetoclax', 'navitoclax']),
    })
    expect(result.outcomeResults).toEqual({ kept: false, async: 2 })
    expect(Object.keys(result.outcomeResults)).toEqual(['kept', 'async'])
  })
})

describe('programmer errors throw before any turn', () => {
  test('a builder instead of a definition', async () => {
    await expect(
      // @ts-expect-error -- a builder is not a definition
      runScenario(twoStep(), { model: scriptedModel([]) }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] runScenario() was given the builder of scenario 'two-step', not a definition
      Call validate() on it and pass the definition it returns.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('unknown options and a turn limit below 1', async () => {
    const definition = twoStep().validate()
    await expect(
      // @ts-expect-error -- unknown option
      runScenario(definition, { model: scriptedModel([]), turns: 3 }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] runScenario(definition, options) has an invalid option
        - unknown key 'turns' in options; valid keys: 'model', 'parsingModel', 'userModel', 'turnLimit', 'rubric', 'systemPrompt', 'signal', 'tools', 'maxToolRounds', 'toolTimeoutMs', 'turnTimeoutMs', 'limiter', 'prices', 'seed', 'budget', 'recording'
      Every option is listed in node_modules/vitest-scenario/docs/reference/options.md#run-options
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    await expect(
      runScenario(definition, { model: scriptedModel([]), turnLimit: 0 }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] runScenario(definition, options) has an invalid option
        - \`turnLimit\`: an integer ≥ 1, got 0
      Every option is listed in node_modules/vitest-scenario/docs/reference/options.md#run-options
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
  })

  test('a template without parse and no parsing model', async () => {
    const judged = defineTemplate({ schema: z.object({ drug: z.string() }) })
    const definition = new Scenario('s')
      .addNode('a', { question: { question: 'q', template: judged } })
      .setEntry('a')
      .validate()
    const model = scriptedModel(['x'])
    await expect(runScenario(definition, { model })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The scenario needs a parsing model, and runScenario() was given none
        - node 'a': its template has no \`parse\`
      Give the templates a deterministic \`parse\`, or pass \`parsingModel: { model }\`.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(model.callCount).toBe(0)
  })
})
