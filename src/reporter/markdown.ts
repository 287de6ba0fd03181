// The Markdown report: a summary table, then per scenario its graph as a ```mermaid block and
// a table of its runs. Written to the `markdown` path and appended to GITHUB_STEP_SUMMARY.
import { Buffer } from 'node:buffer'
import type { RunCalibration } from '../calibration/run-calibration.js'
import type { JudgementMeta, ScenarioRunMeta } from '../hosts/core/meta/scenario-meta.js'
import { splitVoteNote, voteTallyText } from '../outcomes/vote-tally.js'
import { calibrationMarkdown } from './calibration-markdown.js'
import {
  formatCount,
  formatDuration,
  formatPath,
  formatPercent,
  formatUsage,
  nodeName,
} from './format.js'
import { escapeHtml } from './html-escape.js'
import { codeSpan, markdownText } from './markdown-text.js'
import { mermaidGraph } from './mermaid.js'
import { endedAtEnd, pathHighlight } from './path-highlight.js'
import { conversationFacts, detailedRuns, statusWithReason, unmetCriteria } from './run-details.js'
import { type RunSummary, scenarioUsage } from './run-summary.js'
import type { ScenarioEntry } from './scenario-entry.js'

export { markdownText }

/**
 * GitHub refuses a step summary over 1 MiB (1,048,576 bytes, counted in UTF-8); the report stays
 * below this many bytes, with room to spare.
 */
export const STEP_SUMMARY_LIMIT = 1_000_000
/** The most rows the overview table has; the rest are counted below it. */
export const MAX_OVERVIEW_ROWS = 500
/**
 * The most scenario sections (graph and runs) the report has; the rest are counted at its end.
 * Without it a run of 10,000 scenarios wrote 25 MB of Markdown and 10,000 Mermaid diagrams, more
 * than any viewer renders; the HTML report holds every scenario.
 */
export const MAX_SECTIONS = 500
/** Bytes kept free for the lines that say what was left out. */
const NOTE_RESERVE = 400

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

function icon(entry: ScenarioEntry): string {
  if (entry.state === 'passed') return '✅'
  if (entry.state === 'failed') return '❌'
  return '⏭️'
}

/** The summary line of the Markdown report. */
function summaryText(summary: RunSummary): string {
  const counts = [`${summary.passed} passed`]
  if (summary.failed > 0) counts.push(`${summary.failed} failed`)
  const other = summary.scenarios - summary.passed - summary.failed
  if (other > 0) counts.push(`${other} skipped`)
  const parts = [
    `**${summary.scenarios} ${summary.scenarios === 1 ? 'scenario' : 'scenarios'}**: ${counts.join(', ')}`,
    `${formatCount(summary.turns)} ${summary.turns === 1 ? 'turn' : 'turns'}`,
    `tokens ${formatUsage(summary.recorded)} recorded, ${formatUsage(summary.now)} spent now`,
  ]
  if (summary.recordings) {
    const { replayed, recorded, misses } = summary.calls
    parts.push(
      `calls ${replayed} replayed, ${recorded} recorded${misses > 0 ? `, ${misses} missed` : ''}`,
    )
  }
  return parts.join(' · ')
}

/**
 * The Markdown report of a run's scenario tests. With `maxBytes` (UTF-8 bytes, as GitHub counts a
 * step summary), what does not fit is left out and counted: overview rows past the first
 * `MAX_OVERVIEW_ROWS` or past the budget, then scenario sections past the first `MAX_SECTIONS` or
 * past the budget. When something must go, failed scenarios come first: they are what a reader
 * opens the report for. With `calibration` (labels files exist for the run's test files), a
 * calibration section follows the overview table.
 */
