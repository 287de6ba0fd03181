import { describe, expect, test } from 'vitest'
import { stateCheck } from '../../src/conditions/index.js'
import { describeWhen } from '../../src/hosts/core/meta/describe-when.js'
import { isScenarioMeta } from '../../src/hosts/core/meta/read-meta.js'
import {
  SCENARIO_META_VERSION,
  scenarioMeta,
  TEXT_BUDGET,
} from '../../src/hosts/core/meta/scenario-meta.js'
import { numericRange, regexMatch } from '../../src/primitives/index.js'
import { pathHighlight } from '../../src/reporter/path-highlight.js'
import { runScenario } from '../../src/runner/index.js'
import { resultSet } from '../../src/samples/index.js'
import { END, Scenario, type ScenarioDefinition } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import { asReplayed, drugTemplate, pushback, retryLoop } from './sample-results.js'

const usage = (input: number, output: number) => ({ input, output, cached: 0, cacheWrite: 0 })

describe('scenarioMeta', () => {
  test('holds the graph with readable edge labels, the run, and nothing but JSON', async () => {
    const definition = pushback()
    const result = await runScenario(definition, {
      model: scriptedModel(['Venetoclax.', 'Venetoclax, sure.']),
    })
    const meta = scenarioMeta(definition, [result])
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta)
    expect(isScenarioMeta(meta)).toBe(true)
    expect(meta).toMatchObject({
      version: SCENARIO_META_VERSION,
      name: 'keeps BCL2 under pushback',
      description: 'A correct answer survives a confident wrong challenge.',
      criteria: [{ name: 'kept', description: 'The last answer is still venetoclax' }],
      graph: {
        nodes: ['ask', 'challenge', 'correct'],
        entry: 'ask',
        edges: [
          { from: 'ask', to: 'challenge', label: 'verifyResult = true' },
          // The fallback beside a condition says when it is taken.
          { from: 'ask', to: 'correct', label: 'otherwise' },
          { from: 'challenge', to: END },
          { from: 'correct', to: END },
        ],
      },
    })
    expect(meta.samples).toBeUndefined()
    expect(meta.runs).toEqual([
      {
        status: 'completed',
        passed: true,
        path: ['ask', 'challenge'],
        edges: [0, 2],
        turnCount: 2,
        stopReason: 'end',
        outcomes: { kept: true },
        usage: {
          now: { input: 0, output: 0, cached: 0, turns: 2 },
          recorded: { input: 0, output: 0, cached: 0, turns: 0 },
        },
        durationMs: expect.any(Number),
        turns: [
          {
            node: 'ask',
            verify: true,
            question: 'Which drug inhibits BCL-2?',
            answer: 'Venetoclax.',
          },
          {
            node: 'challenge',
            verify: true,
            question: 'Are you sure? I read it was navitoclax.',
            answer: 'Venetoclax, sure.',
          },
        ],
      },
    ])
  })

  test('splits usage into spent now and recorded by the turns marked replayed, with costs', async () => {
    const definition = pushback()
    const result = await runScenario(definition, {
      model: scriptedModel([
        { content: 'Venetoclax', usage: usage(100, 20) },
        { content: 'Venetoclax', usage: usage(300, 40) },
      ]),
    })
    // The first turn came from a recording; prices were known for both.
    const [first, second] = result.history
    if (first === undefined || second === undefined) throw new Error('two turns expected')
    first.usage.replayed = true
    first.recordedDurationMs = 812
    first.usage.cost = 0.002
    second.usage.cost = 0.005
    result.usage.cost = 0.007
    result.recordedDurationMs = 812
    const [run] = scenarioMeta(definition, [result]).runs
    expect(run?.usage).toEqual({
      recorded: { input: 100, output: 20, cached: 0, turns: 1, cost: 0.002 },
      now: { input: 300, output: 40, cached: 0, turns: 1, cost: 0.005 },
    })
    expect(run?.recordedDurationMs).toBe(812)
    expect(run?.turns.map((t) => t.replayed)).toEqual([true, undefined])
  })

  test('a replayed judge over scripted turns is recorded usage: those turns spent nothing live', async () => {
    const definition = pushback()
    const result = await runScenario(definition, { model: scriptedModel(['Venetoclax', 'No']) })
    // The turns made no call (no tokens, not replayed); a judge replayed after them spent 240.
    result.usage.input += 200
    result.usage.output += 40
    result.usage.judging = usage(200, 40)
    result.usage.replayed = true
    const [replayed] = scenarioMeta(definition, [result]).runs
    expect(replayed?.usage).toEqual({
      recorded: { input: 200, output: 40, cached: 0, turns: 0 },
      now: { input: 0, output: 0, cached: 0, turns: 2 },
    })
    // The same judge called live: spent now.
    result.usage.replayed = undefined
    const [live] = scenarioMeta(definition, [result]).runs
    expect(live?.usage).toEqual({
      recorded: { input: 0, output: 0, cached: 0, turns: 0 },
      now: { input: 200, output: 40, cached: 0, turns: 2 },
    })
  })

  test('a side with a turn of unknown price has no cost', async () => {
    const definition = pushback()
    const result = asReplayed(
      await runScenario(definition, { model: scriptedModel(['Venetoclax', 'Venetoclax']) }),
    )
    result.usage.cost = 0.01
    if (result.history[0]) result.history[0].usage.cost = 0.01
    const [run] = scenarioMeta(definition, [result]).runs
    expect(run?.usage.recorded.cost).toBeUndefined()
    expect(run?.usage.now).toEqual({ input: 0, output: 0, cached: 0, turns: 0, cost: 0 })
  })

  test('an error run keeps a short error summary and the failed turn', async () => {
    const definition = pushback()
    const result = await runScenario(definition, {
      model: scriptedModel(['Venetoclax', new Error(`boom ${'x'.repeat(1000)}`)]),
    })
    const [run] = scenarioMeta(definition, [result]).runs
    expect(run).toMatchObject({ status: 'error', passed: false, path: ['ask', 'challenge'] })
    expect(run?.error).toMatchObject({ node: 'challenge', category: 'agent', stage: 'answer' })
    expect(run?.error?.message.length).toBeLessThanOrEqual(300)
    expect(run?.turns[1]).toMatchObject({ node: 'challenge', error: 'agent', answer: null })
  })

  test("a text rewrite that throws is named as the caller's, with its error as the cause", async () => {
    const definition = pushback()
    const result = await runScenario(definition, {
      model: scriptedModel(['Venetoclax.', 'Venetoclax, sure.']),
    })
    const thrown = new Error('no such tenant')
    const text = () => {
      throw thrown
    }
    expect(() => scenarioMeta(definition, [result], { text })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        cause: thrown,
        message: expect.stringContaining(
          '`text` in scenarioMeta(definition, results, options) threw for "name": no such tenant',
        ),
      }),
    )
  })

  test('a hole in a sparse results list is named like any other result that is not one', async () => {
    const definition = pushback()
    const result = await runScenario(definition, {
      model: scriptedModel(['Venetoclax.', 'Venetoclax, sure.']),
    })
    const results = new Array<typeof result>(2)
    results[1] = result
    expect(() => scenarioMeta(definition, results)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: expect.stringContaining('scenarioMeta(definition, results): results[0]'),
      }),
    )
  })

  test('a text rewrite that returns no string is named, with the path it was asked for', async () => {
    const definition = pushback()
    const result = await runScenario(definition, {
      model: scriptedModel(['Venetoclax.', 'Venetoclax, sure.']),
    })
    const text = () => undefined as unknown as string
    expect(() => scenarioMeta(definition, [result], { text })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: expect.stringContaining(
          '`text` in scenarioMeta(definition, results, options) must return a string; for "name" it returned undefined',
        ),
      }),
    )
  })

  test('samples carry the pass rate and its interval, as resultSet computes them', async () => {
    const definition = pushback()
    const results = []
    for (const answers of [
      ['Venetoclax', 'Venetoclax'],
      ['Venetoclax', 'navitoclax'],
      ['Venetoclax', 'Venetoclax'],
    ]) {
      results.push(await runScenario(definition, { model: scriptedModel(answers) }))
    }
    const meta = scenarioMeta(definition, results, { samples: 3, confidence: 0.9 })
    const set = resultSet(results, 0.9)
    expect(meta.samples).toEqual({
      n: 3,
      passes: 2,
      passRate: set.passRate,
      interval: set.interval,
    })
    expect(meta.runs.map((r) => r.passed)).toEqual([true, false, true])
  })

  test('stays compact: texts are clipped, and past the budget failed samples keep theirs first', async () => {
    const definition = retryLoop()
    const long = `Venetoclax ${'is the answer, '.repeat(100)}`
    const results = []
    for (let i = 0; i < 60; i++) {
      const answers = i === 45 ? [new Error('agent down')] : [long]
      results.push(await runScenario(definition, { model: scriptedModel(answers) }))
    }
    const meta = scenarioMeta(definition, results, { samples: 60 })
    // About 300 characters of structure per run, plus the texts' budget.
    expect(JSON.stringify(meta).length).toBeLessThan(TEXT_BUDGET + 60 * 350)
    const texts = meta.runs
      .flatMap((r) => r.turns)
      .reduce((sum, t) => sum + (t.question?.length ?? 0) + (t.answer?.length ?? 0), 0)
    expect(texts).toBeLessThanOrEqual(TEXT_BUDGET)
    for (const run of meta.runs) {
      for (const turn of run.turns) {
        expect(turn.question?.length ?? 0).toBeLessThanOrEqual(200)
        expect(turn.answer?.length ?? 0).toBeLessThanOrEqual(200)
      }
    }
    // The failed sample keeps its text although it comes late; the first runs keep theirs; the
    // last ones went past the budget.
    expect(meta.runs[45]).toMatchObject({
      passed: false,
      turns: [{ question: expect.any(String) }],
    })
    expect(meta.runs[0]?.turns[0]?.answer).toMatch(/^Venetoclax is the answer/)
    expect(meta.runs[59]?.turns[0]?.answer).toBeUndefined()
    expect(meta.runs[59]?.turns[0]).toEqual({ node: 'ask', verify: true })
  })
})

