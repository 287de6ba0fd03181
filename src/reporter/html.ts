// The HTML report: one self-contained page (inline CSS and SVG, no script, nothing fetched; a
// Content-Security-Policy says so to the browser) with each scenario's graph, facts and
// transcript. Every piece of user text goes through escapeHtml.
import {
  formatCost,
  formatCount,
  formatDuration,
  formatPath,
  formatPercent,
  formatUsage,
  nodeName,
} from './format.js'
import { graphSvg } from './graph-svg.js'
import { escapeHtml } from './html-escape.js'
import { HTML_STYLE } from './html-style.js'
import { endedAtEnd, pathHighlight } from './path-highlight.js'
import { conversationFacts } from './run-details.js'
import { type RunSummary, scenarioUsage } from './run-summary.js'
import type { ScenarioEntry } from './scenario-entry.js'
import type { JudgementMeta, ScenarioRunMeta, TurnMeta, UsageMeta } from './scenario-meta.js'

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

/** What each stop reason means, beside it in the facts. */
const STOP_REASONS: Readonly<Record<string, string>> = {
  end: 'routed to END',
  terminal: 'a node with no edge that applied',
  turn_limit: 'the turn limit',
  budget: 'the token or cost budget was spent',
  error: 'a turn failed',
  aborted: "the run's signal",
}