export function markdownReport(
  entries: readonly ScenarioEntry[],
  summary: RunSummary,
  maxBytes = Number.POSITIVE_INFINITY,
  calibration?: RunCalibration,
): string {
  const head = ['# Scenario report', '', summaryText(summary), '']
  if (entries.length === 0) return [...head, 'No scenario tests ran.', ''].join('\n')
  head.push(
    '| | Scenario | File | Status | Turns | Tokens recorded | Tokens now | Calls |',
    '|---|---|---|---|---:|---:|---:|---|',
  )
  let used = bytes(head.join('\n')) + NOTE_RESERVE
  const rows = fitting(entries, overviewRow, maxBytes - used, MAX_OVERVIEW_ROWS)
  head.push(...rows.shown.map(({ text }) => text))
  used += rows.bytes
  if (rows.left > 0) {
    const why =
      rows.shown.length >= MAX_OVERVIEW_ROWS
        ? `it lists at most ${MAX_OVERVIEW_ROWS}`
        : 'size limit'
    head.push(
      '',
      `_… and ${rows.left} more ${rows.left === 1 ? 'scenario' : 'scenarios'} not in this table (${why}; failed ones are listed first)._`,
    )
  }
  head.push('')
  if (calibration !== undefined) {
    const section = calibrationMarkdown(calibration)
    // The section is small (at most MAX_CALIBRATION_ROWS rows); it goes only where it fits.
    if (used + bytes(section) + 2 <= maxBytes) {
      head.push(section, '')
      used += bytes(section) + 2
    }
  }
  let text = head.join('\n')
  const sections = fitting(
    entries,
    (entry) => `\n${scenarioSection(entry)}\n`,
    maxBytes - used,
    MAX_SECTIONS,
  )
  for (const { text: section } of sections.shown) text += section
  if (sections.left > 0) {
    const where =
      rows.left === 0 ? 'in the table above only' : 'left out here, some of them from the table too'
    const why =
      sections.shown.length >= MAX_SECTIONS
        ? `it shows at most ${MAX_SECTIONS}, failed ones first`
        : 'size limit'
    text += `\n_${sections.left} more ${sections.left === 1 ? 'scenario is' : 'scenarios are'} ${where} (${why}); see the HTML report._\n`
  }
  return text
}

/**
 * The texts of `entries` that fit in `budget` bytes (at most `max` of them). All fit: in their
 * order. Else failed scenarios first, then the others in order, as long as each fits.
 */
function fitting(
  entries: readonly ScenarioEntry[],
  render: (entry: ScenarioEntry) => string,
  budget: number,
  max = Number.POSITIVE_INFINITY,
): { shown: { text: string }[]; bytes: number; left: number } {
  const texts = entries.map((entry) => {
    const text = render(entry)
    return { entry, text, size: bytes(text) + 1 }
  })
  const total = texts.reduce((sum, t) => sum + t.size, 0)
  if (texts.length <= max && total <= budget) return { shown: texts, bytes: total, left: 0 }
  const ordered = [
    ...texts.filter((t) => t.entry.state === 'failed'),
    ...texts.filter((t) => t.entry.state !== 'failed'),
  ]
  const shown: { text: string }[] = []
  let used = 0
  for (const t of ordered) {
    if (shown.length >= max) break
    if (used + t.size > budget) continue
    shown.push(t)
    used += t.size
  }
  return { shown, bytes: used, left: entries.length - shown.length }
}

function statusCell(entry: ScenarioEntry): string {
  const { runs, samples } = entry.scenario
  if (samples !== undefined) return `${samples.passes}/${samples.n} samples passed`
  const run = runs[0]
  return run === undefined ? '—' : markdownText(statusWithReason(run))
}

function overviewRow(entry: ScenarioEntry): string {
  const usage = scenarioUsage(entry.scenario)
  const turns = entry.scenario.runs.reduce((s, r) => s + r.turnCount, 0)
  const calls =
    entry.recording === undefined
      ? '—'
      : `${entry.recording.replayed} replayed, ${entry.recording.recorded} recorded${entry.recording.misses > 0 ? `, ${entry.recording.misses} missed` : ''}`
  return `| ${icon(entry)} | ${markdownText(entry.test)} | ${markdownText(entry.file)} | ${statusCell(entry)} | ${turns} | ${formatUsage(usage.recorded)} | ${formatUsage(usage.now)} | ${calls} |`
}

