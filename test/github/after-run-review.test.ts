import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reviewAfterRun } from '../../src/github/after-run-review.js'
import { ScenarioReporter } from '../../src/hosts/vitest/reporter/index.js'
import { reportOf, runOf, testOf } from '../compare/support/report-builder.js'
import { type GithubApi, startGithubApi } from '../support/github-api/index.js'
import { repoRoot } from '../support/paths.js'

// The reporters' `github` option in this process: when it posts, when it says why it does not,
// and that nothing it meets is thrown.
const TOKEN = 'ghs_fakeAfterRunToken00000000000000000000'
const HEAD = '5'.repeat(40)
const root = join(repoRoot, 'test-results/after-run-review')
let api: GithubApi

beforeAll(async () => {
  api = await startGithubApi({
    token: TOKEN,
    repositories: [{ fullName: 'octo-org/octo-repo', issues: { 3: [] } }],
  })
  rmSync(root, { recursive: true, force: true })
  mkdirSync(join(root, 'test-results/baseline'), { recursive: true })
  const passing = reportOf([testOf({ test: 'a', runs: [runOf({ passed: true })] })], {
    createdAt: new Date().toISOString(),
  })
  writeFileSync(join(root, 'test-results/results.json'), JSON.stringify(passing))
  writeFileSync(join(root, 'test-results/baseline/results.json'), JSON.stringify(passing))
  writeFileSync(
    join(root, 'event.json'),
    JSON.stringify({ pull_request: { number: 3, head: { sha: HEAD }, base: { ref: 'main' } } }),
  )
})

afterAll(async () => {
  await api?.close()
})

function actions(env: Record<string, string | undefined> = {}) {
  return {
    GITHUB_ACTIONS: 'true',
    GITHUB_TOKEN: TOKEN,
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_API_URL: api.url,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(root, 'event.json'),
    ...env,
  }
}

async function review(
  overrides: Partial<Parameters<typeof reviewAfterRun>[0]> = {},
): Promise<{ printed: string[]; errors: string[] }> {
  const printed: string[] = []
  const errors: string[] = []
  await reviewAfterRun({
    option: { suite: 'unit' },
    root,
    json: undefined,
    wrote: () => true,
    env: actions(),
    print: (line) => printed.push(line),
    printError: (message) => errors.push(message),
    ...overrides,
  })
  return { printed, errors }
}

describe('reviewAfterRun', () => {
  test('in GitHub Actions: posts the comment and the check; prints what it posted', async () => {
    const { printed, errors } = await review()
    expect(errors).toEqual([])
    expect(printed.join('\n')).toMatch(/Created the comment on pull request #3/)
    expect(api.checkRuns.at(-1)).toMatchObject({
      name: 'vitest-scenario (unit)',
      conclusion: 'success',
      head_sha: HEAD,
    })
  })

  /** A case: what differs from a posting run (`env` on top of the Actions one), and the lines. */
  type Case = [
    Partial<Omit<Parameters<typeof reviewAfterRun>[0], 'env'>> & {
      env?: Record<string, string | undefined>
    },
    RegExp[],
  ]
  test.each<Case>([
    [{ option: false }, []],
    [{ option: undefined }, []],
    [{ env: { GITHUB_ACTIONS: undefined } }, [/this run is not in GitHub Actions/]],
    [{ shard: '2/3' }, [/this is shard 2\/3 of the run; merge the shards' reports first/]],
    [{ env: { VITEST_SCENARIO_CANDIDATE: 'next' } }, [/this is a run of candidate 'next'/]],
  ])('%o: posts nothing, says why in one line', async ({ env, ...overrides }, expected) => {
    const before = api.requests.length
    const { printed, errors } = await review({ ...overrides, env: actions(env) })
    expect(errors).toEqual([])
    expect(printed).toHaveLength(expected.length)
    for (const [i, pattern] of expected.entries()) expect(printed[i]).toMatch(pattern)
    expect(api.requests.length).toBe(before)
  })

  test('no JSON report written: a [vitest-scenario] message, nothing posted', async () => {
    const before = api.requests.length
    const { errors } = await review({ wrote: () => false })
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^\[vitest-scenario\] The reporter's github option posted nothing: this run wrote no JSON report/,
    )
    expect(api.requests.length).toBe(before)
  })

  test('a refused token and a broken environment are messages, never thrown, the token masked', async () => {
    const wrong = 'ghs_fakeRefusedToken1111111111111111111111'
    const refused = await review({ env: actions({ GITHUB_TOKEN: wrong }) })
    expect(refused.errors.join('\n')).toMatch(/^\[vitest-scenario\] /)
    expect(refused.errors.join('\n')).not.toContain(wrong)
    const missing = await review({ env: actions({ GITHUB_REPOSITORY: undefined }) })
    expect(missing.errors).toEqual([expect.stringMatching(/GITHUB_REPOSITORY is not set/)])
    const throwing = await review({
      wrote: () => {
        throw new Error(`boom ${TOKEN}`)
      },
    })
    expect(throwing.errors).toEqual([
      expect.stringMatching(
        /^\[vitest-scenario\] The reporter's github option failed: boom \[secret\]/,
      ),
    ])
  })
})

describe('the reporter option', () => {
  test('takes true or { baseline, suite, baselineMaxAgeDays }; anything else names the shape', () => {
    expect(new ScenarioReporter({ github: true }).options).toEqual({ github: true })
    expect(
      new ScenarioReporter({ github: { suite: 'e2e', baselineMaxAgeDays: 3, baseline: 'b.json' } })
        .options.github,
    ).toEqual({ suite: 'e2e', baselineMaxAgeDays: 3, baseline: 'b.json' })
    expect(() => new ScenarioReporter({ github: 'yes' } as never)).toThrow(
      /`github`: true, or \{ baseline\?/,
    )
    expect(() => new ScenarioReporter({ github: { suite: 'a b' } })).toThrow(/a suite name/)
    expect(() => new ScenarioReporter({ github: { baselineMaxAgeDays: -1 } })).toThrow(/at least 0/)
    expect(() => new ScenarioReporter({ github: { days: 3 } } as never)).toThrow(/days/)
  })
})
