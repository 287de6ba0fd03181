// What a JSON report says about the run beside its tests: the commit and branch it tested and the
// command that ran it. Each is best effort: a run outside git, or with no git installed, writes
// a report without a commit, and never fails for it.
import { execFileSync } from 'node:child_process'
import { isAbsolute, relative } from 'node:path'
import type { ResultsCommand } from './results-report.js'

/** How long one `git` call may take: a report is not worth a hung run. */
const GIT_TIMEOUT_MS = 3_000

/** The environment a report reads (`process.env` by default). */
export type Environment = Readonly<Record<string, string | undefined>>

/**
 * The commit the run tested: `GITHUB_SHA` in GitHub Actions, else `git rev-parse HEAD` in `root`;
 * `undefined` when neither tells.
 *
 * @example
 * runCommit('/project') // '8c8633c…' inside a git checkout
 */
export function runCommit(root: string, env: Environment = process.env): string | undefined {
  return set(env.GITHUB_SHA) ?? git(root, ['rev-parse', 'HEAD'])
}

/**
 * The branch the run tested: the pull request's head branch (`GITHUB_HEAD_REF`), else
 * `GITHUB_REF_NAME`, else git's current branch; `undefined` on a detached head outside Actions.
 *
 * @example
 * runBranch('/project') // 'main'
 */
export function runBranch(root: string, env: Environment = process.env): string | undefined {
  const branch =
    set(env.GITHUB_HEAD_REF) ??
    set(env.GITHUB_REF_NAME) ??
    git(root, ['rev-parse', '--abbrev-ref', 'HEAD'])
  // `HEAD` is git's word for "no branch" (a detached checkout), not a branch's name.
  return branch === 'HEAD' ? undefined : branch
}

/**
 * The command line that ran the tests, to run them again: Node's flags, the script (relative to
 * `root` when it is inside it, so the report reads the same on another machine) and its
 * arguments, and the working directory relative to `root`. Every part goes through `mask`.
 *
 * @example
 * runCommand('/project', (text) => text).argv // ['node_modules/vitest/vitest.mjs', 'run']
 */
export function runCommand(root: string, mask: (text: string) => string): ResultsCommand {
  const [script, ...rest] = process.argv.slice(1)
  const argv = script === undefined ? [] : [inside(root, script), ...rest]
  return {
    execArgv: process.execArgv.map(mask),
    argv: argv.map(mask),
    cwd: mask(relative(root, process.cwd())),
  }
}

/** `path` relative to `root` when it lies inside it; else as it is. */
function inside(root: string, path: string): string {
  if (!isAbsolute(path)) return path
  const out = relative(root, path)
  return out === '' || out.startsWith('..') || isAbsolute(out) ? path : out
}

function set(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

/** One line of `git`'s output, or `undefined` when git is missing, fails or takes too long. */
function git(root: string, args: string[]): string | undefined {
  try {
    const out = execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      timeout: GIT_TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'ignore'],
      windowsHide: true,
    })
    return set(out.split('\n')[0])
  } catch {
    // Not a checkout, no git on PATH, or too slow: the report goes without.
    return undefined
  }
}
