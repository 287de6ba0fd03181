import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { repoRoot } from './paths.js'

/** What a spawned command did: its exit code and everything it printed. */
export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
  /** stdout and stderr together, for assertions that do not care which stream a line went to. */
  output: string
}

/** Runs a command to completion without a shell; the environment is the test's, plus `env`. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): RunResult {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
  })
  if (result.error) throw result.error
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    output: `${result.stdout}\n${result.stderr}`,
  }
}

/** Runs a tool from the repository's `node_modules/.bin` under the Node running the tests. */
export function runBin(
  bin: string,
  args: readonly string[],
  options?: Parameters<typeof run>[2],
): RunResult {
  return run(process.execPath, [join(repoRoot, 'node_modules/.bin', bin), ...args], options)
}
