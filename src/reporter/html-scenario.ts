// One scenario's details in the HTML report: its sub-line, graph, facts (status, path, tokens,
// calls, time, outcomes with their reasons and judgements, errors) and transcripts. The page
// holds this as inert text until a reader opens the scenario (see html.ts). Every piece of user
// text goes through escapeHtml.

import type {
  JudgementMeta,
  ScenarioMeta,
  ScenarioRunMeta,
  TurnMeta,
  UsageMeta,
} from '../hosts/core/meta/scenario-meta.js'
import { splitVoteNote } from '../outcomes/vote-tally.js'
import {
  formatCost,
  formatCount,
  formatDuration,
  formatPath,
  formatPercent,
  nodeName,
} from './format.js'
import type { GraphDrawings } from './graph-drawings.js'
import { pathSvg } from './graph-svg.js'
import { escapeHtml } from './html-escape.js'
import { endedAtEnd, pathHighlight } from './path-highlight.js'
import { conversationFacts } from './run-details.js'
import { scenarioUsage } from './run-summary.js'
import type { ScenarioEntry } from './scenario-entry.js'

/** What each stop reason means, beside it in the facts. */
const STOP_REASONS: Readonly<Record<string, string>> = {
  end: 'routed to END',
  terminal: 'a node with no edge that applied',
  turn_limit: 'the turn limit',
  budget: 'the token or cost budget was spent',
  error: 'a turn failed',
  aborted: "the run's signal",
}

/**
 * The details of a scenario, shown when it is opened: the sub-line (file, project, scenario name,
 * duration), the description, the graph (the drawing from `drawings`, the path on top) beside
 * the facts, then the transcripts.
 */
export function scenarioDetails(entry: ScenarioEntry, drawings: GraphDrawings): string {
  const meta = entry.scenario
  const drawing = drawings.of(meta.graph)
  // Every field drawn from task meta is escaped, also those the reader checked to be words.
  const sub = [`<span class="mono">${escapeHtml(entry.file)}</span>`]
  if (entry.project !== undefined) sub.push(`project ${escapeHtml(entry.project)}`)
  if (meta.name !== entry.test) sub.push(`scenario ${escapeHtml(meta.name)}`)
  if (entry.durationMs !== undefined) sub.push(formatDuration(entry.durationMs))
  const parts = ['<div class="details">', `<p class="sub">${sub.join(' · ')}</p>`]
  if (meta.description !== undefined) parts.push(`<p>${escapeHtml(meta.description)}</p>`)
  const svg = pathSvg(
    meta.graph,
    drawing.layout,
    pathHighlight(meta.graph, meta.runs),
    drawing.id,
    `Graph of ${meta.name}`,
  )
  parts.push(
    '<div class="cols">',
    `<div class="graph-box">${svg}</div>`,
    `<div class="facts">${factsHtml(entry)}</div>`,
    '</div>',
    transcripts(entry),
    '</div>',
  )
  return parts.join('\n')
}

function usageHtml(usage: UsageMeta): string {
  const simulated =
    (usage.simulating ?? 0) > 0 ? ` / ${formatCount(usage.simulating ?? 0)} simulated user` : ''
  const cached = usage.cached > 0 ? ` / ${formatCount(usage.cached)} cached` : ''
  const written =
    (usage.cacheWrite ?? 0) > 0 ? ` / ${formatCount(usage.cacheWrite ?? 0)} cache write` : ''
  const reasoning =
    (usage.reasoning ?? 0) > 0 ? ` / ${formatCount(usage.reasoning ?? 0)} reasoning` : ''
  const tokens = `${formatCount(usage.input + usage.output)} <span class="tag">${formatCount(usage.input)} in / ${formatCount(usage.output)} out${cached}${written}${reasoning}${simulated}</span>`
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
      errorBox(
        `${where}${error.category} error at ${nodeName(error.node)} (${error.stage}): ${error.message}`,
      ),
    )
  }
  for (const message of entry.errors) out.push(errorBox(message))
  return out.join('\n')
}

/** A failure of more lines than this shows its first `FAILURE_LINES_SHOWN`, the rest folded. */
const FAILURE_FOLD_OVER = 10
const FAILURE_LINES_SHOWN = 6

/**
 * A failure message, every line of it, escaped (the box keeps line breaks and indents:
 * `white-space: pre-wrap`). A long one (a matcher's transcript, a diff) keeps its first lines in
 * view, the headline and what failed, and the rest in a closed `<details>` that says how many
 * lines it holds: a dozen failed scenarios stay readable one after the other.
 */
function errorBox(message: string): string {
  const lines = message.split('\n')
  if (lines.length <= FAILURE_FOLD_OVER)
    return `<div class="error-box">${escapeHtml(message)}</div>`
  const rest = lines.slice(FAILURE_LINES_SHOWN)
  return `<div class="error-box">${escapeHtml(lines.slice(0, FAILURE_LINES_SHOWN).join('\n'))}<details class="error-rest"><summary>${rest.length} more lines</summary>${escapeHtml(rest.join('\n'))}</details></div>`
}

function outcomesHtml(run: ScenarioRunMeta, criteria: ScenarioMeta['criteria']): string {
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

/**
 * A judgement's criteria: met ones by name, unmet and inconclusive ones with their reasoning; a
 * criterion whose votes split shows the tally.
 */
function judgementHtml(judgement: JudgementMeta): string {
  const items = judgement.criteria.map((criterion) => {
    // A met criterion's reasoning is in the meta for comparisons; the report lists it by name.
    const reasoning =
      criterion.reasoning === undefined || criterion.verdict === 'met'
        ? ''
        : `<div class="reasoning">${escapeHtml(criterion.reasoning)}</div>`
    const split = splitVoteNote(criterion.verdict, criterion.votes)
    const votes = split === undefined ? '' : ` <span class="votes">${escapeHtml(split)}</span>`
    return `<li data-verdict="${escapeHtml(criterion.verdict)}">${CRITERION_MARKS[criterion.verdict] ?? ''} ${escapeHtml(criterion.criterion)}${votes}${reasoning}</li>`
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
        '<table><thead><tr><th>#</th><th>Node</th><th>Question</th><th>Answer</th><th>Verdict</th></tr></thead><tbody>',
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
  const chain = turn.agents ?? (turn.agent === undefined ? [] : [turn.agent])
  const agent =
    chain.length === 0 ? '' : `<span class="tag">agent ${escapeHtml(chain.join(' → '))}</span> `
  // A tripped guardrail is the turn's outcome (no answer), not an error.
  const guardrail =
    turn.guardrail === undefined
      ? ''
      : `<span class="tag">${turn.guardrail.kind} guardrail ${escapeHtml(turn.guardrail.name)} tripped</span> `
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
  // No classes on the cells: the stylesheet styles them by column, and a report holds 10,000s.
  return `<tr><td>${i}</td><td>${escapeHtml(nodeName(turn.node))}</td><td>${who}${question}</td><td>${agent}${guardrail}${callList}${answer}</td><td>${verdict}${tags}</td></tr>`
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
    return `<tr class="seed"><td></td><td>seed</td><td>${asked ? text : ''}</td><td>${asked ? '' : text}</td><td>—</td></tr>`
  })
  const more = seed.count - seed.messages.length
  if (more > 0) {
    rows.push(
      `<tr class="seed"><td></td><td>seed</td><td class="sub" colspan="3">${more} more seeded ${more === 1 ? 'message' : 'messages'}</td></tr>`,
    )
  }
  return rows
}
