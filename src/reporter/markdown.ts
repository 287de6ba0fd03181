// The Markdown report: a summary table, then per scenario its graph as a ```mermaid block and
// a table of its runs. Written to the `markdown` path and appended to GITHUB_STEP_SUMMARY.
import {
  formatCount,
  formatDuration,
  formatPath,
  formatPercent,
  formatUsage,
  nodeName,
} from './format.js'
import { mermaidGraph } from './mermaid.js'
import { endedAtEnd, pathHighlight } from './path-highlight.js'
import { type RunSummary, scenarioUsage } from './run-summary.js'
import type { ScenarioEntry } from './scenario-entry.js'
import type { ScenarioRunMeta } from './scenario-meta.js'

/** GitHub refuses a step summary over 1 MiB; the report stays below it with room to spare. */
export const STEP_SUMMARY_LIMIT = 1_000_000

/**
 * Text for Markdown: characters that would format, link or break a table cell are escaped,
 * HTML is written as entities, and line breaks become spaces.
 *
 * @example
 * markdownText('a | b <script>') // 'a \\| b &lt;script&gt;'
 */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|#~]/g, (c) => `\\${c}`)
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
    `${formatCount(summary.turns)} turns`,
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
 * The Markdown report of a run's scenario tests. With `maxLength`, scenario sections that do not
 * fit are left out (the overview table keeps them all) and a last line says how many.
 */
export function markdownReport(
  entries: readonly ScenarioEntry[],
  summary: RunSummary,
  maxLength = Number.POSITIVE_INFINITY,
): string {
  const head = ['# Scenario report', '', summaryText(summary), '']
  if (entries.length === 0) return [...head, 'No scenario tests ran.', ''].join('\n')
  head.push(
    '| | Scenario | File | Status | Turns | Tokens recorded | Tokens now | Calls |',
    '|---|---|---|---|---:|---:|---:|---|',
  )
  for (const entry of entries) head.push(overviewRow(entry))
  head.push('')
  let text = head.join('\n')
  let left = 0
  for (const entry of entries) {
    const section = `\n${scenarioSection(entry)}\n`
    if (left > 0 || text.length + section.length > maxLength - 200) {
      left += 1
      continue
    }
    text += section
  }
  if (left > 0) {
    text += `\n_${left} more ${left === 1 ? 'scenario is' : 'scenarios are'} in the table above only (size limit); see the HTML report._\n`
  }
  return text
}

function statusCell(entry: ScenarioEntry): string {
  const { runs, samples } = entry.scenario
  if (samples !== undefined) return `${samples.passes}/${samples.n} samples passed`
  return runs[0]?.status ?? '—'
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
  const facts = [`\`${entry.file.replace(/`/g, "'")}\``]
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
  const failures = meta.runs.flatMap((run, i) =>
    run.error === undefined
      ? []
      : [
          `- ${sampled ? `sample ${i}: ` : ''}**${run.error.category}** error at ${markdownText(nodeName(run.error.node))} (${run.error.stage}): ${markdownText(run.error.message)}`,
        ],
  )
  if (failures.length > 0) lines.push('**Errors**', '', ...failures.slice(0, 10), '')
  if (entry.errors.length > 0) {
    lines.push('**Test failure**', '', ...entry.errors.map((e) => `- ${markdownText(e)}`), '')
  }
  return lines.join('\n')
}

function runRow(run: ScenarioRunMeta, index: number): string {
  const path = markdownText(formatPath(run.path, endedAtEnd(run), 10))
  const outcomes =
    Object.entries(run.outcomes)
      .map(([name, value]) =>
        typeof value === 'boolean'
          ? `${value ? '✓' : '✗'} ${markdownText(name)}`
          : `${markdownText(name)} ${Number.isInteger(value) ? value : value.toFixed(2)}`,
      )
      .join(', ') || '—'
  const status = run.status === 'completed' ? run.status : `**${run.status}**`
  return `| ${index} | ${status} | ${path} | ${run.turnCount} | ${outcomes} | ${formatUsage(run.usage.recorded)} | ${formatUsage(run.usage.now)} | ${formatDuration(run.durationMs)} |`
}
