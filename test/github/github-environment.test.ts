import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { readGithubContext } from '../../src/github/github-environment.js'
import { repoRoot } from '../support/paths.js'

const dir = join(repoRoot, 'test-results/github-environment')
mkdirSync(dir, { recursive: true })

const HEAD = 'a'.repeat(40)
const BASE = 'b'.repeat(40)
const MERGE = 'c'.repeat(40)

function eventFile(name: string, payload: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, typeof payload === 'string' ? payload : JSON.stringify(payload))
  return path
}

const pullRequestEvent = eventFile('pull-request.json', {
  action: 'synchronize',
  number: 7,
  pull_request: {
    number: 7,
    head: { sha: HEAD, ref: 'feature' },
    base: { sha: BASE, ref: 'main' },
  },
})

const actions = (env: Record<string, string | undefined> = {}) => ({
  GITHUB_TOKEN: 'ghs_fakeEnvironmentToken0000000000000',
  GITHUB_REPOSITORY: 'octo-org/octo-repo',
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_EVENT_PATH: pullRequestEvent,
  GITHUB_SHA: MERGE,
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_RUN_ID: '42',
  ...env,
})

describe('readGithubContext', () => {
  test('a pull_request event: the pull request, its head commit (not the merge commit), the run page', () => {
    const context = readGithubContext(actions(), { dryRun: false })
    expect(context).toEqual({
      ok: true,
      value: {
        token: 'ghs_fakeEnvironmentToken0000000000000',
        owner: 'octo-org',
        repo: 'octo-repo',
        apiUrl: 'https://api.github.com',
        pullRequest: { number: 7, headSha: HEAD, baseRef: 'main', baseSha: BASE },
        headSha: HEAD,
        detailsUrl: 'https://github.com/octo-org/octo-repo/actions/runs/42',
      },
    })
  })

  test('pull_request_target reads the same payload; GITHUB_API_URL is honoured without its trailing slash', () => {
    const context = readGithubContext(
      actions({
        GITHUB_EVENT_NAME: 'pull_request_target',
        GITHUB_API_URL: 'http://127.0.0.1:9/api/v3/',
      }),
      { dryRun: false },
    )
    expect(context.ok && context.value.apiUrl).toBe('http://127.0.0.1:9/api/v3')
    expect(context.ok && context.value.pullRequest?.number).toBe(7)
  })

  test('a push event: no pull request, the check goes on GITHUB_SHA', () => {
    const context = readGithubContext(actions({ GITHUB_EVENT_NAME: 'push' }), { dryRun: false })
    expect(context.ok && context.value.pullRequest).toBeUndefined()
    expect(context.ok && context.value.headSha).toBe(MERGE)
  })

  test.each([
    [
      { GITHUB_TOKEN: undefined },
      /GITHUB_TOKEN is not set[\s\S]*secrets\.GITHUB_TOKEN[\s\S]*--dry-run/,
    ],
    [{ GITHUB_TOKEN: '  ' }, /GITHUB_TOKEN is not set/],
    [{ GITHUB_REPOSITORY: undefined }, /GITHUB_REPOSITORY is not set/],
    [
      { GITHUB_REPOSITORY: 'just-a-name' },
      /GITHUB_REPOSITORY is 'just-a-name', not <owner>\/<repo>/,
    ],
    [
      { GITHUB_API_URL: 'api.github.com' },
      /GITHUB_API_URL is 'api.github.com', not an http\(s\) address/,
    ],
    [{ GITHUB_EVENT_NAME: 'push', GITHUB_SHA: undefined }, /No commit to put the Check Run on/],
    [{ GITHUB_EVENT_PATH: join(dir, 'absent.json') }, /payload cannot be read[\s\S]*absent\.json/],
    [{ GITHUB_EVENT_PATH: eventFile('not-json.json', '{') }, /payload cannot be read/],
    [
      { GITHUB_EVENT_PATH: eventFile('no-number.json', { pull_request: { head: { sha: HEAD } } }) },
      /no pull request number \(pull_request\.number\)/,
    ],
    [
      {
        GITHUB_EVENT_PATH: eventFile('no-head.json', {
          pull_request: { number: 3, head: { sha: 'abc' } },
        }),
      },
      /no head commit \(pull_request\.head\.sha\)/,
    ],
  ])('%o is refused with what to do', (env, message) => {
    const context = readGithubContext(actions(env), { dryRun: false })
    expect(context.ok).toBe(false)
    if (context.ok) return
    expect(context.message).toMatch(/^\[vitest-scenario\] /)
    expect(context.message).toMatch(message)
  })

  test('a dry run needs no token, repository or commit', () => {
    const context = readGithubContext({}, { dryRun: true })
    expect(context).toEqual({ ok: true, value: { apiUrl: 'https://api.github.com' } })
  })
})
