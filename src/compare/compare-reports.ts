// Builds the comparison of a candidate run against its baseline from their two JSON reports
// (`results.json`): tests aligned by project, file and name, samples paired by index. Pure: the
// caller reads the reports and writes what this returns.

import { z } from 'zod'
import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import type { ScenarioEntry } from '../reporter/scenario-entry.js'
import type { FailOnGates, ResultsReport } from '../results/results-report.js'
import { checkReport } from './check-report.js'
import { compareTest, isComplete } from './compare-test.js'
import {
  BUCKETS,
  type Bucket,
  COMPARISON_KIND,
  COMPARISON_VERSION,
  type ComparedRun,
  type Comparison,
} from './comparison.js'
import { checkGates } from './gates.js'
import { compareTests } from './order.js'
import { type PairedVerdicts, pairedStatistics } from './statistics/paired-statistics.js'
import { totalsOf } from './totals.js'

/** Options of `compareReports()`. */
export interface CompareOptions {
  /** Where the baseline report came from (its path, relative to the working directory). */
  baselineSource: string
  /** Where the candidate report came from. */
  candidateSource: string
  /** The gates to check; usually the CLI flags over the candidate report's `failOn`. */
  failOn?: FailOnGates | undefined
  /** The comparison's creation time (default: now). */
  now?: Date | undefined
}

/**
 * Compares a candidate run's report against its baseline's: every test in one bucket with its
 * sample pairs side by side, per-test and suite-level paired statistics, totals, and the
 * `failOn` gates checked.
 *
 * @example
 * const comparison = compareReports(baseline, candidate, {
 *   baselineSource: 'test-results/baseline/results.json',
 *   candidateSource: 'test-results/candidates/gpt-next/results.json',
 *   failOn: { regressed: 0 },
 * })
 * comparison.counts.regressed // 1
 */
export function compareReports(
  baseline: ResultsReport,
  candidate: ResultsReport,
  options: CompareOptions,
): Comparison {
  const checked = checkOptions(options)
  return compareCheckedReports(
    checkReport(baseline, 'baseline'),
    checkReport(candidate, 'candidate'),
    checked,
  )
}

/**
 * `compareReports` for reports already checked against the results schema (as
 * `readResultsReport` returns them): the CLI reads each report once, and checking 30 MB of JSON a
 * second time was a third of what `compare` spent on 1,000 tests × 5 samples.
 */
export function compareCheckedReports(
  before: ResultsReport,
  after: ResultsReport,
  checked: CompareOptions,
): Comparison {
  const tests = alignTests(before.tests, after.tests).map(([before, after]) =>
    compareTest(before, after),
  )
  tests.sort(compareTests)
  const counts = Object.fromEntries(BUCKETS.map((bucket) => [bucket, 0])) as Record<Bucket, number>
  for (const test of tests) counts[test.bucket]++
  const suitePairs: PairedVerdicts[] = []
  for (const test of tests) {
    if (test.bucket === 'not-comparable') continue
    for (const pair of test.pairs) {
      if (isComplete(pair)) {
        suitePairs.push({ baseline: pair.baseline.passed, candidate: pair.candidate.passed })
      }
    }
  }
  const partial: Pick<Comparison, 'counts' | 'statistics' | 'tests' | 'totals'> = {
    counts,
    tests,
    totals: totalsOf(tests),
  }
  if (suitePairs.length > 0) partial.statistics = pairedStatistics(suitePairs)
  const comparison: Comparison = {
    kind: COMPARISON_KIND,
    version: COMPARISON_VERSION,
    createdAt: (checked.now ?? new Date()).toISOString(),
    baseline: comparedRun(before, checked.baselineSource),
    candidate: comparedRun(after, checked.candidateSource),
    counts,
    totals: partial.totals,
    gates: checkGates(checked.failOn, partial),
    tests,
  }
  if (partial.statistics !== undefined) comparison.statistics = partial.statistics
  return comparison
}

const optionsSchema = z.object({
  baselineSource: z.string(),
  candidateSource: z.string(),
  failOn: z
    .object({
      regressed: z.number().int().min(0).optional(),
      worse: z.boolean().optional(),
      costIncrease: z.number().min(0).refine(Number.isFinite).optional(),
    })
    .optional(),
  now: z
    .date()
    .refine((date) => !Number.isNaN(date.getTime()))
    .optional(),
})

function checkOptions(options: unknown): CompareOptions {
  let problem: string
  try {
    const read = optionsSchema.safeParse(options)
    if (read.success) return read.data
    // Inside the try: zod words its issues lazily, reading the value again (a revoked Proxy throws).
    const [issue] = read.error.issues
    problem = `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'not options'}`
  } catch (error) {
    throw badOptions(`they could not be read (${describeValue(error)})`)
  }
  throw badOptions(problem)
}

function badOptions(problem: string): InvalidArgumentError {
  return new InvalidArgumentError(
    `compareReports() options are invalid: ${problem}`,
    'Pass { baselineSource, candidateSource, failOn?: { regressed?, worse?, costIncrease? }, now? }.',
  )
}

/** A test's identity across reports: its project, file and full name. */
function keyOf(entry: ScenarioEntry): string {
  return JSON.stringify([entry.project ?? '', entry.file, entry.test])
}

// Baseline order first, then the candidate's new tests; a name used twice in a file pairs in
// order of appearance.
function alignTests(
  baseline: readonly ScenarioEntry[],
  candidate: readonly ScenarioEntry[],
): [ScenarioEntry | undefined, ScenarioEntry | undefined][] {
  const waiting = new Map<string, ScenarioEntry[]>()
  for (const entry of candidate) {
    const key = keyOf(entry)
    const list = waiting.get(key)
    if (list === undefined) waiting.set(key, [entry])
    else list.push(entry)
  }
  const aligned: [ScenarioEntry | undefined, ScenarioEntry | undefined][] = []
  for (const entry of baseline) aligned.push([entry, waiting.get(keyOf(entry))?.shift()])
  for (const entry of candidate) {
    const list = waiting.get(keyOf(entry))
    if (list !== undefined && list[0] === entry) aligned.push([undefined, list.shift()])
  }
  return aligned
}

function comparedRun(report: ResultsReport, source: string): ComparedRun {
  const run: ComparedRun = { source, createdAt: report.createdAt }
  if (report.commit !== undefined) run.commit = report.commit
  if (report.branch !== undefined) run.branch = report.branch
  if (report.candidate !== undefined) {
    run.candidate = report.candidate.name
    if (report.candidate.fork !== undefined) run.fork = report.candidate.fork
  }
  return run
}
