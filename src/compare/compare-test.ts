// One test of the two reports, compared: its sample pairs side by side, its bucket, and the
// statistics and deltas over the pairs that have both sides.
import type { ScenarioEntry } from '../reporter/scenario-entry.js'
import { changesOf, firstDifferingTurn } from './changes.js'
import { type CompletePair, classify } from './classify.js'
import type { SamplePair, SideRun, SideSummary, TestComparison } from './comparison.js'
import { isSampled, sideRun } from './side-run.js'
import { pairedStatistics } from './statistics/paired-statistics.js'

type Side = 'baseline' | 'candidate'

/**
 * Compares one test's entries of the two reports; either may be missing (the test is then
 * `not-comparable`).
 *
 * @example
 * compareTest(baselineEntry, candidateEntry).bucket // 'regressed'
 */
export function compareTest(
  baseline: ScenarioEntry | undefined,
  candidate: ScenarioEntry | undefined,
): TestComparison {
  const named = (baseline ?? candidate) as ScenarioEntry
  const baseRuns = runsOf(baseline)
  const candidateRuns = runsOf(candidate)
  const pairs: SamplePair[] = []
  for (let sample = 0; sample < Math.max(baseRuns.length, candidateRuns.length); sample++) {
    pairs.push(pairOf(sample, baseRuns[sample], candidateRuns[sample]))
  }
  const complete = pairs.filter(isComplete)
  const test: TestComparison = {
    file: named.file,
    test: named.test,
    bucket: 'not-comparable',
    pairs,
    delta: deltaOf(complete),
  }
  if (named.project !== undefined) test.project = named.project
  if (baseline !== undefined) test.baseline = summaryOf(baseline, baseRuns)
  if (candidate !== undefined) test.candidate = summaryOf(candidate, candidateRuns)
  const reason = notComparable(baseline, candidate, pairs, complete)
  if (reason !== undefined) {
    test.reason = reason
    return test
  }
  const statistics =
    complete.length > 1
      ? pairedStatistics(
          complete.map((pair) => ({
            baseline: pair.baseline.passed,
            candidate: pair.candidate.passed,
          })),
        )
      : undefined
  if (statistics !== undefined) test.statistics = statistics
  const classification = classify(complete, statistics)
  test.bucket = classification.bucket
  if (classification.driver !== undefined) test.driver = classification.driver
  if (classification.reason !== undefined) test.reason = classification.reason
  return test
}

/** Whether a pair has both sides (only those are compared). */
export function isComplete(pair: SamplePair): pair is CompletePair {
  return pair.baseline !== undefined && pair.candidate !== undefined
}

function runsOf(entry: ScenarioEntry | undefined): SideRun[] {
  if (entry === undefined) return []
  const sampled = isSampled(entry)
  return entry.scenario.runs.map((run) => sideRun(entry, run, sampled))
}

function pairOf(sample: number, baseline?: SideRun, candidate?: SideRun): SamplePair {
  const pair: SamplePair = { sample, changes: [] }
  if (baseline !== undefined) pair.baseline = baseline
  if (candidate !== undefined) pair.candidate = candidate
  if (baseline !== undefined && candidate !== undefined) {
    pair.changes = changesOf(baseline, candidate)
    const turn = firstDifferingTurn(baseline, candidate)
    if (turn !== undefined) pair.firstDifferingTurn = turn
  }
  return pair
}

function summaryOf(entry: ScenarioEntry, runs: readonly SideRun[]): SideSummary {
  const passes = runs.filter((run) => run.passed).length
  return {
    state: entry.state,
    passes,
    n: runs.length,
    passRate: runs.length === 0 ? 0 : passes / runs.length,
  }
}

// Why nothing can be concluded about this test, or `undefined` when something can.
function notComparable(
  baseline: ScenarioEntry | undefined,
  candidate: ScenarioEntry | undefined,
  pairs: readonly SamplePair[],
  complete: readonly CompletePair[],
): string | undefined {
  if (baseline === undefined) return 'not in the baseline report (a new test)'
  if (candidate === undefined) return 'not in the candidate report'
  const before = definitionOf(baseline)
  const after = definitionOf(candidate)
  if (before !== undefined && after !== undefined && before !== after) {
    return `the scenario's definition changed (${before} → ${after}): its runs do not test the same thing`
  }
  for (const [side, entry] of [
    ['baseline', baseline],
    ['candidate', candidate],
  ] as const) {
    const empty = emptyReason(side, entry)
    if (empty !== undefined) return empty
  }
  for (const pair of pairs) {
    for (const side of ['baseline', 'candidate'] as const) {
      const infrastructure = pair[side]?.infrastructure
      if (infrastructure === undefined) continue
      const which = pairs.length > 1 ? `sample ${pair.sample + 1} of the ${side}` : `the ${side}`
      return `${which} failed on infrastructure, not on the model: ${infrastructure}`
    }
  }
  if (complete.length === 0) return 'no sample ran on both sides'
  return undefined
}

function emptyReason(side: Side, entry: ScenarioEntry): string | undefined {
  if (entry.scenario.runs.length > 0) return undefined
  if (entry.state === 'failed') {
    const error = entry.errors[0]?.split('\n')[0]
    return `the ${side} failed before any scenario run${error === undefined ? '' : `: ${error.slice(0, 160)}`}`
  }
  return `the ${side} has no scenario run (${entry.state})`
}

/** The scenario definition's hash a report's entry carries, when it carries one. */
export function definitionOf(entry: ScenarioEntry): string | undefined {
  // Reports written before the hash existed have none: those are compared as they are.
  const value: unknown = (entry.scenario as { definition?: unknown }).definition
  return typeof value === 'string' ? value : undefined
}

function deltaOf(complete: readonly CompletePair[]): TestComparison['delta'] {
  let tokens = 0
  let latencyMs = 0
  let cost: number | undefined = 0
  for (const { baseline, candidate } of complete) {
    tokens += candidate.tokens.total - baseline.tokens.total
    latencyMs += candidate.latencyMs - baseline.latencyMs
    cost =
      cost === undefined || baseline.cost === undefined || candidate.cost === undefined
        ? undefined
        : cost + candidate.cost - baseline.cost
  }
  const delta: TestComparison['delta'] = { tokens, latencyMs }
  if (cost !== undefined && complete.length > 0) delta.cost = cost
  return delta
}
