import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type GithubApi, MAX_COMMENT_BODY, startGithubApi } from '../support/github-api/index.js'
import { HEAD_SHA, REPO, TOKEN } from './github-fixtures.js'

// The fake API the client and the e2e tests post to must answer as GitHub does, or a test against
// it proves nothing: these requests go to it with plain fetch, as any client would send them.
let api: GithubApi

beforeAll(async () => {
  api = await startGithubApi({
    token: TOKEN,
    repositories: [
      { fullName: REPO, issues: { 7: [{ body: 'first' }, { body: 'second' }, { body: 'third' }] } },
    ],
    marker: /^<!-- vitest-scenario:review:[^ ]+ -->$/,
  })
})

afterAll(async () => {
  await api?.close()
})

const call = async (method: string, path: string, body?: unknown, token: string | null = TOKEN) => {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  }
}

const check = (fields: Record<string, unknown> = {}) => ({
  name: 'vitest-scenario',
  head_sha: HEAD_SHA,
  status: 'completed',
  conclusion: 'success',
  output: { title: 'ok', summary: 'all good' },
  ...fields,
})

describe('the fake GitHub API', () => {
  test('answers 401 with GitHub’s body for a missing or a wrong token, and never records it', async () => {
    const missing = await call('GET', `/repos/${REPO}/issues/7/comments`, undefined, null)
    expect(missing.status).toBe(401)
    expect(missing.body).toMatchObject({ message: 'Requires authentication', status: '401' })
    const wrong = await call('GET', `/repos/${REPO}/issues/7/comments`, undefined, 'ghs_fakeWrong')
    expect(wrong.body.message).toBe('Bad credentials')
    expect(JSON.stringify(api.requests)).not.toContain(TOKEN)
    expect(JSON.stringify(api.requests)).not.toContain('ghs_fakeWrong')
  })

  test('answers 404 for an unknown repository, issue, comment or path', async () => {
    for (const path of [
      '/repos/acme/other/issues/7/comments',
      `/repos/${REPO}/issues/8/comments`,
      `/repos/${REPO}/issues/comments/1`,
      '/user',
    ]) {
      const method = path.includes('/issues/comments/') ? 'PATCH' : 'GET'
      const answer = await call(method, path, method === 'PATCH' ? { body: 'x' } : undefined)
      expect(answer.status, path).toBe(404)
      expect(answer.body.message).toBe('Not Found')
    }
  })

  test('pages a listing with GitHub’s Link header', async () => {
    const first = await call('GET', `/repos/${REPO}/issues/7/comments?per_page=2`)
    expect((first.body as unknown as unknown[]).length).toBe(2)
    expect(first.headers.get('link')).toBe(
      `<${api.url}/repos/${REPO}/issues/7/comments?per_page=2&page=2>; rel="next", <${api.url}/repos/${REPO}/issues/7/comments?per_page=2&page=2>; rel="last"`,
    )
    const second = await call('GET', `/repos/${REPO}/issues/7/comments?per_page=2&page=2`)
    expect((second.body as unknown as { body: string }[]).map((c) => c.body)).toEqual(['third'])
    expect(second.headers.get('link')).toContain('rel="prev"')
    expect(second.headers.get('link')).not.toContain('rel="next"')
  })

  test('refuses each bad Check Run field with 422, listing it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ head_sha: 'abc123' }, 'head_sha'],
      [{ status: 'done' }, 'status'],
      [{ conclusion: 'passed' }, 'conclusion'],
      [{ status: 'in_progress' }, 'conclusion'],
      [{ output: { summary: 'no title' } }, 'output.title'],
      [{ output: { title: 'no summary' } }, 'output.summary'],
      [{ output: { title: 't', summary: 'x'.repeat(65_536) } }, 'output.summary'],
    ]
    for (const [fields, field] of cases) {
      const answer = await call('POST', `/repos/${REPO}/check-runs`, check(fields))
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(422)
      expect(answer.body.message).toBe('Validation Failed')
      expect(answer.body.errors).toContainEqual(expect.objectContaining({ field }))
    }
    expect(api.checkRuns).toEqual([])
    const created = await call('POST', `/repos/${REPO}/check-runs`, check())
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      status: 'completed',
      conclusion: 'success',
      head_sha: HEAD_SHA,
    })
  })

  test('refuses an empty or too long comment, and one without the marker when told to', async () => {
    const marker = '<!-- vitest-scenario:review:default -->'
    for (const body of ['', `${marker}\n${'x'.repeat(MAX_COMMENT_BODY)}`, 'no marker']) {
      const answer = await call('POST', `/repos/${REPO}/issues/7/comments`, { body })
      expect(answer.status).toBe(422)
    }
    const ok = await call('POST', `/repos/${REPO}/issues/7/comments`, { body: `${marker}\nhello` })
    expect(ok.status).toBe(201)
    expect(ok.body.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' })
  })

  test('lets the token edit only its own comments', async () => {
    const [someone] = api.comments(REPO, 7)
    const answer = await call('PATCH', `/repos/${REPO}/issues/comments/${someone?.id}`, {
      body: '<!-- vitest-scenario:review:default -->\nmine now',
    })
    expect(answer.status).toBe(403)
    expect(answer.body.message).toBe('Resource not accessible by integration')
  })

  test('answers scripted failures in order before the normal answer', async () => {
    api.failNext('create-check-run', [
      { status: 502 },
      { status: 403, headers: { 'retry-after': '1' } },
    ])
    const statuses = []
    for (let i = 0; i < 3; i++) {
      const answer = await call('POST', `/repos/${REPO}/check-runs`, check())
      statuses.push([answer.status, answer.headers.get('retry-after')])
    }
    expect(statuses).toEqual([
      [502, null],
      [403, '1'],
      [201, null],
    ])
    api.failNext('list-comments', [{ drop: true }])
    await expect(call('GET', `/repos/${REPO}/issues/7/comments`)).rejects.toThrow()
    expect(api.requests.at(-1)).toMatchObject({ route: 'list-comments', status: 0 })
  })

  test('serves under a base path, as GitHub Enterprise Server does', async () => {
    const enterprise = await startGithubApi({
      token: TOKEN,
      repositories: [{ fullName: REPO, issues: { 1: [] } }],
      basePath: '/api/v3',
    })
    try {
      expect(enterprise.url).toMatch(/\/api\/v3$/)
      const headers = { authorization: `Bearer ${TOKEN}` }
      const under = await fetch(`${enterprise.url}/repos/${REPO}/issues/1/comments`, { headers })
      expect(under.status).toBe(200)
      const outside = await fetch(
        `${enterprise.url.replace('/api/v3', '')}/repos/${REPO}/issues/1/comments`,
        { headers },
      )
      expect(outside.status).toBe(404)
    } finally {
      await enterprise.close()
    }
  })
})
