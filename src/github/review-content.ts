// What a review posts, as text: the Check Run's conclusion, title, summary and text, and the
// sticky comment's body (its marker on the first line). Pure: the facts come in, the words go
// out, each within GitHub's size limits.
import type { Comparison } from '../compare/comparison.js'
import { BUCKETS, type Bucket } from '../compare/comparison.js'
import { BUCKET_LABELS } from '../compare/views/describe.js'
import { comparisonMarkdown } from '../compare/views/markdown.js'
import { markdownText } from '../reporter/markdown.js'
import type { ResultsReport } from '../results/results-report.js'
import { fitToLimit } from './fit-limit.js'

/** The Check Run's conclusions a review gives. */
export type ReviewConclusion = 'success' | 'failure' | 'neutral'

/** Why there is no verdict: the baseline is missing, unreadable or too old. */
export interface NeutralReason {
  /** A few words for the check's title, e.g. `No baseline`. */
  title: string
  /** The whole reason and what to do, one paragraph. */
  detail: string
}

/** What a review knows when it writes its words. */
export interface ReviewFacts {
  /** The suite the comment and the check are named after, when given. */
  suite?: string | undefined
  /** The comment's hidden marker (the first line of its body). */
  marker: string
  /** This run's report. */
  report: ResultsReport
  /** The comparison with the baseline, when one was read (a stale one included). */
  comparison?: Comparison | undefined
  /** Set when the conclusion is `neutral`. */
  neutral?: NeutralReason | undefined
  /** Informational lines (the baseline's commit is not the pull request's base, …). */
  notes?: readonly string[] | undefined
}

/** The words a review posts. */
export interface ReviewContent {
  conclusion: ReviewConclusion
  /** The Check Run's name: `vitest-scenario`, or `vitest-scenario (<suite>)`. */
  checkName: string
  /** The check output's title: one short line. */
  title: string
  /** The check output's summary (Markdown, ≤ `CHECK_TEXT_LIMIT` characters). */
  summary: string
  /** The check output's text: the comparison, when there is one (≤ `CHECK_TEXT_LIMIT`). */
  text?: string | undefined
  /** The sticky comment's body, marker first (≤ `COMMENT_LIMIT` characters). */
  body: string
}

/** The most characters GitHub takes in an issue comment's body. */
export const COMMENT_LIMIT = 65_536

/** The most characters GitHub takes in a check output's summary, and in its text. */
export const CHECK_TEXT_LIMIT = 65_535

/** The Markdown comparison's own budget in the comment: room is left for the heading and notes. */
const COMPARISON_BYTES = 56_000

/** Failed tests listed by name in a run summary without a comparison. */
const MAX_FAILED_LISTED = 20

const STATES = ['passed', 'failed', 'skipped', 'pending'] as const

const ICONS: Readonly<Record<ReviewConclusion, string>> = {
  success: '✅',
  failure: '❌',
  neutral: '⚪',
}

/** The Check Run's name for `suite`. */
export function checkRunName(suite: string | undefined): string {
  return suite === undefined ? 'vitest-scenario' : `vitest-scenario (${suite})`
}

/** `neutral` with a reason; else `failure` when a gate failed; else `success`. */
export function reviewConclusion(
  comparison: Comparison | undefined,
  neutral: NeutralReason | undefined,
): ReviewConclusion {
  if (neutral !== undefined || comparison === undefined) return 'neutral'
  return comparison.gates.failed ? 'failure' : 'success'
}

/**
 * The conclusion, the check's title, summary and text and the comment's body for `facts`.
 *
 * @example
 * const content = reviewContent({ marker, report, comparison })
 * content.conclusion // 'success'
 */
export function reviewContent(facts: ReviewFacts): ReviewContent {
  const { comparison, report } = facts
  const neutral =
    facts.neutral ??
    (comparison === undefined
      ? { title: 'No baseline', detail: 'No baseline report was given.' }
      : undefined)
  const conclusion = reviewConclusion(comparison, neutral)
  const counts = comparison === undefined ? runCounts(report) : comparisonCounts(comparison)
  const title = oneLine(
    neutral !== undefined
      ? `${neutral.title} · ${counts}`
      : conclusion === 'failure'
        ? `Gate failed · ${counts}`
        : counts,
  )
  const lead = leadLines(conclusion, neutral, comparison, facts.notes ?? [])
  const where =
    comparison === undefined
      ? ''
      : '\n_The full comparison (every transcript) is compare.html among the run’s artifacts._\n'
  const summary = clip(
    `${lead}\n${comparison === undefined ? runSummary(report) : countsTable(comparison)}${where}`,
    CHECK_TEXT_LIMIT,
    'check summary',
  )
  const heading = `## ${ICONS[conclusion]} ${markdownText(checkRunName(facts.suite))}: ${conclusion}`
  const details =
    comparison === undefined
      ? runSummary(report)
      : comparisonMarkdown(comparison, { limit: COMPARISON_BYTES })
  const body = clip(`${facts.marker}\n${heading}\n\n${lead}\n${details}`, COMMENT_LIMIT, 'comment')
  const content: ReviewContent = {
    conclusion,
    checkName: checkRunName(facts.suite),
    title,
    summary,
    body,
  }
  if (comparison !== undefined) {
    content.text = clip(details, CHECK_TEXT_LIMIT, 'check text')
  }
  return content
}

