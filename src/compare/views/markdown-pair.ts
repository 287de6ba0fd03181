// One test of `compare.md`, folded in a `<details>`: its summary line (name, file, driver, pass
// rates, statistics) and, per sample pair shown, a table with the baseline and the candidate side
// by side (status, path, outcomes, each judge criterion's verdict with both reasonings, tools,
// tokens, cost and latency) and what changed. Text inside HTML (the `<summary>`) is escaped as
// HTML; text in Markdown as Markdown (`markdownText`).
import type { JudgementMeta } from '../../hosts/core/meta/scenario-meta.js'
import { escapeHtml } from '../../reporter/html-escape.js'
import { markdownText } from '../../reporter/markdown.js'
import type { SamplePair, SideRun, TestComparison } from '../comparison.js'
import {
  type ComparedSide,
  capitalized,
  changeText,
  flipChange,
  outcomesText,
  pathText,
  shownPairs,
  sideText,
  signedCost,
  signedCount,
  signedDuration,
  statisticsText,
  statusText,
  toolsText,
  usageText,
} from './describe.js'

/** Judge reasoning, tools and changes are cut to this many characters in a cell. */
const CELL_CLIP = 280

/** `text` for a Markdown table cell, at most `CELL_CLIP` characters. */
export function cell(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim()
  return markdownText(one.length <= CELL_CLIP ? one : `${one.slice(0, CELL_CLIP - 1)}…`)
}

/** A test's one-line summary: `rates · statistics · driver`. */
function ratesLine(test: TestComparison): string {
  const parts = [`${sideText(test.baseline)} → ${sideText(test.candidate)}`]
  if (test.driver !== undefined) parts.push(test.driver)
  if (test.statistics !== undefined) parts.push(statisticsText(test.statistics))
  return parts.join(' · ')
}

/** A test as one list item, for a bucket cut short by the size limit. */
export function testLine(test: TestComparison): string {
  const flip = flipChange(test)
  const why = test.reason ?? (flip === undefined ? undefined : changeText(flip.change))
  // The file as plain escaped text: a code span would show the escapes' entities literally.
  const parts = [`**${cell(test.test)}**`, cell(test.file), cell(ratesLine(test))]
  if (why !== undefined) parts.push(cell(why))
  return `- ${parts.join(' · ')}`
}

/**
 * A test folded in `<details>`, detailing at most `maxPairs` sample pairs (those with changes
 * first); the others are counted.
 */
export function testDetails(
  test: TestComparison,
  maxPairs: number,
  side: ComparedSide = 'candidate',
): string {
  const project = test.project === undefined ? '' : ` · project ${summaryText(test.project)}`
  const lines = [
    '<details>',
    `<summary><b>${summaryText(test.test)}</b> · <code>${summaryText(test.file)}</code>${project} · ${summaryText(ratesLine(test))}</summary>`,
    '',
  ]
  if (test.reason !== undefined) lines.push(`${cell(test.reason)}`, '')
  const flip = flipChange(test)
  if (flip !== undefined && (test.bucket === 'regressed' || test.bucket === 'fixed')) {
    const where = test.pairs.length > 1 ? `sample ${flip.pair.sample}: ` : ''
    lines.push(`First change: ${cell(where + changeText(flip.change))}`, '')
  }
  const delta = [`tokens ${signedCount(test.delta.tokens)}`]
  if (test.delta.cost !== undefined) delta.push(`cost ${signedCost(test.delta.cost)}`)
  delta.push(`latency ${signedDuration(test.delta.latencyMs)}`)
  lines.push(`${capitalized(side)} − baseline: ${delta.join(' · ')}`, '')
  const pairs = shownPairs(test, maxPairs)
  for (const pair of pairs) lines.push(...pairTable(pair, side), '')
  const left = test.pairs.length - pairs.length
  if (left > 0) {
    lines.push(`_${left} more sample ${left === 1 ? 'pair' : 'pairs'} in compare.html._`, '')
  }
  lines.push('</details>')
  return lines.join('\n')
}

/**
 * Text for HTML inside the Markdown (the `<summary>`): escaped as HTML, and the characters
 * Markdown would format or link written as entities too, should a renderer read Markdown there.
 */
function summaryText(text: string): string {
  return escapeHtml(clip(text)).replace(/[[\]*_`|~#\\]/g, (c) => `&#${c.charCodeAt(0)};`)
}

function clip(text: string): string {
  return text.length <= CELL_CLIP ? text : `${text.slice(0, CELL_CLIP - 1)}…`
}

function verdictMark(run: SideRun | undefined): string {
  if (run === undefined) return '— missing'
  if (run.infrastructure !== undefined) return '⚠️ not comparable'
  return run.passed ? '✅ passed' : '❌ failed'
}

/** One sample pair: the verdicts, then a table with both sides, then what changed. */
function pairTable(pair: SamplePair, side: ComparedSide): string[] {
  const { baseline, candidate } = pair
  const first =
    pair.firstDifferingTurn === undefined
      ? ''
      : ` · first differing turn #${pair.firstDifferingTurn}`
  const lines = [
    `**Sample ${pair.sample}**: baseline ${verdictMark(baseline)}, ${side} ${verdictMark(candidate)}${first}`,
    '',
    `| | Baseline | ${capitalized(side)} |`,
    '| --- | --- | --- |',
  ]
  const row = (label: string, show: (run: SideRun) => string) =>
    `| ${label} | ${baseline === undefined ? '—' : cell(show(baseline))} | ${candidate === undefined ? '—' : cell(show(candidate))} |`
  lines.push(
    row('Status', statusText),
    row('Path', (run) => pathText(run.path)),
    row('Outcomes', outcomesText),
  )
  lines.push(...judgeRows(baseline?.judgements ?? {}, candidate?.judgements ?? {}))
  lines.push(row('Tools', toolsText), row('Usage', usageText))
  if (pair.changes.length > 0) {
    lines.push('', `Changed: ${pair.changes.map((change) => cell(changeText(change))).join('; ')}`)
  }
  return lines
}

/** Per judge, its verdict on each side, then each criterion with both verdicts and reasonings. */
function judgeRows(
  baseline: Record<string, JudgementMeta>,
  candidate: Record<string, JudgementMeta>,
): string[] {
  const rows: string[] = []
  const names = [...new Set([...Object.keys(baseline), ...Object.keys(candidate)])]
  for (const name of names) {
    const b = baseline[name]
    const c = candidate[name]
    rows.push(
      `| Judge ${cell(name)} | ${b === undefined ? '—' : b.verdict} | ${c === undefined ? '—' : c.verdict} |`,
    )
    const criteria = [
      ...new Set([...(b?.criteria ?? []), ...(c?.criteria ?? [])].map((entry) => entry.criterion)),
    ]
    for (const criterion of criteria) {
      const side = (judgement: JudgementMeta | undefined) => {
        const found = judgement?.criteria.find((entry) => entry.criterion === criterion)
        if (found === undefined) return '—'
        const reasoning = found.reasoning === undefined ? '' : `: ${found.reasoning}`
        return cell(`${found.verdict}${reasoning}`)
      }
      rows.push(`| ↳ ${cell(criterion)} | ${side(b)} | ${side(c)} |`)
    }
  }
  return rows
}
