// `vitest-scenario merge`: the JSON reports of a sharded run's shards, read, checked to be shards
// of one run and written as the one report of the whole run, which `compare` and `github` read.
import { statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { tryMergeResultsReports } from '../results/merge-reports.js'
import { DEFAULT_RESULTS_PATH, type ResultsReport } from '../results/results-report.js'
import { writeResultsReport } from '../results/write-results.js'
import { readReport } from './candidate-report.js'
import type { CliContext, ExitCode } from './cli-context.js'
import { type CliResult, describeError, fail, ok } from './cli-failure.js'
import { parseCommandArgs } from './parse-command-args.js'

/** What `merge`'s arguments ask for: the shards' reports and where the merged one goes. */
export interface MergeArgs {
  /** The shards' report files (a folder given stands for its `results.json`), absolute. */
  reports: string[]
  /** Where the merged report goes, absolute. */
  out: string
}

/** Reads `merge`'s arguments: one or more reports or folders, and `--out`. */
export function parseMergeArgs(args: readonly string[], context: CliContext): CliResult<MergeArgs> {
  const parsed = parseCommandArgs('merge', args, { out: { type: 'string' } })
  if (!parsed.ok) return parsed
  const { values, positionals } = parsed.value
  if (positionals.length === 0) {
    return fail(
      2,
      '`vitest-scenario merge` needs the reports to merge',
      "Run `vitest-scenario merge <results.json | folder>... [--out <results.json>]`, e.g. `vitest-scenario merge shard-1 shard-2` with each shard's results.json in its folder.",
    )
  }
  const reports = positionals.map((given) => {
    const path = resolve(context.cwd, given)
    return isFolder(path) ? join(path, 'results.json') : path
  })
  const out = resolve(
    context.cwd,
    typeof values.out === 'string' ? values.out : DEFAULT_RESULTS_PATH,
  )
  return ok({ reports, out })
}

/** Runs `merge`; returns the exit code (2 for bad input, 1 when the report cannot be written). */
export function mergeCommand(args: readonly string[], context: CliContext): ExitCode {
  const result = merge(args, context)
  if (!result.ok) {
    context.stderr(`${result.failure.message}\n`)
    return result.failure.code
  }
  return 0
}

function merge(args: readonly string[], context: CliContext): CliResult<void> {
  const parsed = parseMergeArgs(args, context)
  if (!parsed.ok) return parsed
  const { reports: paths, out } = parsed.value
  const shown = (path: string) => relative(context.cwd, path) || path
  const reports: ResultsReport[] = []
  for (const path of paths) {
    const report = readReport(path)
    if (!report.ok) return report
    reports.push(report.value)
  }
  const merged = tryMergeResultsReports(reports, paths.map(shown))
  if (!merged.ok) return { ok: false, failure: { code: 2, message: merged.error.message } }
  const { report } = merged
  try {
    writeResultsReport(out, report)
  } catch (error) {
    return fail(
      1,
      `Could not write the merged report to ${shown(out)}: ${describeError(error)}`,
      'Pass --out <results.json> with a file in a folder this process may write.',
    )
  }
  const tests = report.tests.length
  context.stdout(
    `Merged ${paths.length} report${paths.length === 1 ? '' : 's'} (${tests} test${tests === 1 ? '' : 's'}) into ${shown(out)}\n`,
  )
  return ok(undefined)
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    // Not there: read as a file, whose reader says it is missing.
    return false
  }
}
