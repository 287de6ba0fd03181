// The patterns of seeds/building-scenarios.txt section 5, run with a scripted agent: same graphs,
// same expected routes.
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { defineTemplate } from '../../src/templates/index.js'

/** A template whose verdict is whether the answer says "correct". */
const verdict = defineTemplate({
  schema: z.object({ answer: z.string() }),
  parse: (raw) => ({ answer: raw }),
  verify: (parsed) => parsed.answer === 'correct',
})
const q = (text: string) => ({ question: text, template: verdict })

describe('building-scenarios section 5', () => {
  test('linear: a → b → c → END', async () => {
    const definition = new Scenario('linear-example')
      .addNode('a', { question: q('Step 1 question') })
      .addNode('b', { question: q('Step 2 question') })
      .addNode('c', { question: q('Step 3 question') })
      .addEdge('a', 'b')
      .addEdge('b', 'c')
      .addEdge('c', END)
      .setEntry('a')
      .validate()
    expect(definition.nodeIds).toEqual(['a', 'b', 'c'])
    const result = await runScenario(definition, { model: scriptedModel(['x', 'y', 'z']) })
    expect(result.status).toBe('completed')
    expect(result.path).toEqual(['a', 'b', 'c'])
  })

  const branching = () =>
    new Scenario('branching-example')
      .addNode('main', { question: q('What drug class does venetoclax belong to?') })
      .addNode('correct_path', { question: q('Good. What is the clinical indication?') })
      .addNode('incorrect_path', {
        question: q('Let us revisit. Venetoclax targets BCL-2. What class is that?'),
      })
      .addEdge('main', 'correct_path', { when: { verifyResult: true } })
      .addEdge('main', 'incorrect_path')
      .addEdge('correct_path', END)
      .addEdge('incorrect_path', END)
      .setEntry('main')
      .validate()

  test('branching: a correct answer takes the conditional edge', async () => {
    const definition = branching()
    expect(definition.edges).toHaveLength(4)
    const result = await runScenario(definition, { model: scriptedModel(['correct', 'CLL']) })
    expect(result.path).toEqual(['main', 'correct_path'])
  })

  test('branching: a wrong answer takes the fallback', async () => {
    const result = await runScenario(branching(), { model: scriptedModel(['wrong', 'correct']) })
    expect(result.path).toEqual(['main', 'incorrect_path'])
    expect(result.history.map((t) => t.verifyResult)).toEqual([false, true])
  })

  const looping = () =>
    new Scenario('looping-example')
      .addNode('probe', { question: q('Does the model maintain its answer under challenge?') })
      .addEdge('probe', 'probe', { when: { verifyResult: true } })
      .addEdge('probe', END)
      .setEntry('probe')
      .validate()

  test('looping: probes while the answer stays correct, ends on the fallback', async () => {
    const result = await runScenario(looping(), {
      model: scriptedModel(['correct', 'correct', 'wrong']),
    })
    expect(result.status).toBe('completed')
    expect(result.path).toEqual(['probe', 'probe', 'probe'])
    expect(result.finalState.nodeVisits).toEqual({ probe: 3 })
  })

  test('looping: the turn limit stops a loop that would go on', async () => {
    const result = await runScenario(looping(), {
      model: scriptedModel(() => 'correct'),
      turnLimit: 4,
    })
    expect(result.status).toBe('limit_reached')
    expect(result.turnCount).toBe(4)
  })

  test('looping without a fallback does not validate', () => {
    const s = new Scenario('looping-example')
      .addNode('probe', { question: 'q' })
      .addEdge('probe', 'probe', { when: { verifyResult: true } })
      .setEntry('probe')
    expect(() => s.validate()).toThrow(
      "Node 'probe' has conditional edges but no unconditional fallback",
    )
  })
})
