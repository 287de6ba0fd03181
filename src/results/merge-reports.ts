// Merging the JSON reports of a sharded run (`vitest --shard`, `jest --shard`, a CI matrix) into
// the one report of the whole run, so a comparison sees every test. Only shards of one run merge:
// reports of different commits, runners, candidates or gates, or two reports holding the same
// test file, are refused with what differs, never merged into a report no run wrote.
import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { parseResultsReport } from './read-results.js'
import type { ResultsCommand, ResultsReport } from './results-report.js'

/** A merged report, or why the reports are not shards of one run. */
export type MergeResult =
  | { ok: true; report: ResultsReport }
  | { ok: false; error: InvalidArgumentError }

const FIX_SHARDS =
  "Merge only the reports of one run's shards: the same commit, test runner, candidate and config, each shard writing its own results.json."

/** How many overlapping test files a refusal lists; the rest are counted. */
const MAX_LISTED = 10

/**
 * Merges the JSON reports of one run's shards into the report of the whole run: the tests of
 * every shard (in the order the reports are given), the latest creation time, and the command
 * without its `--shard` flag (omitted when the shards ran different commands). Throws an
 * `InvalidArgumentError` naming what differs when the reports are not shards of one run.
 * `sources` (one per report, e.g. their paths) name the reports in that message.
 *
 * @example
 * const merged = mergeResultsReports([
 *   readResultsReport('shard-1/results.json'),
 *   readResultsReport('shard-2/results.json'),
 * ])
 */
export function mergeResultsReports(
  reports: readonly ResultsReport[],
  sources?: readonly string[],
): ResultsReport {
  const merged = tryMergeResultsReports(reports, sources)
  if (!merged.ok) throw merged.error
  return merged.report
}

/**
 * `mergeResultsReports` with the refusal returned as data: each report is checked against the
 * results schema first (it may come from a file of another version, or from anywhere).
 *
 * @example
 * const merged = tryMergeResultsReports([a, b], ['a/results.json', 'b/results.json'])
 * if (!merged.ok) console.error(merged.error.message)
 */
export function tryMergeResultsReports(
  reports: readonly ResultsReport[],
  sources?: readonly string[],
): MergeResult {
  let checked: Checked
  try {
    checked = checkedInput(reports, sources)
  } catch (error) {
    // The arguments themselves could not be read (a revoked Proxy for the list, a throwing
    // getter on it): said as what it is, never passed through as a TypeError from inside.
    const reason = error instanceof Error ? error.message : describeValue(error)
    return refuse(
      `mergeResultsReports(reports, sources) could not read its arguments (${reason})`,
      'Pass plain data: an array of results reports as read from their files, and their paths.',
    )
  }
  if (!checked.ok) return checked
  const { list, names } = checked
  const [first] = list
  if (first === undefined) return refuse('mergeResultsReports() got no report to merge', USAGE)
  for (const [field, label] of SAME_FIELDS) {
    const values = list.map((report) => canonical(report[field]))
    if (new Set(values).size > 1) {
      return refuse(
        `The reports are not shards of one run: their ${label} differ`,
        FIX_SHARDS,
        list.map((report, i) => `${names[i]}: ${shown(report[field])}`),
      )
    }
  }
  const overlap = overlappingFiles(list, names)
  if (overlap.length > 0) {
    const listed = overlap.slice(0, MAX_LISTED)
    if (overlap.length > MAX_LISTED) listed.push(`and ${overlap.length - MAX_LISTED} more`)
    return refuse(
      `The reports are not shards of one run: ${overlap.length === 1 ? 'a test file is' : `${overlap.length} test files are`} in more than one of them (a report given twice, or reports of different runs)`,
      `${FIX_SHARDS} Each test file runs in one shard only.`,
      listed,
    )
  }
  const report: ResultsReport = {
    kind: first.kind,
    version: first.version,
    createdAt: latest(list.map((one) => one.createdAt)),
    host: first.host,
    tests: list.flatMap((one) => one.tests),
  }
  if (first.commit !== undefined) report.commit = first.commit
  const branches = new Set(list.map((one) => one.branch))
  // Shards of one commit may still name different branches (a push and a pull request's run);
  // the merged report names a branch only when every shard agrees on it.
  if (branches.size === 1 && first.branch !== undefined) report.branch = first.branch
  if (first.candidate !== undefined) report.candidate = first.candidate
  const command = commonCommand(list.map((one) => one.command))
  if (command !== undefined) report.command = command
  if (first.recordingsDir !== undefined) report.recordingsDir = first.recordingsDir
  if (first.failOn !== undefined) report.failOn = first.failOn
  return { ok: true, report }
}

