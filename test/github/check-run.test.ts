import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCheckRun, MAX_CHECK_OUTPUT_LENGTH } from '../../src/github/check-run.js'
import { type GithubApi, startGithubApi } from '../support/github-api/index.js'
import { HEAD_SHA, REPO, recordingClient, TOKEN } from './github-fixtures.js'

// The review's Check Run against the fake GitHub, which refuses (422) any payload GitHub would.
let api: GithubApi
const [owner, repo] = REPO.split('/') as [string, string]

beforeAll(async () => {
  api = await startGithubApi({ token: TOKEN, repositories: [{ fullName: REPO, issues: {} }] })
})

afterAll(async () => {
  await api?.close()
})

const input = {
  owner,
  repo,
  name: 'vitest-scenario (e2e)',
  headSha: HEAD_SHA,
  conclusion: 'failure' as const,
  title: '1 regressed',
  summary: '## Scenario review\n1 regressed, 4 unchanged',
}

describe('createCheckRun', () => {
  test('creates a completed run on the head with its conclusion, output and details link', async () => {
    const detailsUrl = 'https://github.com/acme/widgets/actions/runs/42'
    const result = await createCheckRun(recordingClient(api).client, {
      ...input,
      text: 'more',
      detailsUrl,
    })
    if (!result.ok) throw new Error(result.error.message)
    const created = api.checkRuns.at(-1)
    expect(result.value).toEqual({
      id: created?.id,
      url: `https://github.com/${REPO}/runs/${created?.id}`,
    })
    expect(created).toMatchObject({
      name: 'vitest-scenario (e2e)',
      head_sha: HEAD_SHA,
      status: 'completed',
      conclusion: 'failure',
      details_url: detailsUrl,
      output: { title: '1 regressed', summary: input.summary, text: 'more' },
      repository: REPO,
    })
    const sent = api.requests.at(-1)?.body as Record<string, unknown>
    expect(Date.parse(String(sent.completed_at))).toBeGreaterThan(Date.now() - 60_000)
    expect(sent).not.toHaveProperty('output.text', undefined)
  })

  test('each conclusion the review gives is one GitHub takes', async () => {
    for (const conclusion of ['success', 'failure', 'neutral'] as const) {
      const result = await createCheckRun(recordingClient(api).client, { ...input, conclusion })
      expect(result.ok, conclusion).toBe(true)
      expect(api.checkRuns.at(-1)?.conclusion).toBe(conclusion)
    }
  })

  test('refuses a head that is not a full commit SHA before any request', async () => {
    const before = api.requests.length
    const result = await createCheckRun(recordingClient(api).client, {
      ...input,
      headSha: 'abc1234',
    })
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.message).toMatch(
      /^\[vitest-scenario\] The Check Run's commit is not a full SHA: "abc1234"/,
    )
    expect(api.requests.length).toBe(before)
  })

  test('cuts a summary and a text over GitHub’s limit, and keeps the title on one line', async () => {
    const long = Array.from(
      { length: 3000 },
      (_, i) => `- test ${i} regressed: ${'y'.repeat(20)}`,
    ).join('\n')
    const result = await createCheckRun(recordingClient(api).client, {
      ...input,
      title: '1 regressed\nsecond line',
      summary: long,
      text: long,
    })
    if (!result.ok) throw new Error(result.error.message)
    const { output } = api.checkRuns.at(-1) ?? {}
    expect(output?.title).toBe('1 regressed second line')
    for (const text of [output?.summary ?? '', output?.text ?? '']) {
      expect(text.length).toBeLessThanOrEqual(MAX_CHECK_OUTPUT_LENGTH)
      expect(text.length).toBeGreaterThan(MAX_CHECK_OUTPUT_LENGTH - 200)
      expect(text).toMatch(/\n\n_Cut here: .*compare\.html.*_$/)
    }
  })

  test('returns a refused token as data with the permissions fix', async () => {
    api.failNext('create-check-run', [
      { status: 403, body: { message: 'Resource not accessible by integration' } },
    ])
    const result = await createCheckRun(recordingClient(api).client, input)
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.status).toBe(403)
    expect(result.error.message).toContain('checks: write')
  })
})
