// The reports show what agent tests add: the stop reason, judgements with each unmet or
// inconclusive criterion's reasoning, outcome errors apart from failed outcomes, callable
// reasons, simulated-user turns, seeded messages, scripted answers, tool calls and the simulated
// user's tokens. Results are made by hand (the features' runners are built elsewhere).
import { describe, expect, test } from 'vitest'
import { readScenarioMeta } from '../../src/hosts/core/meta/read-meta.js'
import { JUDGEMENT_BUDGET, scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { htmlReport } from '../../src/reporter/html.js'
import { markdownReport } from '../../src/reporter/markdown.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { colors, terminalReport } from '../../src/reporter/terminal.js'
import { makeResult } from '../outcomes/make-result.js'
import { agentRun, support } from './agent-results.js'
import { entry } from './sample-results.js'

function agentEntry(result = agentRun()) {
  return entry('support agent', scenarioMeta(support(), [result]))
}

describe('reports of agent tests', () => {
  test('the meta carries the details, and the reader reads them back unchanged', () => {
    const meta = scenarioMeta(support(), [agentRun()])
    const run = meta.runs[0]
    expect(run).toMatchObject({
      stopReason: 'end',
      outcomeErrors: { polite: { category: 'rate_limit', message: '429 Too Many Requests' } },
      reasons: { refunded: 'no refund call succeeded' },
      judgements: {
        resolved: {
          verdict: 'fail',
          criteria: [
            // A met criterion keeps its reasoning too (a comparison shows both sides' reasons).
            { criterion: 'greets the user', verdict: 'met', reasoning: 'It says hello.' },
            { criterion: 'resolves the issue', verdict: 'unmet', reasoning: 'The refund failed.' },
            { criterion: 'offers a voucher', verdict: 'inconclusive', reasoning: 'Not discussed.' },
          ],
        },
      },
      seed: {
        count: 3,
        messages: [
          { role: 'system', text: 'You are a support agent.' },
          { role: 'assistant', tools: ['whoami'] },
          { role: 'tool', text: '{"user":"ada"}' },
        ],
      },
      // The judge's tokens (after the turns) count as spent now; the simulated user's are told.
      usage: { now: { input: 410, output: 70, turns: 3, simulating: 60 } },
    })
    expect(run?.turns).toMatchObject([
      { noQuestion: true, answer: 'Hello! How can I help?' },
      {
        simulated: true,
        question: 'My order 42 is late.',
        calls: [
          { name: 'lookup_order', args: '{"id":42}', result: '{"status":"late"}' },
          { name: 'refund', args: '{"id":42}', error: 'refunds are closed' },
        ],
      },
      { simulated: true, goalReached: true, scripted: true },
    ])
    expect(run?.turns[0]).not.toHaveProperty('question')
    const reading = readScenarioMeta(JSON.parse(JSON.stringify(meta)))
    expect(reading).toEqual({ ok: true, meta })
  })

  test('the reader refuses a malformed judgement, naming the path', () => {
    const meta = JSON.parse(JSON.stringify(scenarioMeta(support(), [agentRun()])))
    meta.runs[0].judgements.resolved.criteria[1].verdict = 'maybe'
    expect(readScenarioMeta(meta)).toEqual({
      ok: false,
      problem:
        'runs.0.judgements.resolved.criteria.1.verdict: a string of 5 characters, not one of met, unmet, inconclusive',
    })
  })

  test("a met criterion's reasoning goes first when the judgement budget runs short", () => {
    const long = agentRun()
    // 15 unmet criteria of 500 + 12 characters use all but 320 of the budget; the met one after
    // them fits by name, not with its 500 characters of reasoning.
    long.judgements = {
      resolved: {
        verdict: 'fail',
        criteria: [
          ...Array.from({ length: 15 }, (_, i) => ({
            criterion: `criterion ${String(i).padStart(2, '0')}`,
            verdict: 'unmet' as const,
            reasoning: 'x'.repeat(500),
          })),
          { criterion: 'greets the user', verdict: 'met' as const, reasoning: 'y'.repeat(500) },
        ],
      },
    }
    const kept = scenarioMeta(support(), [long]).runs[0]?.judgements?.resolved?.criteria ?? []
    expect(kept).toHaveLength(16)
    expect(kept[15]).toEqual({ criterion: 'greets the user', verdict: 'met' })
    expect(kept[0]?.reasoning).toHaveLength(500)
  })

  test('judgements stay within their budget, failed runs first, and say what they left out', () => {
    const long = agentRun()
    long.judgements = {
      resolved: {
        verdict: 'fail',
        criteria: Array.from({ length: 40 }, (_, i) => ({
          criterion: `criterion ${i}`,
          verdict: 'unmet' as const,
          reasoning: 'x'.repeat(1000),
        })),
      },
    }
    const meta = scenarioMeta(support(), [long])
    const judgement = meta.runs[0]?.judgements?.resolved
    const kept = judgement?.criteria ?? []
    const size = kept.reduce((n, c) => n + c.criterion.length + (c.reasoning?.length ?? 0), 0)
    expect(size).toBeLessThanOrEqual(JUDGEMENT_BUDGET)
    expect(kept.length).toBeGreaterThan(0)
    expect(judgement?.omitted).toBe(40 - kept.length)
    expect(kept[0]?.reasoning).toHaveLength(500)
  })

  test('terminal: the stop reason, the conversation, outcome errors, reasons and judgements', () => {
    const budget = agentRun()
    budget.status = 'limit_reached'
    budget.stopReason = 'budget'
    const entries = [agentEntry(budget)]
    const text = terminalReport(entries, runSummary(entries), colors(false))
    expect(text.split('\n').slice(3, 13).join('\n')).toMatchInlineSnapshot(`
      " × test/scenarios.test.ts > support agent
           limit_reached (budget) · 3 turns · greet → customer → customer · 3ms
           outcomes ✗ resolved, ✗ refunded, ⚠ polite
           conversation 3 seeded messages · 2 simulated-user turns (goal reached on #2) · 1 scripted answer · no user message on #0 · tools lookup_order, refund
           ⚠ polite not evaluated, rate_limit error: 429 Too Many Requests
           ✗ refunded: no refund call succeeded
           judge resolved fail (1 met)
             ✗ resolves the issue: The refund failed.
             ? offers a voucher: Not discussed.
           tokens 0 recorded, 480 (60 simulated user) spent now"
    `)
  })

  test('Markdown: the status with its stop reason, the conversation and the outcome details', () => {
    const entries = [agentEntry()]
    const text = markdownReport(entries, runSummary(entries))
    const section = text.slice(text.indexOf('| Run |'))
    expect(section.split('\n').slice(0, 14).join('\n')).toMatchInlineSnapshot(`
      "| Run | Status | Path | Turns | Outcomes | Tokens recorded | Tokens now | Time |
      |---:|---|---|---:|---|---:|---:|---:|
      | 0 | completed | greet → customer → customer | 3 | ✗ resolved, ✗ refunded, ⚠ polite | 0 | 480 (60 simulated user) | 3ms |

      **Conversation** 3 seeded messages · 2 simulated-user turns (goal reached on \\#2) · 1 scripted answer · no user message on \\#0 · tools lookup\\_order, refund

      **Outcomes**

      - ⚠ polite: not evaluated, **rate\\_limit** error: 429 Too Many Requests
      - ✗ refunded: no refund call succeeded
      - judge resolved: **fail** · met: greets the user
        - ✗ resolves the issue: The refund failed.
        - ? offers a voucher: Not discussed.
      "
    `)
  })

  test('Markdown overview: a run stopped by its budget says so in the status cell too', () => {
    const budget = agentRun()
    budget.status = 'limit_reached'
    budget.stopReason = 'budget'
    const entries = [agentEntry(budget)]
    const text = markdownReport(entries, runSummary(entries))
    const overview = text.split('\n').find((line) => line.includes('support agent'))
    expect(overview).toContain('| limit\\_reached (budget) |')
  })

  test('HTML: seeded rows, simulated-user and scripted turns, tool calls, judgements and errors', () => {
    const entries = [agentEntry()]
    const html = htmlReport(entries, runSummary(entries))
    const facts = html.slice(html.indexOf('<dt>Stopped'), html.indexOf('</dl>'))
    expect(facts).toMatchInlineSnapshot(`
      "<dt>Stopped</dt><dd>end <span class="tag">routed to END</span></dd>
      <dt>Conversation</dt><dd>3 seeded messages · 2 simulated-user turns (goal reached on #2) · 1 scripted answer · no user message on #0 · tools lookup_order, refund</dd>
      <dt>Tokens recorded</dt><dd>0 <span class="tag">0 in / 0 out</span></dd>
      <dt>Tokens now</dt><dd>480 <span class="tag">410 in / 70 out / 60 simulated user</span></dd>
      <dt>Time</dt><dd>3ms</dd>
      "
    `)
    const start = html.indexOf('<ul class="outcomes">')
    // The outcomes list ends the facts column.
    const outcomes = html.slice(start, html.indexOf('</div>\n</div>', start))
    expect(outcomes.replaceAll('<li', '\n<li')).toMatchInlineSnapshot(`
      "<ul class="outcomes">
      <li data-outcome="resolved"><span class="bad">✗</span> resolved <span class="tag">judge: fail</span><ul class="criteria">
      <li data-verdict="met"><span class="ok">✓</span> greets the user</li>
      <li data-verdict="unmet"><span class="bad">✗</span> resolves the issue<div class="reasoning">The refund failed.</div></li>
      <li data-verdict="inconclusive"><span class="warn">?</span> offers a voucher<div class="reasoning">Not discussed.</div></li></ul></li>
      <li data-outcome="refunded"><span class="bad">✗</span> refunded <span class="reason">— no refund call succeeded</span></li>
      <li data-outcome="polite"><span class="warn">⚠</span> polite<div class="error-box">Not evaluated, rate_limit error: 429 Too Many Requests</div></li></ul>"
    `)
    const rows = html.slice(html.indexOf('<tr class="seed">'), html.indexOf('</tbody></table>'))
    expect(rows).toMatchInlineSnapshot(`
      "<tr class="seed"><td></td><td>seed</td><td><span class="tag">seeded system</span> You are a support agent.</td><td></td><td>—</td></tr>
      <tr class="seed"><td></td><td>seed</td><td></td><td><span class="tag">seeded assistant</span> <span class="tag">tool whoami</span></td><td>—</td></tr>
      <tr class="seed"><td></td><td>seed</td><td></td><td><span class="tag">seeded tool</span> {&quot;user&quot;:&quot;ada&quot;}</td><td>—</td></tr>
      <tr><td>0</td><td>greet</td><td><i>no user message</i></td><td>Hello! How can I help?</td><td>—</td></tr>
      <tr><td>1</td><td>customer</td><td><span class="tag">simulated user</span> My order 42 is late.</td><td><ul class="calls"><li><span class="mono">lookup_order({&quot;id&quot;:42})</span> → {&quot;status&quot;:&quot;late&quot;}</li><li><span class="mono">refund({&quot;id&quot;:42})</span> <span class="bad">✗ refunds are closed</span></li></ul>It ships tomorrow.</td><td>—</td></tr>
      <tr><td>2</td><td>customer</td><td><span class="tag">simulated user, goal reached</span> Thanks, that is all.</td><td>Goodbye.</td><td>—<span class="tag">scripted answer</span></td></tr>
      "
    `)
  })

  test('a run without agent features reports no new lines', () => {
    const plain = makeResult([{ nodeId: 'greet' }, { nodeId: 'customer' }])
    plain.outcomeResults = { resolved: true, refunded: true, polite: true }
    const entries = [agentEntry(plain)]
    const terminal = terminalReport(entries, runSummary(entries), colors(false))
    expect(terminal).not.toMatch(/conversation|judge|not evaluated|simulated|\(end\)/)
    const markdown = markdownReport(entries, runSummary(entries))
    expect(markdown).not.toMatch(/Conversation|\*\*Outcomes\*\*|simulated/)
    expect(markdown).toContain('| 0 | completed |')
  })
})
