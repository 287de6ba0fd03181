// Words and numbers the three comparison views (terminal, Markdown, HTML) share, as plain text:
// each view escapes them its own way (neutralizeControl, markdownText, escapeHtml).
import { formatCost, formatCount, formatDuration, formatPercent } from '../../reporter/format.js'
import { END } from '../../scenario/end.js'
import type {
  Bucket,
  Change,
  ComparedRun,
  PairedStatistics,
  SamplePair,
  SideRun,
  SideSummary,
  TestComparison,
} from '../comparison.js'

/** What each bucket is called in a heading or a count. */
export const BUCKET_LABELS: Readonly<Record<Bucket, string>> = {
  regressed: 'regressed',
  fixed: 'fixed',
  flaky: 'flaky',
  'not-comparable': 'not comparable',
  'unchanged-fail': 'unchanged, failing',
  'unchanged-pass': 'unchanged, passing',
}

/** The test as one name: `project › file > test`. */
export function testLabel(test: TestComparison): string {
  const project = test.project === undefined ? '' : `${test.project} › `
  return `${project}${test.file} > ${test.test}`
}

/** A run as the header names it: its source, commit and branch, candidate and fork. */
export function runLabel(run: ComparedRun): string {
  const parts: string[] = []
  if (run.candidate !== undefined) parts.push(`'${run.candidate}'`)
  if (run.fork !== undefined) parts.push(`fork ${run.fork}`)
  parts.push(run.source)
  const where = [run.commit?.slice(0, 7), run.branch].filter((part) => part !== undefined)
  if (where.length > 0) parts.push(`(${where.join(', ')})`)
  return parts.join(' ')
}

/**
 * What the views call the side compared with the baseline: `candidate` for a candidate's run,
 * `this run` for a plain run (`compare --report`, a pull request's own run), which is no candidate.
 */
export function comparedSideName(run: ComparedRun): ComparedSide {
  return run.candidate === undefined ? 'this run' : 'candidate'
}

/** The side compared with the baseline, as the views name it in running text. */
export type ComparedSide = 'candidate' | 'this run'

/** `text` with its first letter upper case, for a heading or a table's column. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** A path as one line, END's internal id read `END`: `ask → refund → END`. */
export function pathText(path: readonly string[]): string {
  return path.length === 0 ? '(no turns)' : path.map((id) => (id === END ? 'END' : id)).join(' → ')
}

/** A side's result: `passed` for one run, `3/5 (60%)` for samples; `—` when it has none. */
export function sideText(side: SideSummary | undefined): string {
  if (side === undefined) return '—'
  if (side.n <= 1) return side.passes === side.n && side.n === 1 ? 'passed' : side.state
  return `${side.passes}/${side.n} (${formatPercent(side.passRate)})`
}

/** A signed difference in percentage points: `+12 pts`, `−80 pts`. */
export function pointsText(difference: number): string {
  const points = Math.round(difference * 100)
  return `${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points)} pts`
}

/** A p-value as reviewers read it: `0.0156`, `< 0.0001`, `1`. */
export function pValueText(p: number): string {
  if (p >= 1) return '1'
  if (p < 0.0001) return '< 0.0001'
  return p >= 0.01 ? p.toFixed(3).replace(/0+$/, '') : p.toPrecision(3)
}

/**
 * The paired comparison in one line: `Δ −88 pts (95% CI −97…−49 pts) · McNemar p = 0.0156 ·
 * worse`.
 */
export function statisticsText(stats: PairedStatistics): string {
  const { low, high, confidence } = stats.interval
  const interval = `${formatPercent(confidence)} CI ${pointsText(low).replace(' pts', '')}…${pointsText(high)}`
  return `Δ ${pointsText(stats.difference)} (${interval}) · McNemar p = ${pValueText(stats.pValue)} · ${stats.verdict}`
}

