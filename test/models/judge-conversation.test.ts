import { describe, expect, test } from 'vitest'
import {
  allOf,
  anyOf,
  END,
  judge,
  judgeConversation,
  runScenario,
  Scenario,
  scriptedModel,
  statusIs,
} from '../../src/core.js'
import { JUDGE_SYSTEM_PROMPT, judgeTranscript } from '../../src/models/judge-conversation.js'
import { type RecordingSession, RecordingSession as Session } from '../../src/recordings/session.js'
import { memoryStore } from '../../src/recordings/store.js'
import { makeResult } from '../outcomes/make-result.js'
import type { ChatReply } from '../support/openai-server/index.js'
import { useScriptedServer } from './server-fixture.js'

const { server, model } = useScriptedServer()

/** The judge's reply: one `{ reasoning, verdict }` per criterion, in order. */
const verdicts = (...list: [verdict: string, reasoning: string][]): ChatReply => ({
  json: Object.fromEntries(
    list.map(([verdict, reasoning], i) => [`criterion_${i + 1}`, { reasoning, verdict }]),
  ),
  usage: { promptTokens: 100, completionTokens: 20, cachedTokens: 10 },
})

const refund = makeResult([
  {
    nodeId: 'ask',
    questionText: 'I want a refund for order 42.',
    rawResponse: 'Refund issued: 30 EUR.',
    toolCalls: [{ id: 'c1', name: 'lookup', arguments: { order: 42 }, result: { total: 30 } }],
    messages: [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"order":42}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"total":30}' },
      { role: 'assistant', content: 'Refund issued: 30 EUR.' },
    ],
  },
  { nodeId: 'thanks', questionText: 'Thanks!\nBye.', rawResponse: 'You are welcome.' },
])
refund.seed = [{ role: 'assistant', content: 'Hello, how can I help?' }]

const criteria = ['The agent looks the order up before refunding', 'The agent says goodbye']

