// Reports and conversation snapshots show a turn's chain of agents (after a handoff) and a tripped
// guardrail: the meta keeps them (a chain of one is `agent` alone), the HTML report tags them, the
// snapshot writes the guardrail where the answer would be; runs without them read as before.
import { describe, expect, test } from 'vitest'
import { readScenarioMeta } from '../../src/hosts/core/meta/read-meta.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { htmlReport } from '../../src/reporter/html.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { renderConversation } from '../../src/snapshot/index.js'
import { makeResult } from '../outcomes/make-result.js'
import { entry } from './sample-results.js'

const definition = () =>
  new Scenario('support')
    .addNode('ask', { question: 'unused' })
    .addNode('math', { question: 'unused' })
    .addEdge('ask', 'math')
    .addEdge('math', END)
    .setEntry('ask')
    .validate()

const run = () =>
  makeResult([
    {
      nodeId: 'ask',
      questionText: 'I want a refund.',
      rawResponse: 'Refund started.',
      agent: 'billing',
      agents: ['triage', 'billing'],
    },
    {
      nodeId: 'math',
      questionText: 'What is 12 * 7?',
      rawResponse: null,
      agent: 'triage',
      agents: ['triage'],
      guardrail: { name: 'no-math', kind: 'input', info: { reason: 'homework' } },
    },
  ])

describe('the meta', () => {
  test('keeps a handoff chain and a tripped guardrail, and reads them back', () => {
    const meta = scenarioMeta(definition(), [run()])
    const [first, second] = meta.runs[0]?.turns ?? []
    expect(first).toMatchObject({ agent: 'billing', agents: ['triage', 'billing'] })
    expect(second).toMatchObject({ agent: 'triage', guardrail: { name: 'no-math', kind: 'input' } })
    // A chain of one is the agent alone.
    expect(second).not.toHaveProperty('agents')
    expect(readScenarioMeta(JSON.parse(JSON.stringify(meta)))).toEqual({ ok: true, meta })
  })

  test('the HTML report tags the chain and the guardrail, escaped', () => {
    const result = run()
    Object.assign(result.history[1]?.guardrail ?? {}, { name: '<b>x</b>' })
    const list = [entry('support', scenarioMeta(definition(), [result]))]
    const html = htmlReport(list, runSummary(list))
    expect(html).toContain('<span class="tag">agent triage → billing</span>')
    expect(html).toContain('<span class="tag">input guardrail &lt;b&gt;x&lt;/b&gt; tripped</span>')
  })
})

describe('the conversation snapshot', () => {
  test('writes the guardrail of a refused turn where its answer would be', () => {
    expect(renderConversation(run())).toMatchInlineSnapshot(`
      "scenario: demo · completed · 2 turns
      path: ask → math

      #0 ask
        user: I want a refund.
        assistant (billing): Refund started.

      #1 math
        user: What is 12 * 7?
        guardrail: input no-math tripped {"reason":"homework"}"
    `)
  })
})