function scenarioSection(entry: ScenarioEntry): string {
  const meta = entry.scenario
  const lines = [`## ${icon(entry)} ${markdownText(entry.test)}`, '']
  const facts = [codeSpan(entry.file)]
  if (meta.name !== entry.test) facts.push(`scenario ${markdownText(meta.name)}`)
  if (entry.durationMs !== undefined) facts.push(formatDuration(entry.durationMs))
  if (meta.samples !== undefined) {
    const { passRate, interval, passes, n } = meta.samples
    facts.push(
      `pass rate **${formatPercent(passRate)}** (${passes}/${n}; ${formatPercent(interval.confidence)} CI ${formatPercent(interval.low)}–${formatPercent(interval.high)})`,
    )
  }
  lines.push(facts.join(' · '), '')
  if (meta.description !== undefined) lines.push(`> ${markdownText(meta.description)}`, '')
  lines.push(
    '```mermaid',
    mermaidGraph(meta.graph, pathHighlight(meta.graph, meta.runs)),
    '```',
    '',
  )
  const sampled = meta.samples !== undefined
  lines.push(
    `| ${sampled ? 'Sample' : 'Run'} | Status | Path | Turns | Outcomes | Tokens recorded | Tokens now | Time |`,
    '|---:|---|---|---:|---|---:|---:|---:|',
  )
  meta.runs.forEach((run, i) => {
    lines.push(runRow(run, i))
  })
  lines.push('')
  for (const { run, index } of detailedRuns(meta)) {
    const where = sampled ? `sample ${index}: ` : ''
    const facts = conversationFacts(run)
    if (facts.length > 0) {
      lines.push(
        `**Conversation** ${markdownText(where)}${facts.map(markdownText).join(' · ')}`,
        '',
      )
    }
    const details = outcomeDetails(run)
    if (details.length > 0)
      lines.push(`**Outcomes** ${markdownText(where)}`.trimEnd(), '', ...details, '')
  }
  const failures = meta.runs.flatMap((run, i) => {
    const error = run.error
    if (error === undefined) return []
    const where = sampled ? `sample ${i}: ` : ''
    return [
      failureMarkdown(
        error.message,
        (line, m) =>
          `${where}${m.bold(m.text(error.category))} error at ${m.text(nodeName(error.node))} (${m.text(error.stage)}): ${m.text(line)}`,
      ),
    ]
  })
  if (failures.length > 0) lines.push('**Errors**', '', failureList(failures.slice(0, 10)), '')
  if (entry.errors.length > 0) {
    const tests = entry.errors.map((e) => failureMarkdown(e, (line, m) => m.text(line)))
    lines.push('**Test failure**', '', failureList(tests), '')
  }
  return lines.join('\n')
}

/** How the head of a failure is written: in Markdown (a list item) or in HTML (a summary). */
interface Markup {
  /** `text` escaped. */
  text(text: string): string
  /** Text already escaped, in bold. */
  bold(html: string): string
}

const AS_MARKDOWN: Markup = { text: markdownText, bold: (text) => `**${text}**` }
// Inside an HTML block GitHub reads no Markdown: text is escaped as HTML, and bold is a tag.
const AS_HTML: Markup = { text: escapeHtml, bold: (text) => `<strong>${text}</strong>` }

/**
 * A failure message in the Markdown report. One line: a list item, `head` of it. More lines (the
 * subjects and fix of a library error, a matcher's criteria and diff): a closed `<details>` whose
 * summary is `head` of the first line, holding the whole message in a `<pre>`, line breaks and
 * indents as they were.
 *
 * A `<pre>` rather than a fenced block: its text is escaped like the rest of the report's, so no
 * markup gets through, and no run of backticks in the text can end it early (escaped, nothing in
 * the text can close the `<pre>` either); GitHub links no mentions or issue numbers inside it.
 * Each HTML block stands between blank lines: one ends at the first blank line (the `<pre>` at its
 * `</pre>`), and a line right after it would be read as part of it.
 */
