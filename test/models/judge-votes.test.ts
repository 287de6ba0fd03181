import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import {
  END,
  judge,
  judgeConversation,
  runScenario,
  Scenario,
  scriptedModel,
} from '../../src/core.js'
import { hydrateOutcomeCheck } from '../../src/outcomes/index.js'
import { RecordingSession } from '../../src/recordings/session.js'
import { makeResult } from '../outcomes/make-result.js'
import type { ChatReply } from '../support/openai-server/index.js'
import { repoRoot, resultsDir } from '../support/paths.js'
import { useScriptedServer } from './server-fixture.js'

// `judge(criteria, { votes: k })`: the scripted server answers k identical judge requests in
// order, each reply one vote; the majority decides each criterion.

const { server, model } = useScriptedServer()

/** One judge reply (one vote): a `{ reasoning, verdict }` per criterion, in order. */
const vote = (...list: [verdict: string, reasoning: string][]): ChatReply => ({
  json: Object.fromEntries(
    list.map(([verdict, reasoning], i) => [`criterion_${i + 1}`, { reasoning, verdict }]),
  ),
  usage: { promptTokens: 100, completionTokens: 20, cachedTokens: 10 },
})

const result = makeResult([
  { nodeId: 'ask', questionText: 'Refund order 42?', rawResponse: 'Which order number?' },
])
const asks = 'The agent asks for the order number'

describe('judgeConversation with votes', () => {
  test('met, unmet, met: the majority (met) decides, every vote kept in order', async () => {
    server().reply(vote(['met', 'v1 met']), vote(['unmet', 'v2 unmet']), vote(['met', 'v3 met']))
    const judged = await judgeConversation(result, [asks], { model: model(), votes: 3 })
    expect(judged).toEqual({
      ok: true,
      pass: true,
      replayed: false,
      // Summed over the three calls.
      usage: {
        input: 300,
        output: 60,
        cached: 30,
        cacheWrite: 0,
        reasoning: 0,
        model: 'test-model',
      },
      judgement: {
        verdict: 'pass',
        criteria: [
          {
            criterion: asks,
            verdict: 'met',
            reasoning: 'v1 met',
            votes: [
              { verdict: 'met', reasoning: 'v1 met' },
              { verdict: 'unmet', reasoning: 'v2 unmet' },
              { verdict: 'met', reasoning: 'v3 met' },
            ],
          },
        ],
      },
    })
    // Three identical requests: the same question asked three times.
    const bodies = server().requests.map((r) => JSON.stringify(r.body))
    expect(bodies).toHaveLength(3)
    expect(new Set(bodies).size).toBe(1)
  })

  test('with votes: 1 the first reply alone decides (one call, one vote kept)', async () => {
    server().reply(vote(['unmet', 'v1 unmet']), vote(['met', 'v2']), vote(['met', 'v3']))
    const judged = await judgeConversation(result, [asks], { model: model(), votes: 1 })
    expect(judged).toMatchObject({
      ok: true,
      pass: false,
      judgement: {
        verdict: 'fail',
        criteria: [
          {
            verdict: 'unmet',
            reasoning: 'v1 unmet',
            votes: [{ verdict: 'unmet', reasoning: 'v1 unmet' }],
          },
        ],
      },
    })
    expect(server().requests).toHaveLength(1)
    // Without `votes`: today's judgement, no `votes` field.
    server().reset()
    server().reply(vote(['met', 'once']))
    const plain = await judgeConversation(result, [asks], { model: model() })
    expect(plain.ok && plain.judgement.criteria[0]).toEqual({
      criterion: asks,
      verdict: 'met',
      reasoning: 'once',
    })
  })

  test.each([
    [['unmet', 'unmet', 'met'], 'unmet', 'fail', 'r0'],
    [['met', 'unmet', 'inconclusive'], 'inconclusive', 'inconclusive', null],
    [['inconclusive', 'inconclusive', 'met'], 'inconclusive', 'inconclusive', 'r0'],
    [['met', 'met', 'unmet', 'inconclusive', 'met'], 'met', 'pass', 'r0'],
    [['unmet', 'met', 'inconclusive', 'inconclusive', 'met'], 'inconclusive', 'inconclusive', null],
  ] as const)('votes %j → %s', async (given, verdict, overall, reasoning) => {
    server().reply(...given.map((v, i) => vote([v, `r${i}`])))
    const judged = await judgeConversation(result, [asks], {
      model: model(),
      votes: given.length,
    })
    expect(judged).toMatchObject({ ok: true, judgement: { verdict: overall } })
    const criterion = judged.ok ? judged.judgement.criteria[0] : undefined
    expect(criterion?.verdict).toBe(verdict)
    expect(criterion?.votes?.map((v) => v.verdict)).toEqual(given)
    if (reasoning !== null) {
      // The first vote that agrees with the majority gives the reasoning.
      expect(criterion?.reasoning).toBe(`r${(given as readonly string[]).indexOf(verdict)}`)
    } else {
      const count = (v: string) => given.filter((g) => g === v).length
      expect(criterion?.reasoning).toBe(
        `No majority of ${given.length} votes (met ${count('met')}, unmet ${count('unmet')}, inconclusive ${count('inconclusive')}). r0`,
      )
    }
  })

  test('each criterion takes its own majority', async () => {
    // The first vote is in the minority on both: the majority, not the first call, decides.
    server().reply(
      vote(['unmet', 'a1'], ['met', 'b1']),
      vote(['met', 'a2'], ['unmet', 'b2']),
      vote(['met', 'a3'], ['unmet', 'b3']),
    )
    const judged = await judgeConversation(result, [asks, 'Says goodbye'], {
      model: model(),
      votes: 3,
    })
    expect(judged.ok && judged.judgement.verdict).toBe('fail')
    expect(judged.ok && judged.judgement.criteria.map((c) => [c.verdict, c.reasoning])).toEqual([
      ['met', 'a2'],
      ['unmet', 'b2'],
    ])
  })

  test('a vote call that fails makes the judge fail with that error, not a verdict', async () => {
    server().reply(vote(['met', 'v1']), { status: 500, shouldRetry: false }, vote(['met', 'v3']))
    const judged = await judgeConversation(result, [asks], { model: model(), votes: 3 })
    expect(judged).toMatchObject({
      ok: false,
      error: { category: 'server_error', message: expect.stringContaining("model 'test-model'") },
      // What the calls before the failure spent still counts.
      usage: { input: 100, output: 20 },
    })
    // It stops at the failed vote: the third is never asked.
    expect(server().requests).toHaveLength(2)
    server().reply(vote(['met', 'v1']), { content: 'I think it is met.' })
    const unreadable = await judgeConversation(result, [asks], { model: model(), votes: 3 })
    expect(unreadable).toMatchObject({ ok: false, error: { category: 'parsing' } })
  })
})

