// The comparison in the terminal: the counts per bucket on one line, then the tests a reviewer
// must look at (regressions worst first, not comparable with their reasons, flaky, fixed), each
// with what flipped it, then the cost, token and latency deltas, the suite's paired comparison and
// the gates. Bounded: a bucket lists at most `MAX_LISTED` tests and counts the rest. Every text a
// test, a model or a server wrote goes through `neutralizeControl`: only the view's own colours
// reach the terminal as escapes.
import { formatCost, formatCount, formatDuration } from '../../reporter/format.js'
import type { Colors } from '../../reporter/terminal.js'
import { neutralizeControl as safe } from '../../secrets/index.js'
import type { Bucket, Comparison, TestComparison } from '../comparison.js'
import {
  BUCKET_LABELS,
  capitalized,
  changeText,
  comparedSideName,
  flipChange,
  percentText,
  runLabel,
  sideText,
  statisticsText,
  testLabel,
} from './describe.js'

/** The most tests a bucket lists in the terminal; the rest are counted ("and N more"). */
export const MAX_LISTED = 20

/** The buckets the terminal lists test by test, in this order; the unchanged ones are counted. */
const LISTED: readonly Bucket[] = ['regressed', 'not-comparable', 'flaky', 'fixed']

/** A line of the listing, cut to what a terminal shows. */
const WIDTH = 200

function clip(text: string): string {
  // A line break in a name or a reason would start a line the listing does not own.
  const line = text.replace(/\s*[\r\n]+\s*/g, ' ').trim()
  return line.length <= WIDTH ? line : `${line.slice(0, WIDTH - 1)}…`
}

function paint(bucket: Bucket, text: string, c: Colors): string {
  if (bucket === 'regressed') return c.red(text)
  if (bucket === 'fixed' || bucket === 'unchanged-pass') return c.green(text)
  if (bucket === 'unchanged-fail') return text
  return c.yellow(text)
}

const ICONS: Readonly<Record<Bucket, string>> = {
  regressed: '×',
  fixed: '✓',
  flaky: '~',
  'not-comparable': '?',
  'unchanged-fail': '·',
  'unchanged-pass': '·',
}

/**
 * The terminal summary of a comparison (ends with a newline). `c` colours it, or not
 * (`colors(false)`).
 *
 * @example
 * process.stdout.write(comparisonText(comparison, colors(colorsEnabled(process.stdout, process.env))))
 */
export function comparisonText(comparison: Comparison, c: Colors): string {
  const lines = [
    '',
    `${c.bold(' Comparison')}  baseline ${safe(runLabel(comparison.baseline))} ${c.dim('→')} ${comparedSideName(comparison.candidate)} ${safe(runLabel(comparison.candidate))}`,
    ` ${countsLine(comparison, c)}`,
  ]
  for (const bucket of LISTED) {
    const tests = comparison.tests.filter((test) => test.bucket === bucket)
    if (tests.length === 0) continue
    lines.push(
      '',
      ` ${c.bold(paint(bucket, capitalized(BUCKET_LABELS[bucket]), c))} ${c.dim(`(${tests.length})`)}`,
    )
    for (const test of tests.slice(0, MAX_LISTED)) lines.push(...testLines(test, c))
    if (tests.length > MAX_LISTED) {
      lines.push(c.dim(`   … and ${tests.length - MAX_LISTED} more ${BUCKET_LABELS[bucket]}`))
    }
  }
  lines.push('', ...totalsLines(comparison, c))
  if (comparison.gates.results.length > 0) {
    lines.push(` ${c.dim('Gates')}     ${gatesText(comparison, c)}`)
  }
  lines.push('')
  return lines.join('\n')
}