/** The HTML report of a run's scenario tests, as one page. */
export function htmlReport(entries: readonly ScenarioEntry[], summary: RunSummary): string {
  const body = [
    '<header>',
    '<h1>Scenario report</h1>',
    `<p class="summary">${summaryHtml(summary)}</p>`,
    '</header>',
    '<main>',
  ]
  if (entries.length === 0) body.push('<p>No scenario tests ran.</p>')
  else body.push(overviewTable(entries), ...entries.map(scenarioSection))
  body.push('</main>', '<footer>vitest-scenario · offline report</footer>')
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Scenario report</title>',
    `<style>${HTML_STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

function summaryHtml(summary: RunSummary): string {
  const counts = [`<span class="ok">${summary.passed} passed</span>`]
  if (summary.failed > 0) counts.push(`<span class="bad">${summary.failed} failed</span>`)
  const other = summary.scenarios - summary.passed - summary.failed
  if (other > 0) counts.push(`${other} skipped`)
  const parts = [
    `<b>${summary.scenarios} ${summary.scenarios === 1 ? 'scenario' : 'scenarios'}</b>: ${counts.join(', ')}`,
    `${formatCount(summary.turns)} turns`,
    `tokens ${escapeHtml(formatUsage(summary.recorded))} recorded, ${escapeHtml(formatUsage(summary.now))} spent now`,
  ]
  if (summary.recordings) {
    const { replayed, recorded, misses } = summary.calls
    parts.push(
      `calls ${replayed} replayed, ${recorded} recorded${misses > 0 ? `, <span class="bad">${misses} missed</span>` : ''}`,
    )
  }
  return parts.join(' · ')
}

function overviewTable(entries: readonly ScenarioEntry[]): string {
  const rows = entries.map((entry, i) => {
    const usage = scenarioUsage(entry.scenario)
    const samples = entry.scenario.samples
    const status =
      samples === undefined
        ? (entry.scenario.runs[0]?.status ?? '—')
        : `${samples.passes}/${samples.n} samples, ${formatPercent(samples.passRate)}`
    const state = escapeHtml(entry.state)
    return `<tr><td><span class="badge ${state}">${state}</span></td><td><a href="#s${i}">${escapeHtml(entry.test)}</a></td><td class="mono">${escapeHtml(entry.file)}</td><td>${escapeHtml(status)}</td><td class="num">${escapeHtml(formatUsage(usage.recorded))}</td><td class="num">${escapeHtml(formatUsage(usage.now))}</td></tr>`
  })
  return [
    '<table class="overview">',
    '<thead><tr><th>Test</th><th>Scenario</th><th>File</th><th>Result</th><th class="num">Tokens recorded</th><th class="num">Tokens now</th></tr></thead>',
    `<tbody>${rows.join('\n')}</tbody>`,
    '</table>',
  ].join('\n')
}

function scenarioSection(entry: ScenarioEntry, index: number): string {
  const meta = entry.scenario
  const highlight = pathHighlight(meta.graph, meta.runs)
  // Every field drawn from task meta is escaped, also those the reader checked to be words.
  const state = escapeHtml(entry.state)
  const sub = [`<span class="mono">${escapeHtml(entry.file)}</span>`]
  if (entry.project !== undefined) sub.push(`project ${escapeHtml(entry.project)}`)
  if (meta.name !== entry.test) sub.push(`scenario ${escapeHtml(meta.name)}`)
  if (entry.durationMs !== undefined) sub.push(formatDuration(entry.durationMs))
  const parts = [
    `<section class="scenario ${state}" id="s${index}" data-scenario="${escapeHtml(meta.name)}" data-state="${state}">`,
    `<h2><span class="badge ${state}">${state}</span> ${escapeHtml(entry.test)}</h2>`,
    `<p class="sub">${sub.join(' · ')}</p>`,
  ]
  if (meta.description !== undefined) parts.push(`<p>${escapeHtml(meta.description)}</p>`)
  parts.push(
    '<div class="cols">',
    `<div class="graph-box">${graphSvg(meta.graph, highlight, `g${index}`, `Graph of ${meta.name}`)}</div>`,
    `<div class="facts">${factsHtml(entry)}</div>`,
    '</div>',
  )
  parts.push(transcripts(entry))
  parts.push('</section>')
  return parts.join('\n')
}

function usageHtml(usage: UsageMeta): string {
  const simulated =
    (usage.simulating ?? 0) > 0 ? ` / ${formatCount(usage.simulating ?? 0)} simulated user` : ''
  const cached = usage.cached > 0 ? ` / ${formatCount(usage.cached)} cached` : ''
  const written =
    (usage.cacheWrite ?? 0) > 0 ? ` / ${formatCount(usage.cacheWrite ?? 0)} cache write` : ''
  const tokens = `${formatCount(usage.input + usage.output)} <span class="tag">${formatCount(usage.input)} in / ${formatCount(usage.output)} out${cached}${written}${simulated}</span>`
  return usage.cost === undefined
    ? tokens
    : `${tokens} <span class="tag">cost ${formatCost(usage.cost)}</span>`
}

function factsHtml(entry: ScenarioEntry): string {
  const meta = entry.scenario
  const usage = scenarioUsage(meta)
  const facts: [string, string][] = []
  const run = meta.runs[0]
  if (meta.samples !== undefined) {
    const { passes, n, passRate, interval } = meta.samples
    facts.push(
      ['Samples', `${passes}/${n} passed`],
      [
        'Pass rate',
        `<b>${formatPercent(passRate)}</b> <span class="tag">${formatPercent(interval.confidence)} CI ${formatPercent(interval.low)}–${formatPercent(interval.high)}</span>`,
      ],
    )
  } else if (run !== undefined) {
    facts.push(
      ['Status', `<span class="badge ${escapeHtml(run.status)}">${escapeHtml(run.status)}</span>`],
      ['Turns', String(run.turnCount)],
      ['Path', escapeHtml(formatPath(run.path, endedAtEnd(run), 16))],
    )
    if (run.stopReason !== undefined) {
      const why = STOP_REASONS[run.stopReason]
      facts.push([
        'Stopped',
        `${escapeHtml(run.stopReason)}${why === undefined ? '' : ` <span class="tag">${why}</span>`}`,
      ])
    }
    const conversation = conversationFacts(run)
    if (conversation.length > 0) {
      facts.push(['Conversation', conversation.map(escapeHtml).join(' · ')])
    }
  }
  facts.push(['Tokens recorded', usageHtml(usage.recorded)], ['Tokens now', usageHtml(usage.now)])
  if (entry.recording !== undefined) {
    const { replayed, recorded, misses, mode } = entry.recording
    facts.push([
      'Calls',
      `${replayed} replayed, ${recorded} recorded${misses > 0 ? `, <span class="bad">${misses} missed</span>` : ''}${mode === undefined ? '' : ` <span class="tag">${escapeHtml(mode)}</span>`}`,
    ])
  }
  const time = meta.runs.reduce((s, r) => s + r.durationMs, 0)
  const recordedTime = meta.runs.reduce((s, r) => s + (r.recordedDurationMs ?? 0), 0)
  facts.push([
    'Time',
    `${formatDuration(time)}${recordedTime > 0 ? ` <span class="tag">recorded ${formatDuration(recordedTime)}</span>` : ''}`,
  ])
  const out = [
    '<dl>',
    ...facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`),
    '</dl>',
  ]
  if (run !== undefined && meta.samples === undefined) out.push(outcomesHtml(run, meta.criteria))
  const errors = meta.runs.flatMap((r, i) => (r.error === undefined ? [] : [[i, r] as const]))
  for (const [i, r] of errors.slice(0, 3)) {
    const error = r.error
    if (error === undefined) continue
    const where = meta.samples === undefined ? '' : `Sample ${i}: `
    out.push(
      `<div class="error-box">${escapeHtml(`${where}${error.category} error at ${nodeName(error.node)} (${error.stage}): ${error.message}`)}</div>`,
    )
  }
  for (const message of entry.errors) {
    out.push(`<div class="error-box">${escapeHtml(message)}</div>`)
  }
  return out.join('\n')
}

