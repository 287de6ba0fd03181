import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  defineTemplate,
  END,
  exactMatch,
  llmTrait,
  regexTrait,
  runScenario,
  Scenario,
  scriptedModel,
  tool,
} from '../../src/core.js'
import { useScriptedServer } from './server-fixture.js'

const { server, model } = useScriptedServer()
const bodies = () => server().requests.map((r) => r.body as Record<string, unknown>)
/** The JSON body of request `i` (0-based); fails the test when there is none. */
const body = (i: number): Record<string, unknown> => {
  const found = bodies()[i]
  if (found === undefined) throw new Error(`no request #${i + 1}`)
  return found
}

const twoTurns = () =>
  new Scenario('two-turns')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addNode('challenge', { question: 'Are you sure?' })
    .addEdge('ask', 'challenge')
    .addEdge('challenge', END)
    .setEntry('ask')

describe('an OpenAI-compatible answering model', () => {
  test('sees one system message, every earlier turn, and the new question; usage is counted', async () => {
    server().reply(
      {
        content: 'Venetoclax.',
        usage: { promptTokens: 20, completionTokens: 3, cachedTokens: 4 },
      },
      { content: 'Yes.', usage: { promptTokens: 30, completionTokens: 1 } },
    )
    const result = await runScenario(twoTurns().validate(), {
      model: { ...model(), temperature: 0, maxTokens: 50, systemPrompt: 'model prompt' },
    })
    expect(result.status).toBe('completed')
    expect(result.history.map((t) => t.rawResponse)).toEqual(['Venetoclax.', 'Yes.'])
    expect(bodies()[1]).toMatchObject({
      model: 'test-model',
      temperature: 0,
      max_tokens: 50,
      messages: [
        { role: 'system', content: 'model prompt' },
        { role: 'user', content: 'Which drug inhibits BCL-2?' },
        { role: 'assistant', content: 'Venetoclax.' },
        { role: 'user', content: 'Are you sure?' },
      ],
    })
    expect(result.history[0]?.usage).toMatchObject({
      input: 20,
      output: 3,
      cached: 4,
      answering: { input: 20, output: 3, cached: 4 },
    })
    expect(result.usage).toMatchObject({
      input: 50,
      output: 4,
      cached: 4,
      judging: { input: 0, output: 0, cached: 0 },
    })
    expect(server().requests[0]?.headers.authorization).toBe('[redacted]')
  })

  test('a price table gives each turn and the result a cost; an unpriced model gives none', async () => {
    server().reply(
      { content: 'a', usage: { promptTokens: 20, completionTokens: 3, cachedTokens: 4 } },
      { content: 'b', usage: { promptTokens: 10, completionTokens: 1 } },
    )
    const priced = await runScenario(twoTurns().validate(), {
      model: model(),
      prices: { 'test-model': { input: 1, output: 2, cached: 0.5 } },
    })
    expect(priced.history[0]?.usage.cost).toBeCloseTo((16 + 4 * 0.5 + 3 * 2) / 1e6, 12)
    expect(priced.usage.cost).toBeCloseTo((24 + 10 + 1 * 2) / 1e6, 12)
    server().reply({ content: 'a' }, { content: 'b' })
    const unpriced = await runScenario(twoTurns().validate(), {
      model: model(),
      prices: { other: { input: 1, output: 1 } },
    })
    expect(unpriced.history[0]?.usage.cost).toBeUndefined()
    expect(unpriced.usage.cost).toBeUndefined()
  })

  test("system prompt precedence: the node's override, then the run's, then the model's", async () => {
    server().setDefaultReply({ content: 'ok' })
    const definition = new Scenario('prompts')
      .addNode('a', { question: 'q1' })
      .addNode('b', {
        question: 'q2',
        modelOverride: { answering: { systemPrompt: 'node prompt', temperature: 1 } },
      })
      .addEdge('a', 'b')
      .setEntry('a')
      .validate()
    await runScenario(definition, {
      model: { ...model(), systemPrompt: 'model prompt' },
      systemPrompt: 'run prompt',
    })
    const [first, second] = [body(0), body(1)]
    expect((first.messages as { content: string }[])[0]).toEqual({
      role: 'system',
      content: 'run prompt',
    })
    expect((second.messages as { content: string }[])[0]).toEqual({
      role: 'system',
      content: 'node prompt',
    })
    expect(second?.temperature).toBe(1)
  })

  test('an agent override answers at its node while the model answers elsewhere', async () => {
    server().setDefaultReply({ content: 'from the model' })
    const agent = scriptedModel(['from the agent'])
    const definition = twoTurns().validate()
    const overridden = new Scenario('mixed')
      .addNode('ask', { question: 'q1' })
      .addNode('challenge', { question: 'q2', modelOverride: { answering: agent } })
      .addEdge('ask', 'challenge')
      .setEntry('ask')
      .validate()
    expect(definition.nodeIds).toHaveLength(2)
    const result = await runScenario(overridden, { model: model() })
    expect(result.history.map((t) => t.rawResponse)).toEqual(['from the model', 'from the agent'])
    expect(server().requests).toHaveLength(1)
  })
})

