import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Comparison } from '../../src/compare/comparison.js'
import type { ResultsReport } from '../../src/results/results-report.js'
import {
  type FakeCheckRun,
  type GithubApi,
  secondaryRateLimitBody,
  startGithubApi,
} from '../support/github-api/index.js'
import type { RunResult } from '../support/run.js'
import {
  prepareSample,
  projectFiles,
  runVitestAsync,
  spawnAsync,
} from '../support/sample-project.js'

// A pull request reviewed in CI, on test/projects/github with the packed package: the base
// branch's run and the pull request's run (one test regresses) are real Vitest runs; then the
// packed bin's `github` posts to a GitHub API this test runs on 127.0.0.1, which checks the
// token, the payloads and the comment's marker as GitHub would.
const TOKEN = 'ghs_fakeReviewToken0123456789abcdefABCDEF'
const REPOSITORY = 'octo-org/octo-repo'
const PR = 7
const HEAD = '1'.repeat(40)
const BASE = '2'.repeat(40)
const MERGE = '3'.repeat(40)

let api: GithubApi
let dir: string

/** Every GITHUB_* variable of this process removed: the test's own CI must not leak in. */
const CLEARED: Record<string, undefined> = Object.fromEntries(
  Object.keys(process.env)
    .filter((name) => name.startsWith('GITHUB_') || name.startsWith('RUNNER_'))
    .map((name) => [name, undefined]),
)

function writeEvent(name: string, baseSha: string): string {
  const path = join(dir, 'events', name)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(
    path,
    JSON.stringify({
      action: 'synchronize',
      number: PR,
      pull_request: {
        number: PR,
        head: { sha: HEAD, ref: 'feature' },
        base: { sha: baseSha, ref: 'main' },
      },
    }),
  )
  return path
}

/** A pull_request job's environment, pointed at the fake API. */
function actions(env: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    ...CLEARED,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_TOKEN: TOKEN,
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_API_URL: api.url,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(dir, 'events/pull-request.json'),
    GITHUB_SHA: MERGE,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '4242',
    ...env,
  }
}

/** The packed package's bin, run by Node in the project without blocking the fake API. */
function bin(args: string[], env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return spawnAsync(
    dir,
    [join(dir, 'node_modules/vitest-scenario/dist/src/cli/main.js'), ...args],
    actions(env),
  )
}

/** The reporter runs write their own report, leaving the command's tests theirs. */
const OWN_REPORT = { VITEST_SCENARIO_RESULTS: 'test-results/reporter/results.json' }

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(dir, path), 'utf8')) as T

/** The requests to a route since `from`. */
const requestsTo = (route: string, from = 0) =>
  api.requests.slice(from).filter((request) => request.route === route)

const lastCheck = (): FakeCheckRun => {
  const check = api.checkRuns.at(-1)
  if (check === undefined) throw new Error('no Check Run was created')
  return check
}

const botComments = () => api.comments(REPOSITORY, PR).filter((c) => c.user.type === 'Bot')

beforeAll(async () => {
  api = await startGithubApi({
    token: TOKEN,
    repositories: [{ fullName: REPOSITORY, issues: { [PR]: [{ body: 'Looks good to me!' }] } }],
    marker: /^<!-- vitest-scenario:review:[A-Za-z0-9._/-]+ -->$/,
  })
  dir = prepareSample('github')
  writeEvent('pull-request.json', BASE)
}, 60_000)

afterAll(async () => {
  await api?.close()
})

