// `vitest-scenario label`: a person labels the criteria the last run's conversation judges decided
// — met or unmet, with a note — in an interactive terminal; the labels go into each test file's
// `__labels__/<file>.labels.json`, which `calibrateJudge` and `toAgreeWithLabels` compare the
// judge with. It needs a terminal (raw keys), and refuses to start without one.
import { existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { type LabelsFile, labelsPathFor, readLabelsFile } from '../calibration/labels-file.js'
import { InvalidArgumentError } from '../errors/index.js'
import { colors } from '../reporter/terminal.js'
import { RESULTS_PATH_ENV } from '../results/results-path.js'
import { DEFAULT_RESULTS_PATH } from '../results/results-report.js'
import { readReport } from './candidate-report.js'
import type { CliContext, ExitCode } from './cli-context.js'
import { type CliResult, fail, ok } from './cli-failure.js'
import { type LabelFilters, type LabelWalkPlan, labelItems } from './label-items.js'
import { readKeys } from './label-keys.js'
import { type SavedLabels, saveLabels } from './label-save.js'
import { startScreen } from './label-screen.js'
import { walkItems } from './label-walk.js'
import { parseCommandArgs } from './parse-command-args.js'

/** What `label`'s arguments ask for. */
export interface LabelArgs extends LabelFilters {
  /** The run's JSON report, absolute. */
  results: string
}

/** Reads `label`'s arguments: `--results`, `--file`, `--test`, `--all` (no positionals). */
export function parseLabelArgs(args: readonly string[], context: CliContext): CliResult<LabelArgs> {
  const parsed = parseCommandArgs('label', args, {
    results: { type: 'string' },
    file: { type: 'string' },
    test: { type: 'string' },
    all: { type: 'boolean' },
  })
  if (!parsed.ok) return parsed
  const { values, positionals } = parsed.value
  if (positionals.length > 0) {
    return fail(
      2,
      `\`vitest-scenario label\` takes no arguments besides its options; got '${positionals[0]}'`,
      'Run `vitest-scenario label [--results <results.json>] [--file <text>] [--test <text>] [--all]`.',
    )
  }
  const fromEnv = context.env[RESULTS_PATH_ENV]
  const given =
    typeof values.results === 'string'
      ? values.results
      : fromEnv !== undefined && fromEnv.trim() !== ''
        ? fromEnv
        : DEFAULT_RESULTS_PATH
  return ok({
    results: resolve(context.cwd, given),
    file: typeof values.file === 'string' ? values.file : undefined,
    test: typeof values.test === 'string' ? values.test : undefined,
    all: values.all === true,
  })
}

/** Runs `label`; returns the exit code (2 for bad usage or input, 1 when saving failed). */
export async function labelCommand(
  args: readonly string[],
  context: CliContext,
): Promise<ExitCode> {
  const result = await label(args, context)
  if (!result.ok) {
    context.stderr(`${result.failure.message}\n`)
    return result.failure.code
  }
  return 0
}

async function label(args: readonly string[], context: CliContext): Promise<CliResult<void>> {
  const parsed = parseLabelArgs(args, context)
  if (!parsed.ok) return parsed
  const options = parsed.value
  const input = context.stdin
  if (input?.isTTY !== true || typeof input.setRawMode !== 'function') {
    return fail(
      2,
      '`vitest-scenario label` needs an interactive terminal: its standard input is not one',
      'Run it in a terminal (not in CI, a pipe or a redirect): `npx vitest-scenario label`.',
    )
  }
  const shown = (path: string) => relative(context.cwd, path) || path
  const report = readReport(options.results)
  if (!report.ok) return report
  const labelsOf = labelsFiles(context.cwd)
  let plan: LabelWalkPlan
  try {
    plan = labelItems(report.value, labelsOf, options)
  } catch (error) {
    if (error instanceof InvalidArgumentError) {
      return { ok: false, failure: { code: 2, message: error.message } }
    }
    throw error
  }
  const nothing = nothingToLabel(plan, shown(options.results), options)
  if (nothing !== undefined) return nothing
  const c = colors(context.colors)
  context.stdout(startScreen(plan, shown(options.results), c))
  if (plan.items.length === 0) return ok(undefined)
  const keys = readKeys(input)
  let walked: Awaited<ReturnType<typeof walkItems>>
  try {
    walked = await walkItems(plan.items, keys, context.stdout, c)
  } finally {
    keys.close()
  }
  const { given, skipped, end } = walked
  const labels = `${given.length} label${given.length === 1 ? '' : 's'}`
  const ending = {
    done: `All ${plan.items.length} walked: ${given.length} labelled, ${skipped} skipped.`,
    quit: `Quit: ${given.length} labelled, ${skipped} skipped.`,
    interrupted: `Interrupted (Ctrl-C): the ${labels} given ${given.length === 1 ? 'is' : 'are'} saved, nothing is lost.`,
    closed: `The terminal closed: the ${labels} given ${given.length === 1 ? 'is' : 'are'} saved.`,
  }[end]
  context.stdout(`\n${ending}\n`)
  if (given.length === 0) {
    context.stdout('No labels to save.\n')
    return ok(undefined)
  }
  let saved: SavedLabels[]
  try {
    saved = saveLabels(context.cwd, given)
  } catch (error) {
    if (error instanceof InvalidArgumentError) {
      return { ok: false, failure: { code: 1, message: error.message } }
    }
    throw error
  }
  for (const file of saved) {
    context.stdout(
      `Saved ${file.saved} label${file.saved === 1 ? '' : 's'} to ${file.path} (${file.total} in the file)\n`,
    )
  }
  return ok(undefined)
}

/** The labels file of each test file, read once (a broken one throws its own error). */
function labelsFiles(root: string): (file: string) => LabelsFile | undefined {
  const read = new Map<string, LabelsFile | undefined>()
  return (file) => {
    if (!read.has(file)) {
      const path = join(root, labelsPathFor(file))
      read.set(file, existsSync(path) ? readLabelsFile(path) : undefined)
    }
    return read.get(file)
  }
}

/** Why there is nothing to walk, when there is nothing; undefined when there is something. */
function nothingToLabel(
  plan: LabelWalkPlan,
  results: string,
  options: LabelFilters,
): CliResult<void> | undefined {
  if (plan.judgedInReport === 0) {
    return fail(
      2,
      `No judged conversations in ${results}: no test of that run had a conversation judge`,
      'Add a `judge([...])` outcome to a scenario and run the tests (the reporter writes the report), then label.',
    )
  }
  if (plan.judged === 0) {
    const filters = [
      options.file === undefined ? undefined : `--file '${options.file}'`,
      options.test === undefined ? undefined : `--test '${options.test}'`,
    ].filter((filter) => filter !== undefined)
    return fail(
      2,
      `No judged conversation in ${results} matches ${filters.join(' and ')}`,
      '--file matches part of a test file’s path, --test part of a test’s full name; loosen them or leave them out.',
    )
  }
  if (plan.judged === plan.withoutText) {
    return fail(
      2,
      `The ${plan.judged} judged conversation${plan.judged === 1 ? '' : 's'} in ${results} kept no transcript text to show`,
      "A scenario's report keeps its transcripts' text up to a budget; run fewer samples per scenario (or label with --file/--test after a run of fewer tests), then label again.",
    )
  }
  return undefined
}
