// `vitest-scenario compare`: a run's report — a candidate's, or a plain run's such as a pull
// request's (`--report`) — beside its baseline (a given report, or a replay of the committed
// recordings), compared, written and printed, with the gates deciding the exit code.
import { existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { compareCheckedReports } from '../compare/compare-reports.js'
import { comparisonText } from '../compare/views/terminal.js'
import { colors } from '../reporter/terminal.js'
import type { FailOnGates, ResultsReport } from '../results/results-report.js'
import { findRunReport, readReport } from './candidate-report.js'
import type { CliContext, ExitCode } from './cli-context.js'
import { type CliResult, fail, ok } from './cli-failure.js'
import { GATE_FLAGS, gateFlags } from './gate-flags.js'
import { parseCommandArgs } from './parse-command-args.js'
import { replayBaseline } from './replay-baseline.js'
import { writeOutputs } from './write-outputs.js'

/** The reports' and the outputs' folder unless `--results` / `--out` say otherwise. */
export const DEFAULT_RESULTS_DIR = 'test-results'

/** What `compare`'s arguments ask for. */
export interface CompareArgs {
  candidate?: string | undefined
  /** `--report`: the run to compare with the baseline instead of a candidate's. */
  report?: string | undefined
  baseline?: string | undefined
  resultsDir: string
  outDir: string
  /** The gates set by flags: they win over the candidate report's `failOn`. */
  gates: FailOnGates
  colors: boolean
}

/** Reads `compare`'s arguments (no positionals). */
export function parseCompareArgs(
  args: readonly string[],
  context: CliContext,
): CliResult<CompareArgs> {
  const parsed = parseCommandArgs('compare', args, {
    candidate: { type: 'string' },
    report: { type: 'string' },
    baseline: { type: 'string' },
    results: { type: 'string' },
    out: { type: 'string' },
    ...GATE_FLAGS,
    'no-color': { type: 'boolean' },
  })
  if (!parsed.ok) return parsed
  const { values, positionals } = parsed.value
  if (positionals.length > 0) {
    return fail(
      2,
      `\`vitest-scenario compare\` takes no arguments besides its flags; got ${positionals.map((p) => `'${p}'`).join(', ')}`,
      'Name the candidate with --candidate <name>, or the report to compare with --report <results.json>.',
    )
  }
  const gates = gateFlags(values)
  if (!gates.ok) return gates
  const text = (name: string) => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }
  return ok({
    candidate: text('candidate'),
    report: text('report'),
    baseline: text('baseline'),
    resultsDir: resolve(context.cwd, text('results') ?? DEFAULT_RESULTS_DIR),
    outDir: resolve(context.cwd, text('out') ?? DEFAULT_RESULTS_DIR),
    gates: gates.value,
    colors: context.colors && values['no-color'] !== true,
  })
}

/** Runs `compare`; returns the exit code (1 when a gate failed). */
export async function compareCommand(
  args: readonly string[],
  context: CliContext,
): Promise<ExitCode> {
  const result = await compare(args, context)
  if (!result.ok) {
    context.stderr(`${result.failure.message}\n`)
    return result.failure.code
  }
  return result.value
}

async function compare(args: readonly string[], context: CliContext): Promise<CliResult<ExitCode>> {
  const parsed = parseCompareArgs(args, context)
  if (!parsed.ok) return parsed
  const options = parsed.value
  const { cwd } = context
  const found = findRunReport(options, cwd)
  if (!found.ok) return found
  if (options.baseline !== undefined && resolve(cwd, options.baseline) === found.value.path) {
    const shown = relative(cwd, found.value.path) || found.value.path
    return fail(
      2,
      `\`vitest-scenario compare\` would compare ${shown} with itself: it is both the baseline and the run compared`,
      "Pass the base branch's report with --baseline <results.json> (e.g. downloaded to test-results/baseline/results.json), or the run to compare with --report <results.json>.",
    )
  }
  const candidate = readReport(found.value.path)
  if (!candidate.ok) return candidate
  const baseline = await baselineReport(options, candidate.value, context)
  if (!baseline.ok) return baseline
  // Both reports were checked against the results schema when they were read.
  const comparison = compareCheckedReports(baseline.value.report, candidate.value, {
    baselineSource: relative(cwd, baseline.value.path) || baseline.value.path,
    candidateSource: relative(cwd, found.value.path) || found.value.path,
    // The flags win gate by gate; the project's failOn (carried by the report) sets the rest.
    failOn: { ...candidate.value.failOn, ...options.gates },
  })
  const written = writeOutputs(comparison, options.outDir, cwd)
  if (!written.ok) return written
  context.stdout(comparisonText(comparison, colors(options.colors)))
  context.stdout(`\nWrote ${written.value.map((path) => relative(cwd, path) || path).join(', ')}\n`)
  return ok(comparison.gates.failed ? 1 : 0)
}

/** The baseline's report: `--baseline`, else a replay of the committed recordings. */
async function baselineReport(
  options: CompareArgs,
  candidate: ResultsReport,
  context: CliContext,
): Promise<CliResult<{ report: ResultsReport; path: string }>> {
  const { cwd } = context
  if (options.baseline !== undefined) {
    const path = resolve(cwd, options.baseline)
    const report = readReport(path)
    return report.ok ? ok({ report: report.value, path }) : report
  }
  if (candidate.command === undefined) {
    return fail(
      2,
      "The candidate's report does not say which command ran it, so the baseline cannot be replayed",
      'Pass the baseline report with --baseline <results.json> (a run without VITEST_SCENARIO_CANDIDATE writes one). A `vitest --merge-reports` run, or a merge of shards that ran different commands, writes no command.',
    )
  }
  const path = join(options.outDir, 'baseline', 'results.json')
  context.stderr(
    `Replaying the baseline from the committed recordings into ${relative(cwd, path)} …\n`,
  )
  const replay = await replayBaseline(
    { command: candidate.command, reportPath: path, cwd, env: context.env },
    existsSync,
  )
  if (!replay.ok) return replay
  const report = readReport(path)
  return report.ok ? ok({ report: report.value, path }) : report
}