/** A signed change in %: `+18%`, `−4.2%`; with no baseline to compare, `n/a`. */
export function percentText(change: number | undefined): string {
  if (change === undefined || !Number.isFinite(change)) return 'n/a'
  const rounded = Math.abs(change) < 10 ? Math.round(change * 10) / 10 : Math.round(change)
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded)}%`
}

/** A signed token count: `+1,234`, `−56`. */
export function signedCount(n: number): string {
  return `${n > 0 ? '+' : n < 0 ? '−' : '±'}${formatCount(Math.abs(n))}`
}

/** A signed cost: `+0.0123`. */
export function signedCost(n: number): string {
  return `${n > 0 ? '+' : n < 0 ? '−' : '±'}${formatCost(Math.abs(n))}`
}

/** A signed duration: `+1.2s`. */
export function signedDuration(ms: number): string {
  return `${ms > 0 ? '+' : ms < 0 ? '−' : '±'}${formatDuration(Math.abs(ms))}`
}

/** One change as a reviewer reads it: `judge 'tone': met → unmet`, `path a → b  ⟶  a → c`. */
export function changeText(change: Change): string {
  const name = change.name === undefined ? '' : ` '${change.name}'`
  const turn = change.turn === undefined ? '' : ` on turn ${change.turn}`
  // Paths and trajectories hold arrows of their own: a longer one tells the sides apart.
  const arrow = /→/.test(change.baseline + change.candidate) ? '  ⟶  ' : ' → '
  return `${change.kind}${name}${turn}: ${change.baseline}${arrow}${change.candidate}`
}

/** Whether the pair's verdict flipped the way the test's bucket went (either way for others). */
function flipped(pair: SamplePair, bucket: Bucket): boolean {
  const { baseline, candidate } = pair
  if (baseline === undefined || candidate === undefined) return false
  if (bucket === 'regressed') return baseline.passed && !candidate.passed
  if (bucket === 'fixed') return !baseline.passed && candidate.passed
  return baseline.passed !== candidate.passed
}

const DETERMINISTIC: ReadonlySet<Change['kind']> = new Set([
  'status',
  'path',
  'verify',
  'outcome',
  'test',
])

/**
 * The change that flipped the test: in the first pair whose verdict went the bucket's way, the
 * first change of the driver's kind (a judge's for `judge`, else a status, route, verify, outcome
 * or test change), else its first change; `undefined` when no pair names one.
 */
export function flipChange(test: TestComparison): { pair: SamplePair; change: Change } | undefined {
  const pairs = test.pairs.filter((pair) => flipped(pair, test.bucket))
  for (const pair of pairs.length > 0 ? pairs : test.pairs) {
    // The verdict's own change (`test`) says only that it flipped: a route, status, template or
    // check change that explains it is named first.
    const preferred =
      test.driver === 'judge'
        ? pair.changes.find((change) => change.kind === 'judge')
        : (pair.changes.find(
            (change) => change.kind !== 'test' && DETERMINISTIC.has(change.kind),
          ) ?? pair.changes.find((change) => change.kind === 'test'))
    const change = preferred ?? pair.changes[0]
    if (change !== undefined) return { pair, change }
  }
  return undefined
}

/** The pairs a view details: those with changes first (up to `max`), in sample order. */
export function shownPairs(test: TestComparison, max: number): SamplePair[] {
  const changed = test.pairs.filter((pair) => pair.changes.length > 0)
  const rest = test.pairs.filter((pair) => pair.changes.length === 0)
  return [...changed, ...rest].slice(0, max).sort((a, b) => a.sample - b.sample)
}

/** A run's tool trajectory: `#0 lookupOrder · #1 lookupOrder, issueRefund`; `none`. */
export function toolsText(run: SideRun): string {
  const turns = run.tools.flatMap((names, i) =>
    names.length > 0 ? [`#${i} ${names.join(', ')}`] : [],
  )
  return turns.length === 0 ? 'none' : turns.join(' · ')
}

/** A run's usage: `1,234 tokens · cost 0.0021 · 2.3s`. */
export function usageText(run: SideRun): string {
  const parts = [`${formatCount(run.tokens.total)} tokens`]
  if (run.cost !== undefined) parts.push(`cost ${formatCost(run.cost)}`)
  parts.push(formatDuration(run.latencyMs))
  return parts.join(' · ')
}

/** A run's outcomes: `✓ refunded, ✗ polite, turns 3`. */
export function outcomesText(run: SideRun): string {
  const parts = Object.entries(run.outcomes).map(([name, value]) => {
    if (value === true) return `✓ ${name}`
    if (value === false) return `✗ ${name}`
    return `${name} ${Number.isInteger(value) ? value : value.toFixed(2)}`
  })
  return parts.length === 0 ? 'none' : parts.join(', ')
}

/** A run's status, with its error or infrastructure failure: `error (server_error: HTTP 503)`. */
export function statusText(run: SideRun): string {
  const why =
    run.infrastructure ??
    (run.error === undefined ? undefined : `${run.error.category}: ${run.error.message}`)
  return why === undefined ? run.status : `${run.status} (${why})`
}