function failureMarkdown(message: string, head: (line: string, markup: Markup) => string): string {
  const newline = message.indexOf('\n')
  if (newline === -1) return `- ${head(message, AS_MARKDOWN)}`
  return [
    `<details><summary>${head(message.slice(0, newline), AS_HTML)}</summary>`,
    '',
    `<pre>${escapeHtml(message)}</pre>`,
    '',
    '</details>',
  ].join('\n')
}

/** Failures from `failureMarkdown`, in order: list items as one list, blocks apart by blank lines. */
function failureList(failures: readonly string[]): string {
  let out = ''
  failures.forEach((failure, i) => {
    const items = failure.startsWith('- ') && failures[i - 1]?.startsWith('- ') === true
    out += i === 0 ? failure : `${items ? '\n' : '\n\n'}${failure}`
  })
  return out
}

function runRow(run: ScenarioRunMeta, index: number): string {
  const path = markdownText(formatPath(run.path, endedAtEnd(run), 10))
  const outcomes =
    Object.entries(run.outcomes)
      .map(([name, value]) =>
        typeof value === 'boolean'
          ? // An outcome that could not be evaluated is marked apart from a failed one.
            `${value ? '✓' : Object.hasOwn(run.outcomeErrors ?? {}, name) ? '⚠' : '✗'} ${markdownText(name)}`
          : `${markdownText(name)} ${Number.isInteger(value) ? value : value.toFixed(2)}`,
      )
      .join(', ') || '—'
  const status =
    run.status === 'completed'
      ? markdownText(statusWithReason(run))
      : `**${markdownText(statusWithReason(run))}**`
  return `| ${index} | ${status} | ${path} | ${run.turnCount} | ${outcomes} | ${formatUsage(run.usage.recorded)} | ${formatUsage(run.usage.now)} | ${formatDuration(run.durationMs)} |`
}

/**
 * Outcome errors (not verdicts), callable reasons, and each judgement with its unmet and
 * inconclusive criteria and their reasoning (met ones listed by name), as list items.
 */
function outcomeDetails(run: ScenarioRunMeta): string[] {
  const lines: string[] = []
  for (const [name, error] of Object.entries(run.outcomeErrors ?? {})) {
    lines.push(
      `- ⚠ ${markdownText(name)}: not evaluated, **${markdownText(error.category)}** error: ${markdownText(error.message)}`,
    )
  }
  for (const [name, reason] of Object.entries(run.reasons ?? {})) {
    const value = run.outcomes[name]
    const mark = value === true ? '✓' : value === false ? '✗' : '·'
    lines.push(`- ${mark} ${markdownText(name)}: ${markdownText(reason)}`)
  }
  for (const [name, judgement] of Object.entries(run.judgements ?? {})) {
    const { unmet, met } = unmetCriteria(judgement)
    const metText =
      met.length === 0
        ? ''
        : ` · met: ${met.map((c) => markdownText(c.criterion + metSplit(c))).join('; ')}`
    const omitted =
      judgement.omitted === undefined ? '' : ` · ${judgement.omitted} more not in the report`
    lines.push(`- judge ${markdownText(name)}: **${judgement.verdict}**${metText}${omitted}`)
    for (const criterion of unmet) {
      const mark = criterion.verdict === 'unmet' ? '✗' : '?'
      const reasoning =
        criterion.reasoning === undefined ? '' : `: ${markdownText(criterion.reasoning)}`
      const split = splitVoteNote(criterion.verdict, criterion.votes)
      const votes = split === undefined ? '' : ` — ${markdownText(split)}`
      lines.push(`  - ${mark} ${markdownText(criterion.criterion)}${votes}${reasoning}`)
    }
  }
  return lines
}

/** ` (2 of 3 votes)` after a met criterion whose votes split; else nothing. */
function metSplit(criterion: JudgementMeta['criteria'][number]): string {
  return splitVoteNote(criterion.verdict, criterion.votes) === undefined
    ? ''
    : ` (${voteTallyText(criterion.verdict, criterion.votes)})`
}
