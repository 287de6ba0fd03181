// The terminal output: one compact block per scenario test, then a summary line. Every text
// drawn from task meta or a test name goes through `neutralizeControl`: an answer's escape
// sequence must not retitle the window, clear the screen or plant a link. Only the reporter's own
// colours reach the terminal as escapes.

import type { ScenarioMeta, ScenarioRunMeta, UsageMeta } from '../hosts/core/meta/scenario-meta.js'
import { splitVoteNote } from '../outcomes/vote-tally.js'
import { neutralizeControl as safe } from '../secrets/index.js'
import {
  formatCount,
  formatDuration,
  formatPath,
  formatPercent,
  formatUsage,
  nodeName,
} from './format.js'
import { endedAtEnd } from './path-highlight.js'
import { conversationFacts, detailedRuns, statusWithReason, unmetCriteria } from './run-details.js'
import { type RunSummary, scenarioUsage } from './run-summary.js'
import type { ScenarioEntry } from './scenario-entry.js'

/** ANSI styling, or none. */
export interface Colors {
  green(text: string): string
  red(text: string): string
  yellow(text: string): string
  dim(text: string): string
  bold(text: string): string
}

const style =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`

/** ANSI colours when `enabled`, else identity functions. */
export function colors(enabled: boolean): Colors {
  if (!enabled) {
    const plain = (text: string) => text
    return { green: plain, red: plain, yellow: plain, dim: plain, bold: plain }
  }
  return {
    green: style(32, 39),
    red: style(31, 39),
    yellow: style(33, 39),
    dim: style(2, 22),
    bold: style(1, 22),
  }
}

/**
 * Whether to colour output on `stream`, as Vitest's own colours decide: `NO_COLOR` and
 * `FORCE_COLOR=0` turn them off, `FORCE_COLOR` on, else a terminal gets them.
 */
export function colorsEnabled(
  stream: { isTTY?: boolean } | undefined,
  env: NodeJS.ProcessEnv,
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false'
  return stream?.isTTY === true
}

/** The terminal report: a block per scenario test and the summary; empty without scenarios. */
export function terminalReport(
  entries: readonly ScenarioEntry[],
  summary: RunSummary,
  c: Colors,
): string {
  if (entries.length === 0) return ''
  const lines = ['', c.bold(' Scenarios'), '']
  for (const entry of entries) lines.push(...entryBlock(entry, c))
  lines.push('', summaryLine(summary, c), '')
  return lines.join('\n')
}

function stateIcon(entry: ScenarioEntry, c: Colors): string {
  if (entry.state === 'passed') return c.green('✓')
  if (entry.state === 'failed') return c.red('×')
  return c.yellow('↓')
}

function entryBlock(entry: ScenarioEntry, c: Colors): string[] {
  const meta = entry.scenario
  const indent = '     '
  const lines = [` ${stateIcon(entry, c)} ${c.dim(`${safe(entry.file)} >`)} ${safe(entry.test)}`]
  const run = meta.runs[0]
  if (meta.samples !== undefined) {
    lines.push(indent + samplesLine(meta, c))
    lines.push(indent + c.dim(pathsLine(meta)))
  } else if (run !== undefined) {
    const parts = [
      statusText(run, c),
      `${run.turnCount} ${run.turnCount === 1 ? 'turn' : 'turns'}`,
      safe(formatPath(run.path, endedAtEnd(run))),
      formatDuration(run.durationMs),
    ]
    lines.push(indent + parts.join(c.dim(' · ')))
    const outcomes = outcomesText(run, c)
    if (outcomes !== '') lines.push(`${indent}${c.dim('outcomes')} ${outcomes}`)
    const facts = conversationFacts(run)
    if (facts.length > 0) {
      lines.push(`${indent}${c.dim('conversation')} ${facts.map(safe).join(c.dim(' · '))}`)
    }
  }
  for (const { run: detailed, index } of detailedRuns(meta)) {
    const where = meta.samples === undefined ? '' : `sample ${index}: `
    lines.push(...outcomeDetails(detailed, where, c).map((line) => indent + line))
  }
  const usage = scenarioUsage(meta)
  const usageParts: string[] = []
  // An agent function as the model counts no tokens: a line of zeros would only be noise.
  if (hasUsage(usage.recorded) || hasUsage(usage.now)) {
    usageParts.push(
      `${c.dim('tokens')} ${formatUsage(usage.recorded)} recorded, ${formatUsage(usage.now)} spent now`,
    )
  }
  if (entry.recording !== undefined) usageParts.push(callsText(entry.recording, c))
  if (usageParts.length > 0) lines.push(indent + usageParts.join(c.dim(' · ')))
  const failed = meta.runs.find((r) => r.error !== undefined)
  if (failed?.error !== undefined) {
    const { category, node, stage, message } = failed.error
    lines.push(
      `${indent}${c.red(`error ${safe(category)}`)} at ${safe(nodeName(node))} (${safe(stage)}): ${safe(firstLine(message))}`,
    )
  }
  return lines
}

function hasUsage(usage: UsageMeta): boolean {
  return usage.input + usage.output + usage.cached > 0 || (usage.cost ?? 0) > 0
}

function statusText(run: ScenarioRunMeta, c: Colors): string {
  const text = safe(statusWithReason(run))
  if (run.status === 'completed') return c.green(text)
  if (run.status === 'error') return c.red(text)
  return c.yellow(text)
}

// Judge reasoning and reasons are shown on one line each, cut to a width a terminal shows.
const DETAIL_WIDTH = 160

/**
 * What a reader needs to see why outcomes failed: outcome errors (an evaluation that failed,
 * not a verdict), the reasons callables gave, and each judgement's unmet and inconclusive
 * criteria with their reasoning (met ones counted), a criterion whose votes split with the tally.
 */
function outcomeDetails(run: ScenarioRunMeta, where: string, c: Colors): string[] {
  const lines: string[] = []
  for (const [name, error] of Object.entries(run.outcomeErrors ?? {})) {
    lines.push(
      `${c.yellow(`⚠ ${safe(where + name)}`)} not evaluated, ${c.yellow(`${safe(error.category)} error`)}: ${safe(oneLine(error.message))}`,
    )
  }
  for (const [name, reason] of Object.entries(run.reasons ?? {})) {
    const value = run.outcomes[name]
    const mark = value === true ? c.green('✓') : value === false ? c.red('✗') : c.dim('·')
    lines.push(`${mark} ${safe(where + name)}: ${safe(oneLine(reason))}`)
  }
  for (const [name, judgement] of Object.entries(run.judgements ?? {})) {
    const { met } = unmetCriteria(judgement)
    const verdict =
      judgement.verdict === 'pass'
        ? c.green('pass')
        : judgement.verdict === 'fail'
          ? c.red('fail')
          : c.yellow('inconclusive')
    const counts = [`${met.length} met`]
    if (judgement.omitted !== undefined) counts.push(`${judgement.omitted} not in the report`)
    lines.push(
      `${c.dim('judge')} ${safe(where + name)} ${verdict} ${c.dim(`(${counts.join(', ')})`)}`,
    )
    for (const criterion of judgement.criteria) {
      // A met criterion is counted, unless its votes disagree: a split is worth a line.
      const split = splitVoteNote(criterion.verdict, criterion.votes)
      if (criterion.verdict === 'met' && split === undefined) continue
      const mark =
        criterion.verdict === 'met'
          ? c.green('✓')
          : criterion.verdict === 'unmet'
            ? c.red('✗')
            : c.yellow('?')
      const votes = split === undefined ? '' : ` — ${split}`
      const reasoning =
        criterion.reasoning === undefined || criterion.verdict === 'met'
          ? ''
          : `: ${oneLine(criterion.reasoning)}`
      lines.push(`  ${mark} ${safe(clipped(criterion.criterion + votes + reasoning))}`)
    }
  }
  return lines
}

function oneLine(text: string): string {
  return clipped(text.replace(/\s+/g, ' ').trim())
}

function clipped(text: string): string {
  return text.length <= DETAIL_WIDTH ? text : `${text.slice(0, DETAIL_WIDTH - 1)}…`
}

function samplesLine(meta: ScenarioMeta, c: Colors): string {
  const samples = meta.samples
  if (samples === undefined) return ''
  const { low, high, confidence } = samples.interval
  const rate = `pass rate ${formatPercent(samples.passRate)}`
  const statuses = new Map<string, number>()
  for (const run of meta.runs) statuses.set(run.status, (statuses.get(run.status) ?? 0) + 1)
  return [
    `samples ${samples.passes}/${samples.n} passed`,
    samples.passes === samples.n ? c.green(rate) : c.yellow(rate),
    `${formatPercent(confidence)} CI ${formatPercent(low)}–${formatPercent(high)}`,
    [...statuses].map(([status, n]) => `${n} ${safe(status)}`).join(', '),
  ].join(c.dim(' · '))
}

/** The distinct paths of a sample set, the most common first, with their counts. */
function pathsLine(meta: ScenarioMeta): string {
  const counts = new Map<string, number>()
  for (const run of meta.runs) {
    const path = safe(formatPath(run.path, endedAtEnd(run), 8))
    counts.set(path, (counts.get(path) ?? 0) + 1)
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1])
  const shown = sorted.slice(0, 3).map(([path, n]) => `${path} (${n})`)
  if (sorted.length > 3) shown.push(`${sorted.length - 3} more`)
  return `paths ${shown.join('; ')}`
}

function outcomesText(run: ScenarioRunMeta, c: Colors): string {
  return Object.entries(run.outcomes)
    .map(([name, value]) => {
      if (value === true) return `${c.green('✓')} ${safe(name)}`
      // An outcome that could not be evaluated is not a failed one.
      if (Object.hasOwn(run.outcomeErrors ?? {}, name)) return `${c.yellow('⚠')} ${safe(name)}`
      if (value === false) return `${c.red('✗')} ${safe(name)}`
      return `${safe(name)} ${Number.isInteger(value) ? value : value.toFixed(2)}`
    })
    .join(', ')
}

function callsText(
  calls: { replayed: number; recorded: number; misses: number },
  c: Colors,
): string {
  const parts = [`${calls.replayed} replayed`, `${calls.recorded} recorded`]
  if (calls.misses > 0) parts.push(c.red(`${calls.misses} missed`))
  return `${c.dim('calls')} ${parts.join(', ')}`
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text
}

/** The last line: scenario counts, turns, tokens and cost, calls. */
export function summaryLine(summary: RunSummary, c: Colors): string {
  const counts: string[] = []
  if (summary.passed > 0) counts.push(c.green(`${summary.passed} passed`))
  if (summary.failed > 0) counts.push(c.red(`${summary.failed} failed`))
  const other = summary.scenarios - summary.passed - summary.failed
  if (other > 0) counts.push(c.yellow(`${other} skipped`))
  const parts = [
    `${counts.join(c.dim(' | '))} ${c.dim(`(${summary.scenarios})`)}`,
    `${formatCount(summary.turns)} ${summary.turns === 1 ? 'turn' : 'turns'}`,
    `tokens ${formatUsage(summary.recorded)} recorded, ${formatUsage(summary.now)} spent now`,
  ]
  if (summary.recordings) parts.push(callsText(summary.calls, c))
  return `${c.bold(' Scenarios')}  ${parts.join(c.dim(' · '))}`
}
