import { spawn } from 'node:child_process'
import { join } from 'node:path'
import type { CliContext, CliInput } from '../../src/cli/cli-context.js'
import { runCli } from '../../src/cli/run-cli.js'
import { repoRoot } from '../support/paths.js'
import type { RunResult } from '../support/run.js'

/** What a command printed and its exit code, run in this process from the sources. */
export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs the bin's `args` in `cwd` in this process, capturing both streams; `stdin` feeds keys. */
export async function cli(
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
  stdin?: CliInput,
): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const context: CliContext = {
    cwd,
    env,
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
    },
    colors: false,
    stdin,
  }
  const code = await runCli(args, context)
  return { code, stdout, stderr }
}

/** The built bin, as npm links it. */
export const BIN = join(repoRoot, 'dist/src/cli/main.js')

/** Runs the built bin as its own process (by its path: the `#!` line and mode make it run). */
export function spawnBin(
  args: readonly string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
): Promise<RunResult> {
  const merged: Record<string, string> = {}
  for (const [name, value] of Object.entries({ ...process.env, NO_COLOR: '1', ...env })) {
    if (value !== undefined) merged[name] = value
  }
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, [...args], { cwd, env: merged })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr, output: `${stdout}\n${stderr}` }))
  })
}