function outcomesHtml(
  run: ScenarioRunMeta,
  criteria: readonly { name: string; description?: string }[],
): string {
  const names = Object.keys(run.outcomes)
  if (names.length === 0) return ''
  const described = new Map(criteria.map((c) => [c.name, c.description]))
  const items = names.map((name) => {
    const value = run.outcomes[name]
    const mark =
      value === true
        ? '<span class="ok">✓</span>'
        : value === false
          ? '<span class="bad">✗</span>'
          : `<b>${escapeHtml(typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(3)) : '—')}</b>`
    const description = described.get(name)
    const error = Object.hasOwn(run.outcomeErrors ?? {}, name)
      ? run.outcomeErrors?.[name]
      : undefined
    const reason = Object.hasOwn(run.reasons ?? {}, name) ? run.reasons?.[name] : undefined
    const judgement = Object.hasOwn(run.judgements ?? {}, name) ? run.judgements?.[name] : undefined
    // An outcome that could not be evaluated is marked as an error, not as a failed verdict.
    const shown = error === undefined ? mark : '<span class="warn">⚠</span>'
    const details = [
      error === undefined
        ? ''
        : `<div class="error-box">${escapeHtml(`Not evaluated, ${error.category} error: ${error.message}`)}</div>`,
      reason === undefined ? '' : ` <span class="reason">— ${escapeHtml(reason)}</span>`,
      judgement === undefined ? '' : judgementHtml(judgement),
    ].join('')
    return `<li data-outcome="${escapeHtml(name)}">${shown} ${escapeHtml(name)}${description === undefined ? '' : ` <span class="sub">— ${escapeHtml(description)}</span>`}${details}</li>`
  })
  return `<ul class="outcomes">${items.join('')}</ul>`
}

const CRITERION_MARKS: Readonly<Record<string, string>> = {
  met: '<span class="ok">✓</span>',
  unmet: '<span class="bad">✗</span>',
  inconclusive: '<span class="warn">?</span>',
}

/** A judgement's criteria: met ones by name, unmet and inconclusive ones with their reasoning. */
function judgementHtml(judgement: JudgementMeta): string {
  const items = judgement.criteria.map((criterion) => {
    const reasoning =
      criterion.reasoning === undefined
        ? ''
        : `<div class="reasoning">${escapeHtml(criterion.reasoning)}</div>`
    return `<li data-verdict="${escapeHtml(criterion.verdict)}">${CRITERION_MARKS[criterion.verdict] ?? ''} ${escapeHtml(criterion.criterion)}${reasoning}</li>`
  })
  if (judgement.omitted !== undefined) {
    items.push(`<li class="sub">${judgement.omitted} more not in the report</li>`)
  }
  return ` <span class="tag">judge: ${escapeHtml(judgement.verdict)}</span><ul class="criteria">${items.join('')}</ul>`
}

