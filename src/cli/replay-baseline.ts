// The baseline side of a comparison when no baseline report is given: the candidate run's own
// command, run again without the candidate and in replay mode, so the committed recordings answer
// every call and the reporter writes the baseline's JSON report where `compare` reads it.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import type { ResultsCommand } from '../results/results-report.js'
import { type CliResult, describeError, fail, ok } from './cli-failure.js'

/** How many of the replay's last output lines a failure shows. */
const TAIL_LINES = 20

/** What the replay needs: the command, where the report goes, the project root and environment. */
export interface ReplayRequest {
  command: ResultsCommand
  /** Absolute path the replay's reporter writes the baseline report to. */
  reportPath: string
  cwd: string
  env: NodeJS.ProcessEnv
}

/** The environment of the replay: the candidate removed, replay mode, the report's path. */
export function replayEnvironment(env: NodeJS.ProcessEnv, reportPath: string): NodeJS.ProcessEnv {
  const next: NodeJS.ProcessEnv = { ...env }
  delete next.VITEST_SCENARIO_CANDIDATE
  next.VITEST_SCENARIO_RECORD = 'replay'
  next.VITEST_SCENARIO_RESULTS = reportPath
  return next
}

/**
 * The command's arguments with its script found from the project root: the report writes the
 * script relative to the root (so it reads the same on another machine), while the replay runs in
 * the command's own folder, which may be below the root.
 */
export function scriptFromRoot(
  argv: readonly string[],
  root: string,
  exists: (path: string) => boolean,
): string[] {
  const [script, ...rest] = argv
  if (script === undefined || isAbsolute(script) || !exists(resolve(root, script))) return [...argv]
  return [resolve(root, script), ...rest]
}

/**
 * Runs the replay and waits for it. Its own test failures are expected (the baseline may fail
 * tests the candidate passes): any exit code is fine once the report is written; a missing report
 * fails with the replay's last lines of output.
 */
export async function replayBaseline(
  request: ReplayRequest,
  exists: (path: string) => boolean,
): Promise<CliResult<{ code: number | null }>> {
  const { command, reportPath, cwd, env } = request
  // A report left by an earlier replay must not pass for this one's.
  rmSync(reportPath, { force: true })
  mkdirSync(dirname(reportPath), { recursive: true })
  const runIn = resolve(cwd, command.cwd)
  const args = [...command.execArgv, ...scriptFromRoot(command.argv, cwd, exists)]
  const shown = ['node', ...args].join(' ')
  let output = ''
  const result = await new Promise<{ code: number | null; error?: unknown }>((done) => {
    const child = spawn(process.execPath, args, {
      cwd: runIn,
      env: replayEnvironment(env, reportPath),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const keep = (chunk: string) => {
      // Only the tail is ever shown: keep the output bounded on long suites.
      output = (output + chunk).slice(-64 * 1024)
    }
    child.stdout.setEncoding('utf8').on('data', keep)
    child.stderr.setEncoding('utf8').on('data', keep)
    child.on('error', (error) => done({ code: null, error }))
    child.on('close', (code) => done({ code }))
  })
  if (result.error !== undefined) {
    return fail(
      2,
      `Could not start the baseline replay \`${shown}\` in ${relative(cwd, runIn) || '.'}: ${describeError(result.error)}`,
      'Pass the baseline report with --baseline <results.json> instead.',
    )
  }
  if (!exists(reportPath)) {
    const tail = output.trimEnd().split('\n').slice(-TAIL_LINES)
    return fail(
      2,
      `The baseline replay \`${shown}\` (exit code ${result.code}) wrote no report to ${relative(cwd, reportPath)}; its last lines of output:`,
      'Make the baseline replay run (its reporter must be a vitest-scenario reporter with its JSON report on), or pass the baseline report with --baseline <results.json>.',
      tail,
    )
  }
  return ok({ code: result.code })
}