describe('the parsing model', () => {
  const schema = z.object({ drug: z.string(), confidence: z.enum(['low', 'high']).nullable() })
  const template = defineTemplate({
    schema,
    groundTruth: { drug: 'venetoclax' },
    verify: { drug: exactMatch() },
  })
  const judged = () =>
    new Scenario('judged')
      .addNode('ask', { question: { question: 'Which drug?', template } })
      .setEntry('ask')
      .validate()

  test('fills the template with structured outputs, then verify runs; judging tokens are apart', async () => {
    server().reply(
      {
        content: 'I think it is Venetoclax, fairly sure.',
        usage: { promptTokens: 10, completionTokens: 8 },
      },
      {
        json: { drug: 'Venetoclax', confidence: 'high' },
        usage: { promptTokens: 40, completionTokens: 9 },
      },
    )
    const result = await runScenario(judged(), {
      model: model(),
      parsingModel: {
        model: 'judge-model',
        baseURL: server().baseURL,
        apiKey: 'test-key-fake',
      },
    })
    expect(result.history[0]).toMatchObject({
      verifyResult: true,
      parsedFields: { drug: 'Venetoclax', confidence: 'high' },
    })
    const judge = bodies()[1]
    expect(judge?.model).toBe('judge-model')
    expect(judge?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'answer', strict: true },
    })
    expect(JSON.stringify(judge?.messages)).toContain('I think it is Venetoclax, fairly sure.')
    expect(result.history[0]?.usage).toMatchObject({
      input: 50,
      output: 17,
      answering: { input: 10, output: 8 },
      judging: { input: 40, output: 9 },
    })
  })

  test('output that does not fit the schema is a parsing error turn with zod issues', async () => {
    server().reply({ content: 'Venetoclax' }, { json: { drug: 7, confidence: 'very' } })
    const result = await runScenario(judged(), { model: model(), parsingModel: model() })
    expect(result.status).toBe('error')
    expect(result.error).toMatchObject({ category: 'parsing', stage: 'parse' })
    expect(result.history[0]?.error?.issues?.map((i) => i.path)).toEqual([['drug'], ['confidence']])
    expect(result.history[0]?.rawResponse).toBe('Venetoclax')
    // The message a failing test prints: the node, one issue per field, the fix, the docs.
    const lines = result.error?.message.split('\n') ?? []
    expect(lines[0]).toMatch(
      /^\[vitest-scenario\] The answer of node '.+' does not fit its template's schema$/,
    )
    expect(lines.slice(1, 3).map((l) => l.split(':')[0])).toEqual(['  - drug', '  - confidence'])
    expect(lines[3]).toContain('.describe(')
    expect(lines[4]).toBe(
      'Docs: node_modules/vitest-scenario/docs/reference/errors.md#parse_failed',
    )
  })

  test('model-judged traits are scored in one call, beside regex traits', async () => {
    server().reply(
      { content: 'Venetoclax, a BCL-2 inhibitor.' },
      { json: { hedges: false, clarity: 4, tone: 'neutral' } },
    )
    const definition = new Scenario('rubric')
      .addNode('ask', { question: 'Which drug?' })
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, {
      model: model(),
      parsingModel: model(),
      rubric: {
        traits: [
          regexTrait('cites-bcl2', /BCL-?2/),
          llmTrait('hedges', { description: 'Does the answer hedge?', kind: 'boolean' }),
          llmTrait('clarity', { description: 'How clear is it?', kind: 'score', min: 1, max: 5 }),
          llmTrait('tone', {
            description: 'Its tone',
            kind: 'labels',
            labels: ['neutral', 'warm'],
          }),
        ],
      },
    })
    expect(result.history[0]?.rubric).toEqual({
      'cites-bcl2': true,
      hedges: false,
      clarity: 4,
      tone: 'neutral',
    })
    expect(body(1).response_format).toMatchObject({ json_schema: { name: 'rubric' } })
  })
})

