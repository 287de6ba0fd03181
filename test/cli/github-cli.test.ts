import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { reportOf, runOf, testOf } from '../compare/support/report-builder.js'
import { repoRoot } from '../support/paths.js'
import { cli } from './cli-context.js'

// `vitest-scenario github`'s input errors and its dry run, in this process: exit 2 with a
// [vitest-scenario] message for bad usage or input, never a post.
const dir = join(repoRoot, 'test-results/github-cli')

/** No GitHub variable of this process: each test sets what it is about. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('GITHUB_')) clean[name] = value
  }
  return { ...clean, ...extra }
}

beforeAll(() => {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'test-results'), { recursive: true })
  const report = reportOf([testOf({ test: 'a', runs: [runOf({ passed: true })] })], {
    createdAt: new Date().toISOString(),
  })
  writeFileSync(join(dir, 'test-results/results.json'), JSON.stringify(report))
})

describe('vitest-scenario github', () => {
  test.each([
    [['--frob'], /Bad arguments for `vitest-scenario github`/],
    [['extra'], /takes no arguments besides its flags; got 'extra'/],
    [
      ['--baseline-max-age-days', 'week'],
      /--baseline-max-age-days takes a number, at least 0; got 'week'/,
    ],
    [['--fail-on-regressed', '1.5'], /--fail-on-regressed takes a whole number/],
    [
      ['--suite', 'two words', '--dry-run'],
      /The suite name 'two words' cannot name a comment marker/,
    ],
    [
      ['--report', 'none.json', '--dry-run'],
      /The results report cannot be read: there is no such file/,
    ],
    [[], /GITHUB_TOKEN is not set/],
  ])('%o: exit 2 with what to do', async (args, message) => {
    const result = await cli(['github', ...args], dir, env())
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toMatch(/^\[vitest-scenario\] /)
    expect(result.stderr).toMatch(message)
    expect(result.stdout).toBe('')
  })

  test('GITHUB_REPOSITORY missing: exit 2', async () => {
    const result = await cli(
      ['github'],
      dir,
      env({ GITHUB_TOKEN: 'ghs_fakeCliToken000000000000000000000' }),
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/GITHUB_REPOSITORY is not set/)
    expect(result.stderr).not.toContain('ghs_fakeCliToken')
  })

  test('--dry-run without a baseline: neutral, the run alone; no pull request, so no comment', async () => {
    const result = await cli(['github', '--dry-run'], dir, env())
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(
      /^Dry run: nothing was posted\.\nWould post the Check Run 'vitest-scenario' on \(no head commit known\): neutral — No baseline · 1 test: 1 passed\nNo comment would be posted: the event is not a pull request/,
    )
  })

  test('--help prints the usage with the command', async () => {
    const result = await cli(['github', '--help'], dir, env())
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^ {2}github \[options\]/m)
    expect(result.stdout).toContain('--baseline-max-age-days <n>')
  })
})