describe('vitest-scenario github posts the review of a pull request', () => {
  test('the base branch runs and saves its report; the pull request runs with one test regressed', async () => {
    const base = await runVitestAsync(
      dir,
      [],
      { ...CLEARED, CI: 'true', GITHUB_SHA: BASE, GITHUB_REF_NAME: 'main' },
      { configReporters: true },
    )
    expect(base.code, base.output).toBe(0)
    mkdirSync(join(dir, 'saved'), { recursive: true })
    copyFileSync(join(dir, 'test-results/results.json'), join(dir, 'saved/baseline.json'))
    const pull = await runVitestAsync(
      dir,
      [],
      {
        ...CLEARED,
        CI: 'true',
        SAMPLE_REGRESS: '1',
        GITHUB_SHA: MERGE,
        GITHUB_HEAD_REF: 'feature',
      },
      { configReporters: true },
    )
    expect(pull.code, pull.output).toBe(1)
    // Where the workflow's download step puts the base branch's artifact.
    mkdirSync(join(dir, 'test-results/baseline'), { recursive: true })
    copyFileSync(join(dir, 'saved/baseline.json'), join(dir, 'test-results/baseline/results.json'))
    const report = readJson<ResultsReport>('test-results/results.json')
    expect(report.commit).toBe(MERGE)
    expect(report.failOn).toEqual({ regressed: 0 })
  }, 180_000)

  test('first run: creates the comment and a failing Check Run on the head commit (a gate failed), exit 1', async () => {
    const from = api.requests.length
    const result = await bin(['github'])
    expect(result.code, result.output).toBe(1)
    expect(result.stdout).toMatch(
      /Created the comment on pull request #7: https:\/\/github\.com\/octo-org\/octo-repo\/pull\/7#issuecomment-\d+/,
    )
    expect(result.stdout).toMatch(/Posted the Check Run 'vitest-scenario' on 1{40}: failure/)
    const [comment, ...more] = botComments()
    expect(more).toEqual([])
    expect(comment?.body.split('\n')[0]).toBe('<!-- vitest-scenario:review:default -->')
    expect(comment?.body).toContain('## ❌ vitest-scenario: failure')
    expect(comment?.body).toContain('names the BCL-2 inhibitor')
    expect(comment?.body).toContain('1 test regressed; failOn.regressed allows 0')
    // The human's comment is left alone.
    expect(api.comments(REPOSITORY, PR)[0]?.body).toBe('Looks good to me!')
    const check = lastCheck()
    expect(check).toMatchObject({
      name: 'vitest-scenario',
      head_sha: HEAD,
      status: 'completed',
      conclusion: 'failure',
      details_url: 'https://github.example/octo-org/octo-repo/actions/runs/4242',
      repository: REPOSITORY,
    })
    expect(check.output.title).toBe('Gate failed · 1 regressed, 1 still passing')
    expect(check.output.summary).toContain('**A gate failed.**')
    expect(check.output.text).toContain('# Comparison')
    for (const request of api.requests.slice(from)) {
      expect(request.headers).toMatchObject({
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'vitest-scenario',
      })
      expect(request.status).toBeLessThan(300)
    }
    const comparison = readJson<Comparison>('test-results/compare.json')
    expect(comparison.counts.regressed).toBe(1)
    expect(comparison.baseline.commit).toBe(BASE)
  }, 120_000)

  test('second run: updates the same comment in place; a flag relaxing the gate makes it success, exit 0', async () => {
    const [before] = botComments()
    const result = await bin(['github', '--fail-on-regressed', '1'])
    expect(result.code, result.output).toBe(0)
    expect(result.stdout).toMatch(/Updated the comment on pull request #7/)
    const comments = botComments()
    expect(comments).toHaveLength(1)
    expect(comments[0]?.id).toBe(before?.id)
    expect(comments[0]?.body).toContain('## ✅ vitest-scenario: success')
    expect(lastCheck()).toMatchObject({ conclusion: 'success', head_sha: HEAD })
    expect(lastCheck().output.title).toBe('1 regressed, 1 still passing')
  }, 120_000)

  test('a missing baseline: neutral with the reason, this run shown alone, exit 0', async () => {
    const result = await bin([
      'github',
      '--baseline',
      'test-results/none/results.json',
      '--suite',
      'nobase',
    ])
    expect(result.code, result.output).toBe(0)
    const check = lastCheck()
    expect(check.name).toBe('vitest-scenario (nobase)')
    expect(check.conclusion).toBe('neutral')
    expect(check.output.title).toBe('No baseline · 2 tests: 1 passed, 1 failed')
    expect(check.output.summary).toContain(
      'There is no baseline report at test-results/none/results.json',
    )
    const comment = botComments().find((c) =>
      c.body.startsWith('<!-- vitest-scenario:review:nobase -->'),
    )
    expect(comment?.body).toContain('### This run')
    expect(botComments()).toHaveLength(2)
  }, 120_000)

  test('a stale baseline: neutral with its age, the comparison still shown, exit 0 despite the gate', async () => {
    const stale = readJson<ResultsReport>('saved/baseline.json')
    stale.createdAt = new Date(Date.now() - 30 * 86_400_000).toISOString()
    writeFileSync(join(dir, 'saved/stale.json'), JSON.stringify(stale))
    const result = await bin(['github', '--baseline', 'saved/stale.json', '--suite', 'stale'])
    expect(result.code, result.output).toBe(0)
    const check = lastCheck()
    expect(check.conclusion).toBe('neutral')
    expect(check.output.title).toBe('Baseline 30 days old · 1 regressed, 1 still passing')
    expect(check.output.summary).toContain('more than baselineMaxAgeDays (7)')
    expect(check.output.text).toContain('# Comparison')
    // A longer limit makes the same baseline count: the gate decides again.
    const allowed = await bin([
      'github',
      '--baseline',
      'saved/stale.json',
      '--suite',
      'stale',
      '--baseline-max-age-days',
      '45',
    ])
    expect(allowed.code, allowed.output).toBe(1)
    expect(lastCheck().conclusion).toBe('failure')
  }, 120_000)

  test('an unreadable baseline: neutral with the reader’s reason, its message on stderr', async () => {
    writeFileSync(join(dir, 'saved/broken.json'), '{"kind":"something else"}')
    const result = await bin(['github', '--baseline', 'saved/broken.json', '--suite', 'broken'])
    expect(result.code, result.output).toBe(0)
    expect(result.stderr).toMatch(/^\[vitest-scenario\] The results report cannot be read/m)
    expect(lastCheck().conclusion).toBe('neutral')
    expect(lastCheck().output.title).toMatch(/^Baseline unreadable · /)
  }, 120_000)

  test('a 502 then 200 is retried after a backoff', async () => {
    const from = api.requests.length
    api.failNext('create-check-run', [{ status: 502 }])
    const result = await bin(['github', '--fail-on-regressed', '1'])
    expect(result.code, result.output).toBe(0)
    const [failed, retried, ...rest] = requestsTo('create-check-run', from)
    expect(rest).toEqual([])
    expect([failed?.status, retried?.status]).toEqual([502, 201])
    expect((retried?.time ?? 0) - (failed?.time ?? 0)).toBeGreaterThanOrEqual(900)
    expect(result.stderr).toMatch(/502/)
  }, 120_000)

  test('a 403 secondary rate limit with retry-after waits that long, then posts', async () => {
    const from = api.requests.length
    api.failNext('update-comment', [
      { status: 403, headers: { 'retry-after': '2' }, body: secondaryRateLimitBody() },
    ])
    const result = await bin(['github', '--fail-on-regressed', '1'])
    expect(result.code, result.output).toBe(0)
    const [limited, retried] = requestsTo('update-comment', from)
    expect([limited?.status, retried?.status]).toEqual([403, 200])
    expect((retried?.time ?? 0) - (limited?.time ?? 0)).toBeGreaterThanOrEqual(1900)
    expect(result.stdout).toMatch(/Updated the comment/)
  }, 120_000)

  test('a push event: only the Check Run, on GITHUB_SHA, and the output says no comment was posted', async () => {
    const comments = botComments().length
    const result = await bin(['github', '--fail-on-regressed', '1'], { GITHUB_EVENT_NAME: 'push' })
    expect(result.code, result.output).toBe(0)
    expect(result.stdout).toMatch(/No comment was posted: the event is not a pull request/)
    expect(lastCheck().head_sha).toBe(MERGE)
    expect(botComments()).toHaveLength(comments)
  }, 120_000)

  test('the reporter’s github option: a real run posts its own review; the test run’s exit code is the tests’', async () => {
    const from = api.requests.length
    const result = await runVitestAsync(
      dir,
      [],
      actions({ ...OWN_REPORT, SAMPLE_GITHUB: '1', SAMPLE_REGRESS: '1' }),
      { configReporters: true },
    )
    // One test failed: exit 1 from the test, not from the review.
    expect(result.code, result.output).toBe(1)
    expect(result.output).toMatch(/Created the comment on pull request #7/)
    expect(result.output).toMatch(
      /Posted the Check Run 'vitest-scenario \(reporter\)' on 1{40}: failure/,
    )
    const comment = botComments().find((c) =>
      c.body.startsWith('<!-- vitest-scenario:review:reporter -->'),
    )
    expect(comment?.body).toContain('## ❌ vitest-scenario (reporter): failure')
    expect(lastCheck()).toMatchObject({
      name: 'vitest-scenario (reporter)',
      conclusion: 'failure',
      head_sha: HEAD,
    })
    expect(requestsTo('create-check-run', from)).toHaveLength(1)
    expect(result.output).not.toContain(TOKEN)
  }, 180_000)

  test('the reporter’s github option posts nothing outside GitHub Actions, nor from one shard, and says why', async () => {
    const from = api.requests.length
    const local = await runVitestAsync(
      dir,
      [],
      actions({ ...OWN_REPORT, SAMPLE_GITHUB: '1', GITHUB_ACTIONS: undefined }),
      { configReporters: true },
    )
    expect(local.code, local.output).toBe(0)
    expect(local.output).toMatch(
      /vitest-scenario: the reporter's github option posted nothing: this run is not in GitHub Actions/,
    )
    const shard = await runVitestAsync(
      dir,
      ['--shard=1/2'],
      actions({ ...OWN_REPORT, SAMPLE_GITHUB: '1' }),
      {
        configReporters: true,
      },
    )
    expect(shard.code, shard.output).toBe(0)
    expect(shard.output).toMatch(
      /posted nothing: this is shard 1\/2 of the run; merge the shards' reports first/,
    )
    expect(api.requests.length).toBe(from)
  }, 180_000)

  test('--dry-run prints the comment and the check, posts nothing, and needs no token', async () => {
    const from = api.requests.length
    const event = writeEvent('moved-base.json', '4'.repeat(40))
    const result = await bin(['github', '--dry-run'], {
      GITHUB_TOKEN: undefined,
      GITHUB_EVENT_PATH: event,
    })
    // The gate fails as it would when posting.
    expect(result.code, result.output).toBe(1)
    expect(result.stdout).toMatch(/^Dry run: nothing was posted\./)
    expect(result.stdout).toMatch(
      /Would post the Check Run 'vitest-scenario' on 1{40}: failure — Gate failed/,
    )
    expect(result.stdout).toContain('<!-- vitest-scenario:review:default -->')
    // The baseline's commit is not the pull request's base: said, not made neutral.
    expect(result.stdout).toContain("this pull request's base (main) is 4444444")
    expect(api.requests.length).toBe(from)
  }, 120_000)

  test('no GITHUB_TOKEN: exit 2 with what to set', async () => {
    const result = await bin(['github'], { GITHUB_TOKEN: undefined })
    expect(result.code, result.output).toBe(2)
    expect(result.stderr).toMatch(/^\[vitest-scenario\] GITHUB_TOKEN is not set/)
    expect(result.stderr).toContain('secrets.GITHUB_TOKEN')
  }, 120_000)

  test('a bad token: a clear error, exit 1, and no token in any output or file', async () => {
    const wrong = 'ghs_fakeWrongToken9876543210zyxwvuZYXWVU'
    const result = await bin(['github'], { GITHUB_TOKEN: wrong })
    expect(result.code, result.output).toBe(1)
    expect(result.stderr).toMatch(/^\[vitest-scenario\] /m)
    expect(result.stderr).toMatch(/401|[Bb]ad credentials/)
    expect(result.stderr).toContain('secrets.GITHUB_TOKEN')
    for (const token of [wrong, TOKEN]) {
      expect(result.stdout).not.toContain(token)
      expect(result.stderr).not.toContain(token)
      for (const [path, text] of projectFiles(dir, join(dir, 'test-results'))) {
        expect(text.includes(token), path).toBe(false)
      }
    }
    // Nothing else was tried with a refused token.
    expect(api.requests.at(-1)?.status).toBe(401)
  }, 120_000)
})