describe('tools', () => {
  const lookup = tool({
    description: 'Look up the drug for a target',
    parameters: z.object({ target: z.string() }),
    execute: ({ target }) => ({ drug: target === 'BCL-2' ? 'venetoclax' : 'unknown' }),
  })
  const single = (
    spec: Parameters<Scenario['addNode']>[1] = { question: 'Which drug inhibits BCL-2?' },
  ) => new Scenario('tools').addNode('ask', spec).setEntry('ask').validate()

  test('the model calls a tool, gets its result and answers; the call is on the turn record', async () => {
    server().reply(
      { toolCalls: [{ id: 'call_1', name: 'lookup', arguments: { target: 'BCL-2' } }] },
      { content: 'Venetoclax.' },
    )
    const result = await runScenario(single(), { model: model(), tools: { lookup } })
    expect(result.history[0]?.rawResponse).toBe('Venetoclax.')
    expect(result.history[0]?.toolCalls).toMatchObject([
      {
        id: 'call_1',
        name: 'lookup',
        arguments: { target: 'BCL-2' },
        result: { drug: 'venetoclax' },
      },
    ])
    expect((body(0).tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual(
      ['lookup'],
    )
    expect((body(1).messages as { role: string }[]).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
    ])
    expect(result.history[0]?.messages.map((m) => m.role)).toEqual([
      'assistant',
      'tool',
      'assistant',
    ])
  })

  test('toolFilter removes a tool at its node', async () => {
    server().reply({ content: 'no tools here' })
    await runScenario(single({ question: 'q', toolFilter: { remove: ['lookup'] } }), {
      model: model(),
      tools: { lookup },
    })
    expect(body(0).tools).toBeUndefined()
  })

  test("a tool that throws ends the turn as a tool error, unless it says onError: 'report'", async () => {
    const broken = (onError?: 'report') =>
      tool({
        description: 'd',
        parameters: z.object({}),
        execute: () => {
          throw new Error('db down')
        },
        ...(onError ? { onError } : {}),
      })
    server().reply({ toolCalls: [{ name: 'db', arguments: {} }] })
    const failed = await runScenario(single(), { model: model(), tools: { db: broken() } })
    expect(failed.error).toMatchObject({ category: 'tool', stage: 'tool' })
    expect(failed.history[0]?.toolCalls).toMatchObject([{ name: 'db', error: 'db down' }])
    server().reset()
    server().reply(
      { toolCalls: [{ name: 'db', arguments: {} }] },
      { content: 'The database is down.' },
    )
    const reported = await runScenario(single(), {
      model: model(),
      tools: { db: broken('report') },
    })
    expect(reported.status).toBe('completed')
    expect((body(1).messages as { role: string; content: string }[]).at(-1)).toMatchObject({
      role: 'tool',
      content: '{"error":"db down"}',
    })
  })

  test('a tool past its timeout fails the turn and its late result is dropped', async () => {
    let finished = false
    const slow = tool({
      description: 'slow',
      parameters: z.object({}),
      execute: () =>
        new Promise((resolve) =>
          setTimeout(() => {
            finished = true
            resolve('late')
          }, 100),
        ),
    })
    server().reply({ toolCalls: [{ name: 'slow', arguments: {} }] })
    const result = await runScenario(single(), {
      model: model(),
      tools: { slow },
      toolTimeoutMs: 20,
    })
    expect(result.error).toMatchObject({ category: 'tool' })
    expect(result.error?.message).toContain('timed out after 20 ms')
    await new Promise((r) => setTimeout(r, 120))
    expect(finished).toBe(true)
    expect(result.history[0]?.toolCalls[0]?.result).toBeUndefined()
  })

  test('too many tool rounds is a tool error', async () => {
    server().setDefaultReply({ toolCalls: [{ name: 'lookup', arguments: { target: 'x' } }] })
    const result = await runScenario(single(), {
      model: model(),
      tools: { lookup },
      maxToolRounds: 2,
    })
    expect(result.error).toMatchObject({ category: 'tool' })
    expect(result.error?.message).toContain('still asked for tools after 2 rounds')
    expect(server().requests).toHaveLength(3)
  })
})
