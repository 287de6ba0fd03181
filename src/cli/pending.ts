// Stand-ins for the report reader, the comparison and its views, with the signatures the real
// ones have; replaced by them once they are in.
import { readFileSync } from 'node:fs'
import type { Bucket, Comparison } from '../compare/comparison.js'
import { BUCKETS, COMPARISON_KIND, COMPARISON_VERSION } from '../compare/comparison.js'
import { type Colors, colors } from '../reporter/terminal.js'
import type { FailOnGates, ResultsReport } from '../results/results-report.js'

/** Reads a results report (stand-in). */
export function readResultsReport(path: string): ResultsReport {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as ResultsReport
  if (parsed.kind !== 'vitest-scenario.results') throw new Error(`${path} is no results report`)
  return parsed
}

/** Compares two reports (stand-in). */
export function compareReports(
  baseline: ResultsReport,
  candidate: ResultsReport,
  options: { baselineSource: string; candidateSource: string; failOn?: FailOnGates; now?: Date },
): Comparison {
  const counts = Object.fromEntries(BUCKETS.map((b) => [b, 0])) as Record<Bucket, number>
  return {
    kind: COMPARISON_KIND,
    version: COMPARISON_VERSION,
    createdAt: (options.now ?? new Date()).toISOString(),
    baseline: { source: options.baselineSource, createdAt: baseline.createdAt },
    candidate: { source: options.candidateSource, createdAt: candidate.createdAt },
    counts,
    totals: {
      baseline: { tokens: 0, latencyMs: 0 },
      candidate: { tokens: 0, latencyMs: 0 },
    },
    gates: { results: [], failed: false },
    tests: [],
  }
}

/** The terminal text (stand-in). */
export function comparisonText(comparison: Comparison, c: Colors): string {
  return `${BUCKETS.map((b) => c.bold(`${b}: ${comparison.counts[b]}`)).join('\n')}\n`
}

/** compare.md (stand-in). */
export function comparisonMarkdown(comparison: Comparison): string {
  return `# Comparison\n\n${comparisonText(comparison, colors(false))}`
}

/** compare.html (stand-in). */
export function comparisonHtml(comparison: Comparison): string {
  return `<!doctype html><pre>${comparisonText(comparison, colors(false))}</pre>`
}