/** The fields every shard of one run shares, with the words a refusal uses for them. */
const SAME_FIELDS = [
  ['commit', 'commits'],
  ['host', 'test runners'],
  ['candidate', 'candidates'],
  ['failOn', '`failOn` gates'],
  ['recordingsDir', 'recordings folders'],
] as const satisfies readonly (readonly [keyof ResultsReport, string])[]

const USAGE =
  "Pass the parsed results.json of every shard, e.g. mergeResultsReports([readResultsReport('shard-1/results.json'), readResultsReport('shard-2/results.json')])."

type Checked =
  | { ok: true; list: ResultsReport[]; names: string[] }
  | { ok: false; error: InvalidArgumentError }

/** The reports checked one by one against the results schema, with a name for each. */
function checkedInput(reports: unknown, sources: unknown): Checked {
  if (!Array.isArray(reports)) {
    return refuse(
      `mergeResultsReports(reports) needs an array of results reports, got ${describeValue(reports)}`,
      USAGE,
    )
  }
  if (reports.length === 0) return refuse('mergeResultsReports() got no report to merge', USAGE)
  if (
    sources !== undefined &&
    (!Array.isArray(sources) ||
      sources.length !== reports.length ||
      !sources.every((source) => typeof source === 'string'))
  ) {
    return refuse(
      `mergeResultsReports(reports, sources) needs one source name per report (${reports.length}), got ${describeValue(sources)}`,
      "Pass the reports' paths in the order of the reports, or leave `sources` out.",
    )
  }
  const names = reports.map((_, i) => (sources as string[] | undefined)?.[i] ?? `report ${i + 1}`)
  const list: ResultsReport[] = []
  for (const [i, value] of reports.entries()) {
    const read = parseResultsReport(value, names[i] ?? `report ${i + 1}`)
    if (!read.ok) return read
    list.push(read.report)
  }
  return { ok: true, list, names }
}

/** `project › file` of every test file that more than one report holds, with those reports. */
function overlappingFiles(list: readonly ResultsReport[], names: readonly string[]): string[] {
  const holders = new Map<string, number[]>()
  for (const [i, report] of list.entries()) {
    for (const test of report.tests) {
      const key = JSON.stringify([test.project ?? '', test.file])
      const seen = holders.get(key)
      if (seen === undefined) holders.set(key, [i])
      else if (!seen.includes(i)) seen.push(i)
    }
  }
  return [...holders]
    .filter(([, held]) => held.length > 1)
    .map(([key, held]) => {
      const [project, file] = JSON.parse(key) as [string, string]
      const where = held.map((i) => names[i]).join(', ')
      return `${project === '' ? '' : `${project} › `}${file} (in ${where})`
    })
}

/**
 * The command the shards ran without the `--shard` flag (`--shard=1/2` or `--shard 1/2`; Node's
 * `--test-shard` in `execArgv` too): the command of the whole run. None when a shard has none or the shards' commands differ otherwise.
 */
function commonCommand(
  commands: readonly (ResultsCommand | undefined)[],
): ResultsCommand | undefined {
  const unsharded = commands.map((command) =>
    command === undefined
      ? undefined
      : {
          execArgv: withoutShard(command.execArgv),
          argv: withoutShard(command.argv),
          cwd: command.cwd,
        },
  )
  const [first] = unsharded
  if (first === undefined) return undefined
  const text = JSON.stringify(first)
  return unsharded.every((command) => command !== undefined && JSON.stringify(command) === text)
    ? first
    : undefined
}

/** The flags that pick a shard: Vitest's and Jest's `--shard`, node:test's `--test-shard`. */
const SHARD_FLAGS = ['--shard', '--test-shard']

/** `args` without `--shard=x/y`, `--shard x/y` and node:test's `--test-shard` alike. */
export function withoutShard(args: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (SHARD_FLAGS.some((flag) => arg.startsWith(`${flag}=`))) continue
    if (SHARD_FLAGS.includes(arg)) {
      i++
      continue
    }
    out.push(arg)
  }
  return out
}

/** The latest of ISO 8601 times (the schema checked each). */
function latest(times: readonly string[]): string {
  return times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a))
}

/** A value as a refusal compares it: JSON with sorted keys, `undefined` as itself. */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined'
  return JSON.stringify(value, (_, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  )
}

/** A field's value as a refusal lists it. */
function shown(value: unknown): string {
  return value === undefined ? '(none)' : canonical(value)
}

function refuse(
  what: string,
  fix: string,
  subjects: readonly string[] = [],
): { ok: false; error: InvalidArgumentError } {
  return { ok: false, error: new InvalidArgumentError(what, fix, subjects) }
}