const refund = () =>
  new Scenario('refund')
    .addNode('ask', { question: 'I want a refund.' })
    .addEdge('ask', END)
    .setEntry('ask')

describe('judge() outcomes with votes', () => {
  test('votes change the verdict by majority: the same replies fail with one vote and pass with three', async () => {
    const replies = [vote(['unmet', 'v1 unmet']), vote(['met', 'v2 met']), vote(['met', 'v3 met'])]
    const run = async (votes: number) => {
      server().reset()
      server().reply(...replies)
      const definition = refund()
        .addOutcome('asks first', judge([asks], { votes }))
        .validate()
      return runScenario(definition, {
        model: scriptedModel(['Which order?']),
        parsingModel: model(),
      })
    }
    const once = await run(1)
    expect(once.outcomeResults).toEqual({ 'asks first': false })
    expect(server().requests).toHaveLength(1)
    const thrice = await run(3)
    expect(thrice.outcomeResults).toEqual({ 'asks first': true })
    expect(server().requests).toHaveLength(3)
    expect(thrice.judgements['asks first']?.criteria[0]).toEqual({
      criterion: asks,
      verdict: 'met',
      reasoning: 'v2 met',
      votes: [
        { verdict: 'unmet', reasoning: 'v1 unmet' },
        { verdict: 'met', reasoning: 'v2 met' },
        { verdict: 'met', reasoning: 'v3 met' },
      ],
    })
    // Every vote's tokens count as judging.
    expect(thrice.usage.judging).toMatchObject({ input: 300, output: 60 })
  })

  test('a judge with votes and the same judge without are two requests, judged apart', async () => {
    server().reply(vote(['met', 'plain']), vote(['unmet', 'v1']), vote(['unmet', 'v2']))
    server().reply(vote(['unmet', 'v3']))
    const definition = refund()
      .addOutcome('plain', judge([asks]))
      .addOutcome('voted', judge([asks], { votes: 3 }))
      .validate()
    const run = await runScenario(definition, {
      model: scriptedModel(['Which order?']),
      parsingModel: model(),
    })
    expect(server().requests).toHaveLength(4)
    expect(run.outcomeResults).toEqual({ plain: true, voted: false })
    expect(run.judgements.plain?.criteria[0]?.votes).toBeUndefined()
    expect(run.judgements.voted?.criteria[0]?.votes).toHaveLength(3)
  })
})