/** The paragraph above the details: the conclusion and why, then the notes. */
function leadLines(
  conclusion: ReviewConclusion,
  neutral: NeutralReason | undefined,
  comparison: Comparison | undefined,
  notes: readonly string[],
): string {
  const lines: string[] = []
  if (neutral !== undefined) {
    lines.push(`**${markdownText(neutral.title)}.** ${markdownText(neutral.detail)}`)
  } else if (conclusion === 'failure' && comparison !== undefined) {
    const failed = comparison.gates.results.filter((gate) => !gate.passed)
    lines.push(`**A gate failed.** ${failed.map((gate) => markdownText(gate.message)).join('; ')}.`)
  } else {
    lines.push('**Compared with the baseline: no gate failed.**')
  }
  for (const note of notes) lines.push('', `_${markdownText(note)}_`)
  lines.push('')
  return lines.join('\n')
}

/**
 * The buckets as a count line names them: the unchanged ones without the views' comma, which
 * would read as a separator between counts.
 */
const COUNT_LABELS: Readonly<Record<Bucket, string>> = {
  ...BUCKET_LABELS,
  'unchanged-fail': 'still failing',
  'unchanged-pass': 'still passing',
}

/** The buckets' counts in a line: `1 regressed, 2 fixed, 4 still passing`. */
function comparisonCounts(comparison: Comparison): string {
  const parts = BUCKETS.filter((bucket) => comparison.counts[bucket] > 0).map(
    (bucket) => `${comparison.counts[bucket]} ${COUNT_LABELS[bucket]}`,
  )
  return parts.length === 0 ? 'no tests compared' : parts.join(', ')
}

/** The buckets' counts as a short Markdown table, with the gates. */
function countsTable(comparison: Comparison): string {
  const lines = ['| Bucket | Tests |', '| --- | ---: |']
  for (const bucket of BUCKETS) {
    lines.push(`| ${BUCKET_LABELS[bucket]} | ${comparison.counts[bucket]} |`)
  }
  for (const gate of comparison.gates.results) {
    lines.push('', `- ${gate.passed ? '✅' : '❌'} ${markdownText(gate.message)}`)
  }
  return `${lines.join('\n')}\n`
}

/** This run's tests by state in a line: `7 tests: 5 passed, 2 failed`. */
function runCounts(report: ResultsReport): string {
  const states = stateCounts(report)
  const parts = [...states].map(([state, n]) => `${n} ${state}`)
  const total = report.tests.length
  return `${total} ${total === 1 ? 'test' : 'tests'}${parts.length === 0 ? '' : `: ${parts.join(', ')}`}`
}

/** Tests by state, in the reports' order (passed, failed, skipped, pending); states with none left out. */
function stateCounts(report: ResultsReport): Map<string, number> {
  const states = new Map<string, number>()
  for (const state of STATES) {
    const n = report.tests.filter((test) => test.state === state).length
    if (n > 0) states.set(state, n)
  }
  return states
}

/** This run alone, when there is nothing to compare it with: counts, then the failed tests. */
function runSummary(report: ResultsReport): string {
  const where = [report.branch, report.commit?.slice(0, 7)].filter(
    (part): part is string => part !== undefined,
  )
  const lines = [
    `### This run${where.length === 0 ? '' : ` (${markdownText(where.join(', '))})`}`,
    '',
    '| State | Tests |',
    '| --- | ---: |',
    ...[...stateCounts(report)].map(([state, n]) => `| ${state} | ${n} |`),
    '',
  ]
  const failed = report.tests.filter((test) => test.state === 'failed')
  if (failed.length > 0) {
    lines.push('Failed:', '')
    for (const test of failed.slice(0, MAX_FAILED_LISTED)) {
      const project = test.project === undefined ? '' : `${test.project} › `
      lines.push(`- ${markdownText(`${project}${test.file} > ${test.test}`)}`)
    }
    if (failed.length > MAX_FAILED_LISTED) {
      lines.push(`- … and ${failed.length - MAX_FAILED_LISTED} more`)
    }
    lines.push('')
  }
  return lines.join('\n')
}

/**
 * `text` within `limit` characters: cut at a line end, with a line saying it was cut and where
 * the whole comparison is.
 */
export function clip(text: string, limit: number, what: string): string {
  return fitToLimit(
    text,
    limit,
    `_The ${what} was cut here: GitHub takes at most ${limit.toLocaleString('en-US')} characters. The full comparison is compare.html and compare.json among the run’s artifacts._`,
  )
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
