import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { githubClient } from '../../src/github/github-client.js'
import { backoffMs } from '../../src/github/retry-policy.js'
import {
  type GithubApi,
  type RecordedGithubRequest,
  secondaryRateLimitBody,
  startGithubApi,
} from '../support/github-api/index.js'
import { HEAD_SHA, REPO, recordingClient, TOKEN } from './github-fixtures.js'

// The client against a fake GitHub on 127.0.0.1: what it sends, how it waits out failures GitHub
// really gives (5xx, secondary rate limits, a spent quota, dropped connections), how it fails
// for good (401/403/404/422) and that no message or log line ever holds the token.
let api: GithubApi
let seen: number

const CHECKS = `/repos/${REPO}/check-runs`
const COMMENTS = `/repos/${REPO}/issues/3/comments`
const check = {
  name: 'vitest-scenario',
  head_sha: HEAD_SHA,
  conclusion: 'success',
  output: { title: 't', summary: 's' },
}

beforeAll(async () => {
  api = await startGithubApi({
    token: TOKEN,
    repositories: [
      {
        fullName: REPO,
        issues: { 3: Array.from({ length: 250 }, (_, i) => ({ body: `comment ${i}` })), 4: [] },
      },
    ],
  })
})

afterAll(async () => {
  await api?.close()
})

beforeEach(() => {
  seen = api.requests.length
})

/** The requests of the current test. */
const requests = (): RecordedGithubRequest[] => api.requests.slice(seen)

/** Every text a result and the logs hold, to look for the token in. */
const everything = (result: unknown, logs: readonly string[]) =>
  JSON.stringify(result) + logs.join('\n')