describe('judgeConversation (one call over the whole transcript)', () => {
  test('sends the library prompt, the transcript (seed, questions, tool calls, answers) and a schema with one key per criterion', async () => {
    server().reply(verdicts(['met', 'Turn 0: lookup before the refund.'], ['met', 'Turn 1.']))
    const judged = await judgeConversation(refund, criteria, {
      model: { ...model(), temperature: 0 },
      instructions: 'Refunds above 100 EUR need approval.',
    })
    expect(judged).toEqual({
      ok: true,
      pass: true,
      replayed: false,
      usage: {
        input: 100,
        output: 20,
        cached: 10,
        cacheWrite: 0,
        reasoning: 0,
        model: 'test-model',
      },
      judgement: {
        verdict: 'pass',
        criteria: [
          {
            criterion: criteria[0],
            verdict: 'met',
            reasoning: 'Turn 0: lookup before the refund.',
          },
          { criterion: criteria[1], verdict: 'met', reasoning: 'Turn 1.' },
        ],
      },
    })
    const body = server().requests[0]?.body as Record<string, unknown>
    expect(body.model).toBe('test-model')
    expect(body.temperature).toBe(0)
    expect(body.messages).toEqual([
      {
        role: 'system',
        content: `${JUDGE_SYSTEM_PROMPT}\n\nInstructions from the test author:\nRefunds above 100 EUR need approval.`,
      },
      {
        role: 'user',
        content: [
          'Transcript:',
          '<transcript>',
          'Before the first turn:',
          '  assistant: Hello, how can I help?',
          'Turn 0 (node ask):',
          '  user: I want a refund for order 42.',
          '  assistant calls tool lookup with {"order":42}',
          '  tool result (lookup): {"total":30}',
          '  assistant: Refund issued: 30 EUR.',
          'Turn 1 (node thanks):',
          '  user: Thanks!',
          '    Bye.',
          '  assistant: You are welcome.',
          '</transcript>',
          '',
          'Criteria:',
          '1. The agent looks the order up before refunding',
          '2. The agent says goodbye',
        ].join('\n'),
      },
    ])
    const format = body.response_format as {
      type: string
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> }
    }
    expect(format.type).toBe('json_schema')
    expect(format.json_schema.name).toBe('judgement')
    expect(format.json_schema.schema).toMatchObject({
      required: ['criterion_1', 'criterion_2'],
      properties: {
        criterion_1: {
          required: ['reasoning', 'verdict'],
          properties: { verdict: { enum: ['met', 'unmet', 'inconclusive'] } },
        },
      },
    })
    // The reasoning comes first, so the model reasons before it decides.
    const first = (format.json_schema.schema.properties as Record<string, { properties: object }>)
      .criterion_1
    expect(Object.keys(first?.properties ?? {})).toEqual(['reasoning', 'verdict'])
  })

  test('a turn with no user message, tool calls reported without messages, and a failed turn', async () => {
    server().reply(verdicts(['met', 'ok']))
    const result = makeResult([
      {
        nodeId: 'open',
        questionText: null as unknown as string,
        rawResponse: 'Welcome! Ask me anything.',
        toolCalls: [{ id: 'x', name: 'search', arguments: { q: 'a' }, error: 'down' }],
      },
      {
        nodeId: 'ask',
        rawResponse: null,
        error: { category: 'agent', stage: 'answer', message: 'boom' },
      },
    ])
    // judgeTranscript: the same judge without the argument checks (`questionText: null` is the
    // type another part of this work adds to turn records).
    await judgeTranscript(result, ['Greets'], { model: model() })
    const body = server().requests[0]?.body as { messages: { content: string }[] }
    expect(body.messages[1]?.content).toContain(
      [
        'Turn 0 (node open):',
        '  assistant calls tool search with {"q":"a"}',
        '  tool error (search): down',
        '  assistant: Welcome! Ask me anything.',
        'Turn 1 (node ask):',
        '  user: Question at ask?',
        '  (no answer: the turn failed, agent: boom)',
      ].join('\n'),
    )
  })

  test.each([
    [['met', 'met'], 'fail', 'pass', true],
    [['met', 'unmet'], 'fail', 'fail', false],
    [['met', 'inconclusive'], 'fail', 'inconclusive', false],
    [['met', 'inconclusive'], 'pass', 'inconclusive', true],
    [['inconclusive', 'unmet'], 'pass', 'fail', false],
  ] as const)(
    'verdicts %j with inconclusive %s → %s (pass: %s)',
    async (given, mode, verdict, pass) => {
      server().reply(verdicts([given[0], 'r1'], [given[1], 'r2']))
      const judged = await judgeConversation(refund, criteria, {
        model: model(),
        inconclusive: mode,
      })
      expect(judged).toMatchObject({ ok: true, pass, judgement: { verdict } })
    },
  )

  test('errors are not verdicts: a server error, an unreadable reply, a replay miss', async () => {
    server().reply({ status: 500, shouldRetry: false })
    expect(await judgeConversation(refund, criteria, { model: model() })).toMatchObject({
      ok: false,
      error: { category: 'server_error', message: expect.stringContaining("model 'test-model'") },
    })
    server().reply({ content: 'Both criteria are met.' })
    expect(await judgeConversation(refund, criteria, { model: model() })).toMatchObject({
      ok: false,
      error: {
        category: 'parsing',
        message: 'The judge\'s reply could not be read: it is not JSON: "Both criteria are met."',
      },
    })
    server().reply({ json: { criterion_1: { reasoning: 'x', verdict: 'maybe' } } })
    const misfit = await judgeConversation(refund, criteria, { model: model() })
    expect(misfit).toMatchObject({ ok: false, error: { category: 'parsing' } })
    expect(misfit.ok || misfit.error.message).toContain('criterion_2')
    const recording = new Session({
      file: '/nowhere/judge.json',
      displayFile: 'judge.json',
      test: 'judge',
      mode: 'replay',
      command: 'npx vitest run',
      store: memoryStore(),
    })
    const before = server().requests.length
    expect(await judgeConversation(refund, criteria, { model: model(), recording })).toMatchObject({
      ok: false,
      error: { category: 'recording' },
    })
    expect(server().requests).toHaveLength(before)
  })

  test('bad arguments are programmer errors', async () => {
    await expect(judgeConversation(refund, [], { model: model() })).rejects.toThrow(
      'criteria: the list of criteria is empty',
    )
    await expect(
      judgeConversation(refund, ['x'], {} as unknown as { model: { model: string } }),
    ).rejects.toThrow('`model`')
    await expect(judgeConversation({} as typeof refund, ['x'], { model: model() })).rejects.toThrow(
      'needs a scenario result',
    )
  })
})

const refundScenario = () =>
  new Scenario('refund')
    .addNode('ask', { question: 'I want a refund for order 42.' })
    .addEdge('ask', END)
    .setEntry('ask')