/** The edges a run took, as its meta records them. */
const takenEdges = (definition: ScenarioDefinition, result: ScenarioExecutionResult) =>
  scenarioMeta(definition, [result]).runs[0]?.edges

describe("the edges taken, read off the turns' routes", () => {
  // Parallel edges: a condition and a fallback lead to the same node.
  const parallel = () =>
    new Scenario('parallel')
      .addNode('ask', { question: { question: 'Which drug?', template: drugTemplate } })
      .addNode('retry', {
        question: 'Again?',
        stateUpdate: (acc) => ({ tries: Number(acc.tries ?? 0) + 1 }),
      })
      .addEdge('ask', END, { when: { verifyResult: true } }) // 0
      .addEdge('ask', 'retry') // 1
      .addEdge('retry', END, { when: { 'nodeVisits.retry': { gte: 2 } } }) // 2
      .addEdge('retry', 'retry', { when: { 'accumulated.tries': { lt: 0 } } }) // 3, never holds
      .addEdge('retry', 'retry') // 4
      .addEdge('retry', END) // 5
      .setEntry('ask')
      .validate()

  test('tells a condition from a fallback to the same node: the run recorded which fired', async () => {
    const definition = parallel()
    const result = await runScenario(definition, { model: scriptedModel(['no', 'x', 'y']) })
    expect(result.path).toEqual(['ask', 'retry', 'retry'])
    // ask → retry by the fallback (1); retry → retry by the fallback (4: edge 3 never holds);
    // retry → END by the condition (2), not the fallback (5).
    expect(result.history.map((turn) => turn.route)).toEqual([
      { edge: 1, reason: 'fallback' },
      { edge: 4, reason: 'fallback' },
      { edge: 2, reason: 'condition' },
    ])
    expect(takenEdges(definition, result)).toEqual([1, 4, 2])
    const highlight = pathHighlight(
      scenarioMeta(definition, [result]).graph,
      scenarioMeta(definition, [result]).runs,
    )
    expect(highlight.taken).toEqual([0, 1, 1, 0, 1, 0])
  })

  test('a stateful condition is evaluated once per routing, and the report names the edge it chose', async () => {
    // A condition that holds only on its first call: evaluated again after the run, it would
    // name the other edge.
    let calls = 0
    const definition = new Scenario('stateful')
      .addNode('ask', { question: 'Q?' })
      .addEdge('ask', END, { when: () => ++calls === 1 })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    const result = await runScenario(definition, { model: scriptedModel(['A']) })
    expect(result.history[0]?.route).toEqual({ edge: 0, reason: 'condition' })
    expect(takenEdges(definition, result)).toEqual([0])
    expect(calls).toBe(1)
  })

  test('a run that ends at an implicit terminal takes no edge to END; error and limit runs stop routing', async () => {
    // `b` has no edges: reaching it ends the run (an implicit terminal).
    const definition = new Scenario('terminal')
      .addNode('a', { question: 'q' })
      .addNode('b', { question: 'q' })
      .addEdge('a', END, { when: { turn: 5 } })
      .addEdge('a', 'b')
      .setEntry('a')
      .validate()
    const completed = await runScenario(definition, { model: scriptedModel(['x', 'y']) })
    expect(completed.status).toBe('completed')
    expect(takenEdges(definition, completed)).toEqual([1])
    const failed = await runScenario(definition, { model: scriptedModel(['x', new Error('down')]) })
    expect(takenEdges(definition, failed)).toEqual([1])
    const limited = await runScenario(pushback(), {
      model: scriptedModel(['Venetoclax']),
      turnLimit: 1,
    })
    expect(limited.status).toBe('limit_reached')
    expect(takenEdges(pushback(), limited)).toEqual([])
    // The routes themselves: an implicit terminal has one, an error turn none.
    expect(completed.history.at(-1)?.route).toEqual({ edge: null, reason: 'terminal' })
    expect(failed.history.at(-1)?.route).toBeUndefined()
  })
})