/** `2 regressed · 1 fixed · … (8 tests)`, each bucket in its colour when it has tests. */
function countsLine(comparison: Comparison, c: Colors): string {
  const order: readonly Bucket[] = [
    'regressed',
    'fixed',
    'flaky',
    'not-comparable',
    'unchanged-fail',
    'unchanged-pass',
  ]
  const total = comparison.tests.length
  const parts = order.map((bucket) => {
    const n = comparison.counts[bucket]
    const text = `${n} ${BUCKET_LABELS[bucket]}`
    return n === 0 ? c.dim(text) : paint(bucket, text, c)
  })
  return `${parts.join(c.dim(' · '))} ${c.dim(`(${total} ${total === 1 ? 'test' : 'tests'})`)}`
}

/** A listed test: its name and driver, its pass rates and statistics, what flipped it or why. */
function testLines(test: TestComparison, c: Colors): string[] {
  const indent = '      '
  const driver = test.driver === undefined ? '' : ` ${c.dim(`[${test.driver}]`)}`
  const lines = [
    `   ${paint(test.bucket, ICONS[test.bucket], c)} ${safe(clip(testLabel(test)))}${driver}`,
  ]
  const rates = [`${sideText(test.baseline)} → ${sideText(test.candidate)}`]
  if (test.statistics !== undefined) rates.push(statisticsText(test.statistics))
  lines.push(indent + safe(rates.join(' · ')))
  if (test.reason !== undefined && (test.bucket === 'not-comparable' || test.bucket === 'flaky')) {
    lines.push(indent + c.dim(safe(clip(test.reason))))
  }
  if (test.bucket === 'regressed' || test.bucket === 'fixed') {
    const flip = flipChange(test)
    if (flip !== undefined) {
      const where = test.pairs.length > 1 ? `sample ${flip.pair.sample}: ` : ''
      lines.push(indent + safe(clip(where + changeText(flip.change))))
    }
  }
  return lines
}

/** Tokens, cost and latency, baseline → candidate with the change, and the suite's statistics. */
function totalsLines(comparison: Comparison, c: Colors): string[] {
  const { baseline, candidate, costChange, latencyChange } = comparison.totals
  const change = (pct: number | undefined, worseWhenUp: boolean) => {
    const text = percentText(pct)
    if (pct === undefined || Math.abs(pct) < 0.05) return c.dim(`(${text})`)
    return pct > 0 === worseWhenUp ? c.red(`(${text})`) : c.green(`(${text})`)
  }
  const tokenChange =
    baseline.tokens === 0 ? undefined : (candidate.tokens / baseline.tokens - 1) * 100
  const lines: string[] = []
  if (baseline.cost !== undefined && candidate.cost !== undefined) {
    lines.push(
      ` ${c.dim('Cost')}      ${formatCost(baseline.cost)} → ${formatCost(candidate.cost)} ${change(costChange, true)}`,
    )
  }
  lines.push(
    ` ${c.dim('Tokens')}    ${formatCount(baseline.tokens)} → ${formatCount(candidate.tokens)} ${change(tokenChange, true)}`,
    ` ${c.dim('Latency')}   ${formatDuration(baseline.latencyMs)} → ${formatDuration(candidate.latencyMs)} ${change(latencyChange, true)}`,
  )
  const stats = comparison.statistics
  if (stats !== undefined) {
    const verdict =
      stats.verdict === 'worse' ? c.red : stats.verdict === 'better' ? c.green : (t: string) => t
    const text = statisticsText(stats)
    const cut = text.lastIndexOf(' · ')
    lines.push(
      ` ${c.dim('Suite')}     ${stats.baselinePasses}/${stats.n} → ${stats.candidatePasses}/${stats.n} passed · ${text.slice(0, cut)} · ${verdict(stats.verdict)}`,
    )
  }
  return lines
}

function gatesText(comparison: Comparison, c: Colors): string {
  return comparison.gates.results
    .map((gate) =>
      gate.passed
        ? `${c.green('✓')} ${safe(clip(gate.message))}`
        : `${c.red('✗')} ${safe(clip(gate.message))}`,
    )
    .join(c.dim(' · '))
}
