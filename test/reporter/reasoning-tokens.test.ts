// Reports show the reasoning tokens (`usage.reasoning`, the part of the output a reasoning model
// spent thinking) where they show the cached ones, only when the responses stated some; the meta
// of runs without them, and meta written before them, read as before.
import { describe, expect, test } from 'vitest'
import { readScenarioMeta } from '../../src/hosts/core/meta/read-meta.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { htmlReport } from '../../src/reporter/html.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { END, Scenario } from '../../src/scenario/index.js'
import type { ScenarioExecutionResult, TurnUsage, Usage } from '../../src/state/types.js'
import { makeResult } from '../outcomes/make-result.js'
import { entry } from './sample-results.js'

const definition = () =>
  new Scenario('thinking')
    .addNode('ask', { question: 'unused' })
    .addNode('again', { question: 'unused' })
    .addEdge('ask', 'again')
    .addEdge('again', END)
    .setEntry('ask')
    .validate()

const zero: Usage = { input: 0, output: 0, cached: 0, cacheWrite: 0 }
const turnUsage = (answering: Usage, replayed = false): TurnUsage => ({
  ...answering,
  answering,
  judging: zero,
  simulating: zero,
  replayed,
})

function reasoningRun(): ScenarioExecutionResult {
  const first = { input: 100, output: 900, cached: 0, cacheWrite: 0, reasoning: 800, model: 'o4' }
  const second = { input: 200, output: 50, cached: 100, cacheWrite: 0, reasoning: 0, model: 'o4' }
  const result = makeResult([
    { nodeId: 'ask', usage: turnUsage(first) },
    { nodeId: 'again', usage: turnUsage(second, true) },
  ])
  result.usage = {
    ...turnUsage({ input: 300, output: 950, cached: 100, cacheWrite: 0, reasoning: 800 }),
    replayed: true,
  }
  return result
}

describe('reasoning tokens in reports', () => {
  test('the meta carries them on the side they were spent on, only when some were', () => {
    const meta = scenarioMeta(definition(), [reasoningRun()])
    const run = meta.runs[0]
    expect(run?.usage.now).toMatchObject({ input: 100, output: 900, reasoning: 800, turns: 1 })
    expect(run?.usage.recorded).not.toHaveProperty('reasoning')
    expect(readScenarioMeta(JSON.parse(JSON.stringify(meta)))).toEqual({ ok: true, meta })
    const bad = JSON.parse(JSON.stringify(meta))
    bad.runs[0].usage.now.reasoning = -3
    expect(readScenarioMeta(bad)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^runs\.0\.usage\.now\.reasoning: /),
    })
  })

  test('HTML shows them beside the cached tokens; a run without them reads as before', () => {
    const list = [entry('thinking', scenarioMeta(definition(), [reasoningRun()]))]
    expect(htmlReport(list, runSummary(list))).toContain('100 in / 900 out / 800 reasoning')
    const plain = makeResult([{ nodeId: 'ask' }, { nodeId: 'again' }])
    const before = [entry('plain', scenarioMeta(definition(), [plain]))]
    expect(htmlReport(before, runSummary(before))).not.toMatch(/\d reasoning/)
  })
})