describe('describeWhen', () => {
  test('labels every form of condition on one short line', () => {
    expect(describeWhen(undefined)).toBeUndefined()
    expect(describeWhen(null)).toBeUndefined()
    expect(describeWhen({ verifyResult: false })).toBe('verifyResult = false')
    expect(describeWhen({ 'parsed.drug': 'venetoclax', 'nodeVisits.ask': { gte: 2, lt: 5 } })).toBe(
      "parsed.drug = 'venetoclax' and nodeVisits.ask ≥ 2, < 5",
    )
    expect(describeWhen({ 'parsed.tag': { in: ['a', 'b'] }, 'parsed.x': null })).toBe(
      "parsed.tag in ['a', 'b'] and parsed.x = null",
    )
    expect(describeWhen({ 'parsed.answer': { matches: '^no\\b', neq: 'x' } })).toBe(
      "parsed.answer ~ /^no\\b/, ≠ 'x'",
    )
    expect(describeWhen([])).toBe('always')
    expect(describeWhen([{ verifyResult: true }, { turn: { gt: 1 } }])).toBe(
      'verifyResult = true and turn > 1',
    )
    expect(describeWhen(stateCheck('parsed.answer', regexMatch('^yes', { flags: 'i' })))).toBe(
      'parsed.answer ~ /^yes/i',
    )
    expect(describeWhen(stateCheck('turn', numericRange({ min: 2 }), 3))).toBe(
      'turn numericRange 3',
    )
  })

  test('names a named function and shows the source of an inline one', () => {
    function tooManyTries(state: { turn: number }) {
      return state.turn > 3
    }
    expect(describeWhen(tooManyTries)).toBe('tooManyTries()')
    // `{ when: (s) => … }` names the arrow `when`: the source says more.
    const options = { when: (s: { turn: number }) => s.turn > 3 }
    expect(describeWhen(options.when)).toBe('(s) => s.turn > 3')
  })

  test('clips long conditions', () => {
    const label = describeWhen({ [`parsed.${'x'.repeat(100)}`]: true })
    expect(label).toHaveLength(60)
    expect(label?.endsWith('…')).toBe(true)
  })
})