function transcripts(entry: ScenarioEntry): string {
  const meta = entry.scenario
  const sampled = meta.samples !== undefined
  const firstFailing = meta.runs.findIndex((r) => !r.passed)
  return meta.runs
    .map((run, i) => {
      // Texts are kept within a budget: a run past it has no transcript to show.
      const texts = run.turns.some((t) => t.question !== undefined || t.answer !== undefined)
      if (!texts && run.seed === undefined) return ''
      // Open what a reader came for: a failing run, or a short single conversation.
      const open = sampled ? i === firstFailing : !run.passed || run.turnCount <= 6
      const title = sampled
        ? `Sample ${i}: ${run.status}, ${run.turnCount} turns${run.passed ? '' : ' (failed)'}`
        : `Transcript (${run.turnCount} ${run.turnCount === 1 ? 'turn' : 'turns'})`
      const outcomes = sampled ? outcomesHtml(run, meta.criteria) : ''
      return [
        `<details class="transcript"${open ? ' open' : ''}>`,
        `<summary>${escapeHtml(title)}</summary>`,
        outcomes,
        '<table><thead><tr><th class="num">#</th><th>Node</th><th>Question</th><th>Answer</th><th>Verdict</th></tr></thead><tbody>',
        ...seedRows(run),
        ...run.turns.map(turnRow),
        '</tbody></table>',
        '</details>',
      ].join('\n')
    })
    .join('\n')
}

function turnRow(turn: TurnMeta, i: number): string {
  const verdict =
    turn.error !== undefined
      ? `<span class="bad">${escapeHtml(turn.error)} error</span>`
      : turn.verify === true
        ? '<span class="ok">✓ correct</span>'
        : turn.verify === false
          ? '<span class="bad">✗ wrong</span>'
          : '—'
  const tags = [
    turn.replayed === true ? '<span class="tag">replayed</span>' : '',
    turn.scripted === true ? '<span class="tag">scripted answer</span>' : '',
    // The calls are listed under the answer when their texts were kept; else their names here.
    ...(turn.calls === undefined ? (turn.tools ?? []) : []).map(
      (name) => `<span class="tag">tool ${escapeHtml(name)}</span>`,
    ),
  ].join('')
  const answer =
    turn.answer === undefined
      ? ''
      : turn.answer === null
        ? '<i>no answer</i>'
        : escapeHtml(turn.answer)
  // The agent that answered (after a handoff, another than the one asked).
  const agent =
    turn.agent === undefined ? '' : `<span class="tag">agent ${escapeHtml(turn.agent)}</span> `
  const calls = (turn.calls ?? []).map(
    (call) =>
      `<li><span class="mono">${escapeHtml(`${call.name}(${call.args})`)}</span> ${call.error === undefined ? escapeHtml(`→ ${call.result ?? ''}`) : `<span class="bad">✗ ${escapeHtml(call.error)}</span>`}</li>`,
  )
  const callList = calls.length === 0 ? '' : `<ul class="calls">${calls.join('')}</ul>`
  const who =
    turn.simulated === true
      ? `<span class="tag">simulated user${turn.goalReached === true ? ', goal reached' : ''}</span> `
      : ''
  const question =
    turn.noQuestion === true ? '<i>no user message</i>' : escapeHtml(turn.question ?? '')
  return `<tr><td class="num">${i}</td><td class="node mono">${escapeHtml(nodeName(turn.node))}</td><td class="text">${who}${question}</td><td class="text">${agent}${callList}${answer}</td><td>${verdict}${tags}</td></tr>`
}

/** The seeded messages, before turn 0: user and system texts as questions, the others as answers. */
function seedRows(run: ScenarioRunMeta): string[] {
  const seed = run.seed
  if (seed === undefined) return []
  const rows = seed.messages.map((message) => {
    const text = [
      `<span class="tag">seeded ${escapeHtml(message.role)}</span> `,
      escapeHtml(message.text ?? ''),
      ...(message.tools ?? []).map((name) => `<span class="tag">tool ${escapeHtml(name)}</span>`),
    ].join('')
    const asked = message.role === 'user' || message.role === 'system'
    return `<tr class="seed"><td class="num"></td><td class="node mono">seed</td><td class="text">${asked ? text : ''}</td><td class="text">${asked ? '' : text}</td><td>—</td></tr>`
  })
  const more = seed.count - seed.messages.length
  if (more > 0) {
    rows.push(
      `<tr class="seed"><td class="num"></td><td class="node mono">seed</td><td class="text sub" colspan="3">${more} more seeded ${more === 1 ? 'message' : 'messages'}</td></tr>`,
    )
  }
  return rows
}
