// Reports show the two things any agent stack adds to a turn: the tokens written to the
// provider's prompt cache (`usage.cacheWrite`, only when some were) and the agent that answered
// (`TurnRecord.agent`, e.g. after a handoff). Reports of runs without them read as before.
import { describe, expect, test } from 'vitest'
import { readScenarioMeta } from '../../src/hosts/core/meta/read-meta.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { htmlReport } from '../../src/reporter/html.js'
import { markdownReport } from '../../src/reporter/markdown.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { colors, terminalReport } from '../../src/reporter/terminal.js'
import { END, Scenario } from '../../src/scenario/index.js'
import type { ScenarioExecutionResult, TurnUsage, Usage } from '../../src/state/types.js'
import { makeResult } from '../outcomes/make-result.js'
import { entry } from './sample-results.js'

const definition = () =>
  new Scenario('handoff')
    .addNode('ask', { question: 'unused' })
    .addNode('refund', { question: 'unused' })
    .addEdge('ask', 'refund')
    .addEdge('refund', END)
    .setEntry('ask')
    .validate()

const zero: Usage = { input: 0, output: 0, cached: 0, cacheWrite: 0 }

function turnUsage(answering: Usage, replayed = false): TurnUsage {
  return { ...answering, answering, judging: zero, simulating: zero, replayed }
}

/** Three turns of an agent on a caching provider: triage answers once, billing twice. */
function cachingRun(): ScenarioExecutionResult {
  const result = makeResult([
    {
      nodeId: 'ask',
      agent: 'triage',
      usage: turnUsage({ input: 1200, output: 30, cached: 0, cacheWrite: 1000 }),
    },
    {
      nodeId: 'refund',
      agent: 'billing',
      usage: turnUsage({ input: 1300, output: 40, cached: 1000, cacheWrite: 200 }),
    },
    {
      nodeId: 'refund',
      agent: 'billing',
      usage: turnUsage({ input: 900, output: 10, cached: 800, cacheWrite: 0 }, true),
    },
  ])
  result.usage = {
    ...turnUsage({ input: 3400, output: 80, cached: 1800, cacheWrite: 1200 }),
    replayed: true,
  }
  return result
}

/** A run as before: no cache writes, no agent names. */
function plainRun(): ScenarioExecutionResult {
  const usage = turnUsage({ input: 100, output: 20, cached: 40, cacheWrite: 0 })
  const result = makeResult([
    { nodeId: 'ask', usage },
    { nodeId: 'refund', usage },
  ])
  result.usage = turnUsage({ input: 200, output: 40, cached: 80, cacheWrite: 0 })
  return result
}

describe('the meta', () => {
  test('carries cache writes on the side they were spent on, and each turn’s agent', () => {
    const meta = scenarioMeta(definition(), [cachingRun()])
    const run = meta.runs[0]
    expect(run?.usage.now).toMatchObject({ input: 2500, cached: 1000, cacheWrite: 1200, turns: 2 })
    expect(run?.usage.recorded).toMatchObject({ input: 900, cached: 800, turns: 1 })
    // None written on the replayed turn: the field is left out, as for a run without caching.
    expect(run?.usage.recorded).not.toHaveProperty('cacheWrite')
    expect(run?.turns.map((turn) => turn.agent)).toEqual(['triage', 'billing', 'billing'])
    expect(readScenarioMeta(JSON.parse(JSON.stringify(meta)))).toEqual({ ok: true, meta })
  })

  test('cache writes after the last turn (a judge’s) count too', () => {
    const result = cachingRun()
    result.usage.cacheWrite += 50
    result.usage.input += 50
    const run = scenarioMeta(definition(), [result]).runs[0]
    expect(run?.usage.now.cacheWrite).toBe(1250)
  })

  test('a run without them has neither field: its meta is what it was', () => {
    const run = scenarioMeta(definition(), [plainRun()]).runs[0]
    expect(run?.usage.now).toEqual({ input: 200, output: 40, cached: 80, turns: 2 })
    expect(run?.turns.every((turn) => !('agent' in turn))).toBe(true)
  })

  test('meta written before cache writes and agents still reads; bad values are refused', () => {
    const meta = JSON.parse(JSON.stringify(scenarioMeta(definition(), [plainRun()])))
    expect(readScenarioMeta(meta).ok).toBe(true)
    const writes = structuredClone(meta)
    writes.runs[0].usage.now.cacheWrite = -1
    expect(readScenarioMeta(writes)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^runs\.0\.usage\.now\.cacheWrite: /),
    })
    const agent = structuredClone(meta)
    agent.runs[0].turns[0].agent = 7
    expect(readScenarioMeta(agent)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^runs\.0\.turns\.0\.agent: /),
    })
  })

  test('an agent name is one line, clipped, and goes through the text rewrite', () => {
    const result = cachingRun()
    Object.assign(result.history[0] ?? {}, { agent: `tri\nage ${'x'.repeat(300)}` })
    const meta = scenarioMeta(definition(), [result], {
      text: (value, path) => (path.endsWith('.agent') ? value.replace('tri', 'TRI') : value),
    })
    const name = meta.runs[0]?.turns[0]?.agent ?? ''
    expect(name.startsWith('TRI age x')).toBe(true)
    expect(name).not.toContain('\n')
    expect(name.length).toBeLessThanOrEqual(100)
  })
})

describe('the reports', () => {
  const entries = () => [entry('handoff', scenarioMeta(definition(), [cachingRun()]))]
  const plain = () => [entry('plain', scenarioMeta(definition(), [plainRun()]))]

  test('HTML: the cache writes beside the cached tokens, the agent on each answer', () => {
    const html = htmlReport(entries(), runSummary(entries()))
    expect(html).toContain('2,500 in / 70 out / 1,000 cached / 1,200 cache write')
    expect(html).toContain('<span class="tag">agent triage</span>')
    expect(html.match(/<span class="tag">agent billing<\/span>/g)).toHaveLength(2)
    const before = htmlReport(plain(), runSummary(plain()))
    expect(before).toContain('200 in / 40 out / 80 cached</span>')
    expect(before).not.toContain('cache write')
    expect(before).not.toContain('class="tag">agent ')
  })

  test('terminal and Markdown: which agents answered, among the conversation facts', () => {
    const terminal = terminalReport(entries(), runSummary(entries()), colors(false))
    expect(terminal).toContain('answered by triage, billing ×2')
    expect(markdownReport(entries(), runSummary(entries()))).toContain(
      'answered by triage, billing ×2',
    )
    expect(terminalReport(plain(), runSummary(plain()), colors(false))).not.toContain('answered by')
  })

  test('an agent name cannot inject markup into the HTML report', () => {
    const result = cachingRun()
    Object.assign(result.history[0] ?? {}, { agent: '<img src=x onerror=alert(1)>' })
    const list = [entry('handoff', scenarioMeta(definition(), [result]))]
    const html = htmlReport(list, runSummary(list))
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('agent &lt;img src=x onerror=alert(1)&gt;')
  })
})
