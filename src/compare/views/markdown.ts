// `compare.md`: the comparison in GitHub-flavoured Markdown, for a pull request comment or a job
// summary. A title, the buckets' counts, the gates, the cost, token and latency deltas and the
// suite's paired comparison; then each bucket, regressions first, each test folded in
// `<details>` with its sample pairs side by side (markdown-pair.ts). It stays within `limit`
// bytes (UTF-8) whatever the suite's size: when the tests do not fit, the rest of a bucket is
// listed one line each, then left out and counted, with a line that says compare.html and
// compare.json have them all.
import { Buffer } from 'node:buffer'
import { InvalidArgumentError } from '../../errors/index.js'
import { describeValue } from '../../internal/describe-value.js'
import { formatCost, formatCount, formatDuration } from '../../reporter/format.js'
import { markdownText } from '../../reporter/markdown.js'
import { BUCKETS, type Bucket, type Comparison, type TestComparison } from '../comparison.js'
import {
  BUCKET_LABELS,
  type ComparedSide,
  capitalized,
  comparedSideName,
  percentText,
  runLabel,
  statisticsText,
} from './describe.js'
import { cell, testDetails, testLine } from './markdown-pair.js'

/** The default size limit of `compare.md`, in UTF-8 bytes. */
export const COMPARE_MARKDOWN_LIMIT = 60_000

/** Options of `comparisonMarkdown()`. */
export interface ComparisonMarkdownOptions {
  /** The most UTF-8 bytes the Markdown may have (default `COMPARE_MARKDOWN_LIMIT`, 60,000). */
  limit?: number
}

/** Sample pairs detailed per test; a test's details over `TEST_BYTES` show fewer. */
const MAX_PAIRS = 3
const TEST_BYTES = 12_000
/** Bytes kept for the buckets' headings and the lines saying what was left out. */
const RESERVE = 2_400
/** Bytes each later bucket keeps while an earlier one is written: room for a few lines. */
const LATER_BUCKET_BYTES = 1_500
/** Below this, the limit cannot hold the head and a line per bucket: refused. */
const MIN_LIMIT = 4_000

const ICONS: Readonly<Record<Bucket, string>> = {
  regressed: '🔴',
  fixed: '🟢',
  flaky: '🟡',
  'not-comparable': '⚪',
  'unchanged-fail': '⚫',
  'unchanged-pass': '✅',
}

/** The buckets whose tests are folded one by one; the unchanged ones are listed in one fold. */
const DETAILED: ReadonlySet<Bucket> = new Set(['regressed', 'fixed', 'flaky', 'not-comparable'])

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

/**
 * The comparison as GitHub-flavoured Markdown, at most `limit` bytes (UTF-8).
 *
 * @example
 * writeFileSync('test-results/compare.md', comparisonMarkdown(comparison))
 */
export function comparisonMarkdown(
  comparison: Comparison,
  { limit = COMPARE_MARKDOWN_LIMIT }: ComparisonMarkdownOptions = {},
): string {
  if (!Number.isFinite(limit) || limit < MIN_LIMIT) {
    throw new InvalidArgumentError(
      `comparisonMarkdown() got the limit ${describeValue(limit)}, fewer bytes than the summary needs (${MIN_LIMIT})`,
      `Pass a limit of at least ${MIN_LIMIT} bytes, or leave it out for ${COMPARE_MARKDOWN_LIMIT}.`,
    )
  }
  const head = headText(comparison)
  const side = comparedSideName(comparison.candidate)
  let budget = limit - bytes(head) - RESERVE
  const parts = [head]
  const present = BUCKETS.flatMap((bucket) => {
    const tests = comparison.tests.filter((test) => test.bucket === bucket)
    return tests.length === 0 ? [] : [{ bucket, tests }]
  })
  for (const [i, { bucket, tests }] of present.entries()) {
    // Regressions may take most of the space, but each later bucket keeps room for a few lines.
    const later = (present.length - i - 1) * LATER_BUCKET_BYTES
    const section = bucketText(bucket, tests, Math.max(0, budget - later), side)
    budget -= section.used
    parts.push(section.text)
  }
  return `${parts.join('\n')}\n`
}