describe('judge() outcomes in a run', () => {
  test('judged after the run with the parsing model; judgements, usage and cost recorded', async () => {
    server().reply(verdicts(['met', 'Turn 0 quotes the refund.'], ['unmet', 'No goodbye.']))
    const polite = judge(criteria)
    const definition = refundScenario().addOutcome('refund handled', polite).validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['Refund issued.']),
      parsingModel: model(),
      prices: { 'test-model': { input: 1, output: 2 } },
    })
    expect(result.outcomeResults).toEqual({ 'refund handled': false })
    expect(result.outcomeErrors).toEqual({})
    expect(result.judgements).toEqual({
      'refund handled': {
        verdict: 'fail',
        criteria: [
          { criterion: criteria[0], verdict: 'met', reasoning: 'Turn 0 quotes the refund.' },
          { criterion: criteria[1], verdict: 'unmet', reasoning: 'No goodbye.' },
        ],
      },
    })
    expect(result.usage).toMatchObject({
      input: 100,
      output: 20,
      judging: { input: 100, output: 20, cached: 10, cacheWrite: 0 },
      answering: { input: 0, output: 0 },
    })
    expect(result.usage.cost).toBeCloseTo((90 + 10 + 20 * 2) / 1_000_000)
    expect(server().requests).toHaveLength(1)
  })

  test("a judge's own model wins; a node used twice is judged once; several judges combine", async () => {
    server().reply(verdicts(['inconclusive', 'never got there']), verdicts(['met', 'yes']))
    const first = judge(['Escalates'], { model: { ...model(), model: 'judge-model' } })
    const second = judge(['Answers'], { inconclusive: 'pass' })
    const definition = refundScenario()
      .addOutcome('either', anyOf(first, second))
      .addOutcome('both', allOf(statusIs('completed'), first, second))
      .validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['Refund issued.']),
      parsingModel: model(),
    })
    expect(server().requests.map((r) => (r.body as { model: string }).model)).toEqual([
      'judge-model',
      'test-model',
    ])
    expect(result.outcomeResults).toEqual({ either: true, both: false })
    expect(result.judgements.either).toEqual({
      verdict: 'inconclusive',
      criteria: [
        { criterion: 'Escalates', verdict: 'inconclusive', reasoning: 'never got there' },
        { criterion: 'Answers', verdict: 'met', reasoning: 'yes' },
      ],
    })
  })

  test('a judge that cannot be reached is an outcome error, not a verdict; the run goes on', async () => {
    server().reply({ status: 503, shouldRetry: false })
    const definition = refundScenario()
      .addOutcome('polite', judge(['Polite']))
      .addOutcome('done', statusIs('completed'))
      .validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['Hi.']),
      parsingModel: model(),
    })
    expect(result.status).toBe('completed')
    expect(result.outcomeResults).toEqual({ polite: false, done: true })
    expect(result.outcomeErrors).toEqual({
      polite: {
        category: 'server_error',
        message: expect.stringMatching(
          /^A call to model 'test-model' at .* failed \(server_error\): 503 /,
        ),
      },
    })
    expect(result.judgements).toEqual({})
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /^Outcome 'polite' counted as false: its judge could not decide \(server_error\)/,
      ),
    ])
  })

  test('a replay miss of the judge is a recording error', async () => {
    const recording: RecordingSession = new Session({
      file: '/nowhere/run.json',
      displayFile: 'run.json',
      test: 'run',
      mode: 'replay',
      command: 'npx vitest run',
      store: memoryStore(),
    })
    const definition = refundScenario()
      .addOutcome('polite', judge(['Polite']))
      .validate()
    const result = await runScenario(definition, {
      model: scriptedModel(['Hi.']),
      parsingModel: model(),
      recording,
    })
    expect(result.outcomeErrors.polite?.category).toBe('recording')
    expect(server().requests).toHaveLength(0)
  })

  test('a judge without a model in a run without a parsing model is a programmer error at the start', async () => {
    const agent = scriptedModel(['Hi.'])
    const definition = refundScenario()
      .addOutcome('polite', allOf(judge(['Polite'])))
      .addOutcome('own', judge(['Own'], { model: model() }))
      .validate()
    await expect(runScenario(definition, { model: agent })).rejects.toThrow(
      /conversation judges without a model[\s\S]*outcome 'polite': its judge\(\) has no `model`/,
    )
    expect(agent.callCount).toBe(0)
  })
})
