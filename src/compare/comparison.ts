// What `vitest-scenario compare` finds when it sets a candidate run beside its baseline: one
// entry per test, each in one bucket, with every sample pair side by side. This is the shape of
// `compare.json` (schema-versioned), and what the terminal, Markdown and HTML views render.
import type {
  JudgementMeta,
  RunErrorMeta,
  ScenarioRunMeta,
  TurnMeta,
} from '../hosts/core/meta/scenario-meta.js'
import type { FailOnGates } from '../results/results-report.js'

/** The `kind` every comparison carries. */
export const COMPARISON_KIND = 'vitest-scenario.compare'

/** The version of the comparison's shape (`compare.json`); readers refuse other versions. */
export const COMPARISON_VERSION = 1

/**
 * Where a test landed: its verdict flipped (`fixed`, `regressed`), held (`unchanged-pass`,
 * `unchanged-fail`), its samples disagree without evidence either way (`flaky`), or an
 * infrastructure failure, a missing side or a changed definition leaves nothing to compare
 * (`not-comparable`).
 */
export type Bucket =
  | 'fixed'
  | 'regressed'
  | 'unchanged-pass'
  | 'unchanged-fail'
  | 'flaky'
  | 'not-comparable'

/** Every bucket, in the order summaries list them. */
export const BUCKETS: readonly Bucket[] = [
  'regressed',
  'fixed',
  'flaky',
  'not-comparable',
  'unchanged-fail',
  'unchanged-pass',
]

/**
 * What flipped a verdict: `deterministic` when a template's verdict, a check, an outcome that is
 * not a judge's, the status or the route changed; `judge` when only judge verdicts changed.
 */
export type FlipDriver = 'deterministic' | 'judge'

/** A paired comparison's conclusion: `better` / `worse` when p < 0.05 (by the sign), else none. */
export type PairedVerdict = 'better' | 'worse' | 'no evidence'

/** Token counts of one run (recorded and live together). */
export interface TokenCounts {
  input: number
  output: number
  /** `input + output`. */
  total: number
}

/** One run (one sample) of one side, as compared. */
export interface SideRun {
  /**
   * The sample's verdict: a test with one run passes when the test passed; a sample of a sampled
   * test passes when it completed and every boolean outcome criterion holds.
   */
  passed: boolean
  status: ScenarioRunMeta['status']
  path: string[]
  outcomes: ScenarioRunMeta['outcomes']
  /** Each conversation judge's verdict by outcome name, with the reasoning of every criterion. */
  judgements: Record<string, JudgementMeta>
  /** The tools called on each turn, in order: the run's tool trajectory. */
  tools: string[][]
  /** The turns as the reports keep them (clipped texts), for side-by-side transcripts. */
  turns: TurnMeta[]
  tokens: TokenCounts
  /** Set when the run had prices for every model it used. */
  cost?: number | undefined
  /** Live time plus the recorded latency of replayed calls, in ms. */
  latencyMs: number
  /** The error that ended the run. */
  error?: RunErrorMeta | undefined
  /** Why this run cannot be compared (an infrastructure failure), when it cannot. */
  infrastructure?: string | undefined
}

/** One thing that differs between the two runs of a sample pair. */
export interface Change {
  /** What differs: the status, the route, a turn's verdict, an outcome, a judge's verdict, the tools, an answer. */
  kind: 'status' | 'path' | 'verify' | 'outcome' | 'judge' | 'tools' | 'answer' | 'test'
  /** The outcome's or judge's name, for `outcome` and `judge`. */
  name?: string | undefined
  /** The turn (from 0), for turn-level changes. */
  turn?: number | undefined
  /** The baseline's value, as short text. */
  baseline: string
  /** The candidate's value, as short text. */
  candidate: string
}

/** Sample `sample` of both sides. */
export interface SamplePair {
  sample: number
  baseline?: SideRun | undefined
  candidate?: SideRun | undefined
  /** The first turn (from 0) where the transcripts differ (node, question, answer, verdict, tools). */
  firstDifferingTurn?: number | undefined
  changes: Change[]
}

/**
 * The paired comparison of pass rates over sample pairs: the difference (candidate − baseline)
 * with a 95 % interval, and the exact McNemar p-value over the discordant pairs.
 */
export interface PairedStatistics {
  /** Sample pairs compared. */
  n: number
  baselinePasses: number
  candidatePasses: number
  /** Pairs where the baseline passed and the candidate failed. */
  lost: number
  /** Pairs where the baseline failed and the candidate passed. */
  gained: number
  /** Candidate pass rate − baseline pass rate. */
  difference: number
  interval: { low: number; high: number; confidence: number }
  /** Exact two-sided McNemar p-value (binomial over the discordant pairs); 1 with none. */
  pValue: number
  verdict: PairedVerdict
}

/** One side's pass count for a test. */
export interface SideSummary {
  /** The test's state on that side (`passed`, `failed`, …). */
  state: string
  passes: number
  n: number
  passRate: number
}

/** One test, compared. */
export interface TestComparison {
  file: string
  test: string
  project?: string | undefined
  bucket: Bucket
  /** What flipped the verdict, for `fixed` and `regressed`. */
  driver?: FlipDriver | undefined
  /** Why the test is `not-comparable` or `flaky`, in a sentence. */
  reason?: string | undefined
  baseline?: SideSummary | undefined
  candidate?: SideSummary | undefined
  /** With more than one sample pair. */
  statistics?: PairedStatistics | undefined
  pairs: SamplePair[]
  /** Candidate − baseline, summed over the pairs (cost only when both sides have one). */
  delta: { tokens: number; cost?: number | undefined; latencyMs: number }
}

/** One run's identity as the comparison names it. */
export interface ComparedRun {
  /** Where it came from: a report's path, relative to the working directory. */
  source: string
  createdAt: string
  commit?: string | undefined
  branch?: string | undefined
  /** The candidate's name (candidate side only). */
  candidate?: string | undefined
  /** The candidate's `fork`. */
  fork?: number | undefined
}

/** Totals over the comparable tests of one side. */
export interface SideTotals {
  tokens: number
  /** Set when every comparable run of the side had a cost. */
  cost?: number | undefined
  latencyMs: number
}

/** One `failOn` gate, checked. */
export interface GateResult {
  gate: keyof FailOnGates
  /** The gate's setting, e.g. `0` regressions, `true`, `10` (%). */
  limit: number | boolean
  /** What the comparison found: regressions, whether it is worse, the cost change in %. */
  actual: number | boolean | null
  passed: boolean
  /** One line: what was checked and what was found. */
  message: string
}

/** The whole comparison (`compare.json`). */
export interface Comparison {
  kind: typeof COMPARISON_KIND
  version: typeof COMPARISON_VERSION
  createdAt: string
  baseline: ComparedRun
  candidate: ComparedRun
  counts: Record<Bucket, number>
  totals: {
    baseline: SideTotals
    candidate: SideTotals
    /** Candidate cost over baseline cost − 1, in %, when both have a cost. */
    costChange?: number | undefined
    /** Candidate latency over baseline latency − 1, in %. */
    latencyChange?: number | undefined
  }
  /** The paired comparison over every comparable sample pair of the suite. */
  statistics?: PairedStatistics | undefined
  /** The gates checked (none when no `failOn` applies) and whether any failed. */
  gates: { results: GateResult[]; failed: boolean }
  /** Worst first: regressions (largest drop first), then the other buckets in `BUCKETS` order. */
  tests: TestComparison[]
}