/** The title, the runs, the counts, the gates, the deltas and the suite's statistics. */
function headText(comparison: Comparison): string {
  const name = comparison.candidate.candidate
  const lines = [
    `# Comparison${name === undefined ? '' : `: candidate ${markdownText(name)}`}`,
    '',
    `**Baseline** ${markdownText(runLabel(comparison.baseline))}  `,
    `**${name === undefined ? 'This run' : 'Candidate'}** ${markdownText(runLabel(comparison.candidate))}`,
    '',
    '| Bucket | Tests |',
    '| --- | ---: |',
    ...BUCKETS.map(
      (bucket) => `| ${ICONS[bucket]} ${BUCKET_LABELS[bucket]} | ${comparison.counts[bucket]} |`,
    ),
    '',
  ]
  if (comparison.gates.results.length > 0) {
    lines.push(comparison.gates.failed ? '**Gates: failed**' : '**Gates: passed**', '')
    for (const gate of comparison.gates.results) {
      lines.push(`- ${gate.passed ? '✅' : '❌'} ${cell(gate.message)}`)
    }
    lines.push('')
  }
  const { baseline, candidate, costChange, latencyChange } = comparison.totals
  lines.push(
    `| | Baseline | ${capitalized(comparedSideName(comparison.candidate))} | Change |`,
    '| --- | ---: | ---: | ---: |',
  )
  if (baseline.cost !== undefined && candidate.cost !== undefined) {
    lines.push(
      `| Cost | ${formatCost(baseline.cost)} | ${formatCost(candidate.cost)} | ${percentText(costChange)} |`,
    )
  }
  const tokenChange =
    baseline.tokens === 0 ? undefined : (candidate.tokens / baseline.tokens - 1) * 100
  lines.push(
    `| Tokens | ${formatCount(baseline.tokens)} | ${formatCount(candidate.tokens)} | ${percentText(tokenChange)} |`,
    `| Latency | ${formatDuration(baseline.latencyMs)} | ${formatDuration(candidate.latencyMs)} | ${percentText(latencyChange)} |`,
  )
  const stats = comparison.statistics
  if (stats !== undefined) {
    lines.push(
      `| Sample pairs passed | ${stats.baselinePasses}/${stats.n} | ${stats.candidatePasses}/${stats.n} | ${markdownText(statisticsText(stats))} |`,
    )
  }
  lines.push('')
  return lines.join('\n')
}

/**
 * A bucket's section within `budget` bytes: each test folded (fewer pairs when its details are
 * large), then, when the budget runs short, one line per test, then the rest counted.
 */
function bucketText(
  bucket: Bucket,
  tests: readonly TestComparison[],
  budget: number,
  side: ComparedSide,
): { text: string; used: number } {
  const detailed = DETAILED.has(bucket)
  const heading = `## ${ICONS[bucket]} ${capitalized(BUCKET_LABELS[bucket])} (${tests.length})\n`
  const lines: string[] = [heading]
  if (!detailed)
    lines.push(
      '<details>',
      `<summary>${tests.length} ${tests.length === 1 ? 'test' : 'tests'}</summary>`,
      '',
    )
  let used = 0
  let compact = !detailed
  let shown = 0
  for (const test of tests) {
    let text = compact ? testLine(test) : folded(test, side)
    if (!compact && bytes(text) + 1 > budget - used) {
      compact = true
      text = testLine(test)
    }
    const size = bytes(text) + (compact ? 1 : 2)
    if (size > budget - used) break
    lines.push(compact ? text : `${text}\n`)
    used += size
    shown += 1
  }
  if (!detailed) lines.push('', '</details>')
  const left = tests.length - shown
  if (left > 0) {
    lines.push(
      '',
      `_${left} more ${BUCKET_LABELS[bucket]} ${left === 1 ? 'test is' : 'tests are'} left out here (size limit); compare.html and compare.json have all of them._`,
    )
  }
  lines.push('')
  return { text: lines.join('\n'), used }
}

/** A test's fold, with fewer sample pairs (down to none) when its details are over `TEST_BYTES`. */
function folded(test: TestComparison, side: ComparedSide): string {
  for (let pairs = MAX_PAIRS; pairs >= 0; pairs--) {
    const text = testDetails(test, pairs, side)
    if (bytes(text) <= TEST_BYTES || pairs === 0) return text
  }
  return testDetails(test, 0, side)
}