describe('votes under recordings', () => {
  const folder = mkdtempSync(join(resultsDir, 'judge-votes-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const file = join(folder, 'votes.json')
  const session = (mode: 'new' | 'replay') =>
    new RecordingSession({
      file,
      displayFile: relative(repoRoot, file),
      test: 'judge votes',
      mode,
      command: 'npx vitest run test/models/judge-votes.test.ts -u',
    })

  test('each vote is recorded in the test’s recording file, and a replay with no server gives the same votes', async () => {
    server().reply(vote(['met', 'v1']), vote(['unmet', 'v2']), vote(['inconclusive', 'v3']))
    const recording = session('new')
    const live = await judgeConversation(result, [asks], { model: model(), votes: 3, recording })
    expect(await recording.finish(false)).toMatchObject({ recorded: 3, written: true })
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      interactions: { request: unknown }[]
    }
    expect(written.interactions).toHaveLength(3)
    // One request asked three times: the later ones are stored as the earlier one, unchanged,
    // and each interaction keeps its own answer (its vote).
    expect(written.interactions.map((i) => i.request).slice(1)).toEqual([
      { extends: 0, append: [] },
      { extends: 1, append: [] },
    ])
    written.interactions.forEach((interaction, i) => {
      expect(JSON.stringify(interaction)).toContain(`v${i + 1}`)
    })

    // Replay as CI does: nothing listens at the model's address, and no key.
    const offline = { model: 'test-model', baseURL: 'http://127.0.0.1:9/v1', apiKey: 'unused-fake' }
    const replayed = await judgeConversation(result, [asks], {
      model: offline,
      votes: 3,
      recording: session('replay'),
    })
    expect(live).toMatchObject({ ok: true, replayed: false })
    expect(replayed).toMatchObject({ ok: true, replayed: true })
    expect(replayed.ok && replayed.judgement).toEqual(live.ok && live.judgement)
    expect(replayed.ok && replayed.judgement.criteria[0]?.votes?.map((v) => v.verdict)).toEqual([
      'met',
      'unmet',
      'inconclusive',
    ])
    expect(server().requests).toHaveLength(3)
  })

  test('a replay that asks for more votes than were recorded misses: a recording error', async () => {
    const judged = await judgeConversation(result, [asks], {
      model: { model: 'test-model', baseURL: 'http://127.0.0.1:9/v1', apiKey: 'unused-fake' },
      votes: 5,
      recording: session('replay'),
    })
    expect(judged).toMatchObject({ ok: false, error: { category: 'recording' }, replayed: true })
  })
})

describe('the votes option', () => {
  test.each([
    [2, 'got 2'],
    [0, 'got 0'],
    [-3, 'got -3'],
    [1.5, 'got 1.5'],
    ['3', "got '3'"],
  ])('votes: %j is refused, saying to use 3 or 5', (votes, got) => {
    expect(() => judge([asks], { votes: votes as number })).toThrow(
      [
        '[vitest-scenario] judge(criteria, options) has an invalid option',
        `  - \`votes\`: an odd whole number ≥ 1 (use 3 or 5 to take a majority), ${got}`,
        "Write judge(['The agent asked for the order number before refunding'], { model?, instructions?, inconclusive?, votes? }).",
      ].join('\n'),
    )
  })

  test('judgeConversation and a judge document check it too', async () => {
    await expect(judgeConversation(result, [asks], { model: model(), votes: 4 })).rejects.toThrow(
      '`votes`: an odd whole number ≥ 1 (use 3 or 5 to take a majority), got 4',
    )
    expect(server().requests).toHaveLength(0)
    const document = (votes: unknown) => () =>
      hydrateOutcomeCheck({ type: 'Judge', criteria: [asks], votes }, 'outcomeCriteria.0.check')
    expect(document(6)).toThrow(
      'the judge at outcomeCriteria.0.check has an invalid option\n  - `votes`: an odd whole number ≥ 1 (use 3 or 5 to take a majority), got 6',
    )
  })

  test('kept on the frozen node, written to a document and read back; part of what makes two judges the same', () => {
    const node = judge([asks], { votes: 3, inconclusive: 'pass' })
    expect(node).toEqual({ type: 'Judge', criteria: [asks], inconclusive: 'pass', votes: 3 })
    expect(Object.isFrozen(node)).toBe(true)
    const data = JSON.parse(JSON.stringify(node))
    expect(data.votes).toBe(3)
    expect(hydrateOutcomeCheck(data, 'outcomeCriteria.0.check')).toEqual(node)
    const definition = refund()
      .addOutcome('asks first', judge([asks], { votes: 5 }))
      .validate()
    const loaded = Scenario.fromJSON(JSON.stringify(definition))
    expect(loaded.outcomeCriteria[0]?.check).toEqual(judge([asks], { votes: 5 }))
  })
})
