// `vitest-scenario promote <candidate>`: after the review, the candidate's recordings become the
// baseline's, file by file (each atomically), and the emptied candidate folders go.
import { existsSync, readdirSync, rmdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { quoteList } from '../errors/index.js'
import { candidateNameSchema } from '../hosts/core/plugin-options.js'
import {
  CANDIDATES_FOLDER,
  filesUnder,
  type RecordingsRoot,
  recordingsRoots,
} from './candidate-folders.js'
import { candidateReportPath, readReport } from './candidate-report.js'
import type { CliContext, ExitCode } from './cli-context.js'
import { type CliResult, describeError, fail, ok } from './cli-failure.js'
import { DEFAULT_RESULTS_DIR } from './compare-command.js'
import { parseCommandArgs } from './parse-command-args.js'
import { promoteFile } from './promote-file.js'

/** Runs `promote`; returns the exit code. */
export function promoteCommand(args: readonly string[], context: CliContext): ExitCode {
  const result = promote(args, context)
  if (!result.ok) {
    context.stderr(`${result.failure.message}\n`)
    return result.failure.code
  }
  return 0
}

function promote(args: readonly string[], context: CliContext): CliResult<void> {
  const { cwd } = context
  const parsed = parseCommandArgs('promote', args, { results: { type: 'string' } })
  if (!parsed.ok) return parsed
  const { values, positionals } = parsed.value
  const [name, ...extra] = positionals
  if (name === undefined || extra.length > 0) {
    return fail(
      2,
      '`vitest-scenario promote` takes one candidate name',
      'Run `vitest-scenario promote <candidate>`, e.g. `vitest-scenario promote gpt-5`.',
    )
  }
  if (!candidateNameSchema.safeParse(name).success) {
    return fail(
      2,
      `'${name}' is no candidate name`,
      "A candidate's name is letters, digits, '.', '_' and '-' (at most 64), as in the `candidates` option.",
    )
  }
  const resultsDir = resolve(
    cwd,
    typeof values.results === 'string' ? values.results : DEFAULT_RESULTS_DIR,
  )
  const recordingsDir = candidateRecordingsDir(resultsDir, name, cwd)
  if (!recordingsDir.ok) return recordingsDir
  const roots = recordingsRoots(cwd, recordingsDir.value)
  const mine = roots.filter((root) => root.candidates.includes(name))
  if (mine.length === 0) {
    const known = [...new Set(roots.flatMap((root) => root.candidates))].sort()
    return fail(
      2,
      `No recordings of candidate '${name}' (no ${CANDIDATES_FOLDER}/${name}/ folder in a recordings folder under ${cwd})`,
      known.length > 0
        ? `Candidates with recordings: ${quoteList(known)}.`
        : 'No candidate has recordings yet: run one first, e.g. `VITEST_SCENARIO_CANDIDATE=<name> npx vitest run`.',
    )
  }
  let promoted = 0
  for (const root of mine) {
    const moved = promoteRoot(root, name, context)
    promoted += moved.value
    if (!moved.ok) return moved.result
  }
  context.stdout(
    `Promoted ${promoted} recording${promoted === 1 ? '' : 's'} of candidate '${name}' over the baseline.\n`,
  )
  return ok(undefined)
}

/** The `recordings.dir` the candidate's report names, resolved; none when there is no report. */
function candidateRecordingsDir(
  resultsDir: string,
  name: string,
  cwd: string,
): CliResult<string | undefined> {
  const path = candidateReportPath(resultsDir, name)
  if (!existsSync(path)) return ok(undefined)
  const report = readReport(path)
  if (!report.ok) return report
  const dir = report.value.recordingsDir
  return ok(dir === undefined ? undefined : resolve(cwd, dir))
}

/** Promotes every file of one candidate folder; stops at the first file that fails. */
function promoteRoot(
  root: RecordingsRoot,
  name: string,
  context: CliContext,
): { ok: true; value: number } | { ok: false; value: number; result: CliResult<void> } {
  const { cwd } = context
  const folder = join(root.baseline, CANDIDATES_FOLDER, name)
  const files = filesUnder(folder)
  let done = 0
  for (const file of files) {
    const source = join(folder, file)
    const target = join(root.baseline, file)
    const failed = promoteFile(source, target)
    const shown = `${relative(cwd, source)} → ${relative(cwd, target)}`
    if (failed !== undefined) {
      const kept =
        failed.step === 'remove the candidate file'
          ? `The baseline file now holds the candidate's recording; the candidate file is still there: remove it by hand.`
          : `The baseline file is unchanged and the candidate file is still there.`
      return {
        ok: false,
        value: done,
        result: fail(
          1,
          `Could not ${failed.step} while promoting ${shown}: ${describeError(failed.error)}`,
          `${kept} ${done} of ${files.length} files of this folder were promoted before it. Make ${relative(cwd, target)} writable (a file, in a folder this user may write) and run \`vitest-scenario promote ${name}\` again: it goes on with the files that are left.`,
        ),
      }
    }
    done += 1
    context.stdout(`promoted ${shown}\n`)
  }
  removeEmptyFolders(folder)
  // `.candidates/` itself goes once no candidate is left in it.
  removeEmptyFolders(dirname(folder), false)
  return { ok: true, value: done }
}

/** Removes `folder` and the folders under it that hold no file (deepest first). */
function removeEmptyFolders(folder: string, recurse = true): void {
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return
  }
  if (recurse) for (const name of names) removeEmptyFolders(join(folder, name))
  try {
    rmdirSync(folder)
  } catch {
    // Not empty (a file someone added, a failed promotion's leftover): it stays.
  }
}