describe('githubClient', () => {
  test('sends the token as a Bearer header with GitHub’s accept, version and user agent', async () => {
    const { client } = recordingClient(api)
    const result = await client.request<{ id: number }>('POST', CHECKS, check)
    expect(result).toMatchObject({
      ok: true,
      value: { status: 201, data: { name: 'vitest-scenario' } },
    })
    const [sent] = requests()
    expect(sent?.headers).toMatchObject({
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'user-agent': 'vitest-scenario',
      'content-type': 'application/json; charset=utf-8',
    })
    expect(sent?.body).toEqual(check)
  })

  test('tries a 502 again after a second and takes the 200 that follows', async () => {
    api.failNext('create-check-run', [{ status: 502 }])
    const { client, waits, logs } = recordingClient(api, { realBelowMs: 5000 })
    const result = await client.request('POST', CHECKS, check)
    expect(result.ok).toBe(true)
    expect(requests().map((r) => r.status)).toEqual([502, 201])
    expect(waits).toEqual([1000])
    const [first, second] = requests()
    expect((second?.time ?? 0) - (first?.time ?? 0)).toBeGreaterThanOrEqual(1000)
    expect(logs).toEqual([
      `[vitest-scenario] GitHub answered 502 to POST ${CHECKS}; trying again in 1 s (attempt 2 of 5)`,
    ])
  })

  test('backs off 1 s, 2 s, 4 s … up to 30 s, and gives up after maxAttempts with the last status', async () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
    api.failNext('create-check-run', [{ status: 503 }, { status: 500 }, { status: 504 }])
    const { client, waits } = recordingClient(api, { maxAttempts: 3 })
    const result = await client.request('POST', CHECKS, check)
    expect(waits).toEqual([1000, 2000])
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.status).toBe(504)
    expect(result.error.message).toMatch(
      /^\[vitest-scenario\] GitHub answered 504 Gateway Timeout to every one of 3 attempts/,
    )
    expect(result.error.message).toContain('githubstatus.com')
  })

  test('a retry-after on a server error wins over the backoff', async () => {
    api.failNext('create-check-run', [{ status: 503, headers: { 'retry-after': '7' } }])
    const { client, waits } = recordingClient(api)
    expect((await client.request('POST', CHECKS, check)).ok).toBe(true)
    expect(waits).toEqual([7000])
  })

  test('tries a dropped connection again, and names an unreachable API', async () => {
    api.failNext('list-comments', [{ drop: true }])
    const retried = recordingClient(api)
    expect((await retried.client.request('GET', COMMENTS)).ok).toBe(true)
    expect(retried.waits).toEqual([1000])
    expect(retried.logs[0]).toMatch(
      /the request failed .* to GET \/repos\/acme\/widgets\/issues\/3\/comments/,
    )

    const closed = await startGithubApi({ token: TOKEN, repositories: [] })
    await closed.close()
    const { client, waits } = recordingClient(closed, { maxAttempts: 2 })
    const result = await client.request('GET', COMMENTS)
    expect(waits).toEqual([1000])
    expect(result).toMatchObject({ ok: false, error: { status: undefined } })
    if (result.ok) return
    expect(result.error.message).toMatch(
      /^\[vitest-scenario\] Could not reach the GitHub API \(ECONNREFUSED/,
    )
    expect(result.error.message).toContain('GITHUB_API_URL')
  })

  test('an attempt with no answer in time counts as a network failure and is tried again', async () => {
    api.failNext('create-check-run', [{ delayMs: 2000 }])
    const { client, waits, logs } = recordingClient(api, { timeoutMs: 300 })
    const started = performance.now()
    const result = await client.request('POST', CHECKS, check)
    expect(result.ok).toBe(true)
    expect(performance.now() - started).toBeLessThan(1800)
    expect(waits).toEqual([1000])
    expect(logs[0]).toContain('the request failed (no answer within 0.3 s)')
  })

  test('waits out a secondary rate limit’s retry-after (403), measured on the server', async () => {
    api.failNext('create-comment', [
      { status: 403, headers: { 'retry-after': '1' }, body: secondaryRateLimitBody() },
    ])
    const { client, waits, logs } = recordingClient(api, { realBelowMs: 5000 })
    const started = performance.now()
    const result = await client.request('POST', `/repos/${REPO}/issues/4/comments`, {
      body: 'hello',
    })
    expect(result.ok).toBe(true)
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000)
    const [first, second] = requests()
    expect((second?.time ?? 0) - (first?.time ?? 0)).toBeGreaterThanOrEqual(1000)
    expect(waits).toEqual([1000])
    expect(logs[0]).toContain("GitHub's rate limit (403)")
  })

  test('waits until x-ratelimit-reset when the quota is spent (429)', async () => {
    const reset = Math.floor(Date.now() / 1000) + 5
    api.failNext('create-check-run', [
      {
        status: 429,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      },
    ])
    const { client, waits } = recordingClient(api)
    expect((await client.request('POST', CHECKS, check)).ok).toBe(true)
    expect(waits).toHaveLength(1)
    // Until the reset, plus a second: between 5 and 7 s from when the answer came.
    expect(waits[0]).toBeGreaterThan(4000)
    expect(waits[0]).toBeLessThanOrEqual(7000)
  })

  test('waits 60 s for a rate limit GitHub names without saying how long', async () => {
    api.failNext('create-check-run', [{ status: 403, body: secondaryRateLimitBody() }])
    const { client, waits } = recordingClient(api)
    expect((await client.request('POST', CHECKS, check)).ok).toBe(true)
    expect(waits).toEqual([60_000])
  })

  test('does not wait over two minutes: it fails saying when to try again', async () => {
    for (const headers of [
      { 'retry-after': '300' },
      {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      },
    ]) {
      seen = api.requests.length
      api.failNext('create-check-run', [{ status: 403, headers, body: secondaryRateLimitBody() }])
      const { client, waits } = recordingClient(api)
      const result = await client.request('POST', CHECKS, check)
      expect(waits).toEqual([])
      expect(requests()).toHaveLength(1)
      expect(result.ok).toBe(false)
      if (result.ok) return
      expect(result.error.status).toBe(403)
      expect(result.error.message).toMatch(
        /^\[vitest-scenario\] GitHub's rate limit \(403\) allows the next request in \d+ s/,
      )
      expect(result.error.message).toMatch(/Run the job again after \d{4}-\d\d-\d\dT/)
    }
    api.failNext('create-check-run', [{ status: 503, headers: { 'retry-after': '600' } }])
    const { client } = recordingClient(api)
    const result = await client.request('POST', CHECKS, check)
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.message).toMatch(
      /^\[vitest-scenario\] GitHub answered 503 and asks to wait 600 s before the next request, longer/,
    )
  })

  test('a bad token fails at once with the fix, and the token is nowhere', async () => {
    const bad = 'ghs_fakeBadTokenThatIsNotAccepted987654'
    const { client, waits, logs } = recordingClient(api, { token: bad })
    const result = await client.request('POST', CHECKS, check)
    expect(waits).toEqual([])
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.status).toBe(401)
    expect(result.error.message).toMatch(
      /^\[vitest-scenario\] GitHub refused the token \(401 Bad credentials\)/,
    )
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow file's expression, as the fix writes it.
    expect(result.error.message).toContain('GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}')
    expect(everything(result, logs)).not.toContain(bad)
  })

  test('a 403 that is no rate limit names the permissions and forks', async () => {
    api.failNext('create-check-run', [
      { status: 403, body: { message: 'Resource not accessible by integration' } },
    ])
    const { client, waits } = recordingClient(api)
    const result = await client.request('POST', CHECKS, check)
    expect(waits).toEqual([])
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.message).toContain('(403 Resource not accessible by integration)')
    expect(result.error.message).toContain('checks: write')
    expect(result.error.message).toContain('pull-requests: write')
    expect(result.error.message).toContain('fork')
  })

  test('a 404 names the repository to check', async () => {
    const { client } = recordingClient(api)
    const result = await client.request('GET', '/repos/acme/missing/issues/3/comments')
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.status).toBe(404)
    expect(result.error.message).toContain('request: GET /repos/acme/missing/issues/3/comments')
    expect(result.error.message).toContain('GITHUB_REPOSITORY')
  })

  test('a 422 lists GitHub’s validation errors', async () => {
    const { client } = recordingClient(api)
    const result = await client.request('POST', CHECKS, {
      ...check,
      head_sha: 'abc',
      conclusion: 'passed',
    })
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.status).toBe(422)
    expect(result.error.message).toContain('(422 Validation Failed)')
    expect(result.error.message).toContain(
      '  - CheckRun.head_sha: invalid: head_sha must be a full 40-character commit SHA',
    )
    expect(result.error.message).toContain('  - CheckRun.conclusion: invalid')
  })

  test('masks the token wherever GitHub or a proxy echoes it: messages and log lines', async () => {
    const echoed = { message: `upstream refused Authorization: token ${TOKEN}` }
    api.failNext('create-check-run', [
      { status: 502, body: echoed },
      { status: 502, body: echoed },
    ])
    const { client, logs } = recordingClient(api, { maxAttempts: 2 })
    const result = await client.request('POST', CHECKS, check)
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.message).toContain('[secret]')
    expect(everything(result, logs)).not.toContain(TOKEN)
  })

  test('paginates 100 a page, following Link rel="next"', async () => {
    const { client } = recordingClient(api)
    const result = await client.paginate<{ body: string }>(COMMENTS)
    if (!result.ok) throw new Error(result.error.message)
    expect(result.value.map((c) => c.body)).toEqual(
      Array.from({ length: 250 }, (_, i) => `comment ${i}`),
    )
    expect(requests().map((r) => r.query)).toEqual([
      'per_page=100',
      'per_page=100&page=2',
      'per_page=100&page=3',
    ])
  })

  test('honours an API URL with a path, as GitHub Enterprise Server’s', async () => {
    const enterprise = await startGithubApi({
      token: TOKEN,
      repositories: [
        { fullName: REPO, issues: { 1: Array.from({ length: 101 }, () => ({ body: 'x' })) } },
      ],
      basePath: '/api/v3',
    })
    try {
      const { client } = recordingClient(enterprise, { apiUrl: `${enterprise.url}/` })
      const result = await client.paginate(`/repos/${REPO}/issues/1/comments`)
      expect(result.ok && result.value.length).toBe(101)
      expect(enterprise.requests.map((r) => `${r.path}?${r.query}`)).toEqual([
        `/repos/${REPO}/issues/1/comments?per_page=100`,
        `/repos/${REPO}/issues/1/comments?per_page=100&page=2`,
      ])
    } finally {
      await enterprise.close()
    }
  })

  test('never sends the token to another host a next link names', async () => {
    const calls: string[] = []
    const client = githubClient({
      apiUrl: api.url,
      token: TOKEN,
      fetch: async (input, init) => {
        calls.push(String(input))
        const response = await fetch(input, init)
        const headers = new Headers(response.headers)
        headers.set('link', '<http://127.0.0.2:1/elsewhere?page=2>; rel="next"')
        return new Response(await response.text(), { status: response.status, headers })
      },
    })
    const result = await client.paginate(COMMENTS)
    expect(calls).toHaveLength(1)
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.message).toContain(
      'GitHub pointed the next page at another host: http://127.0.0.2:1',
    )
  })

  test('a bad API URL or a body that is not JSON is a failure, never a throw', async () => {
    const bad = githubClient({ apiUrl: 'not a url', token: TOKEN })
    const result = await bad.request('GET', COMMENTS)
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.message).toMatch(
      /^\[vitest-scenario\] The GitHub API URL is not a URL: "not a url"/,
    )
    const page = githubClient({
      apiUrl: api.url,
      token: TOKEN,
      fetch: async () => new Response('<html>Sign in</html>', { status: 200 }),
    })
    const html = await page.request('GET', COMMENTS)
    if (html.ok) throw new Error('expected a failure')
    expect(html.error.message).toContain('GitHub answered 200 with a body that is not JSON')
  })
})
