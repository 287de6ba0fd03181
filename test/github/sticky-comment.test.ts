import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  commentMarker,
  MAX_COMMENT_LENGTH,
  upsertStickyComment,
} from '../../src/github/sticky-comment.js'
import { ACTIONS_BOT, type GithubApi, startGithubApi } from '../support/github-api/index.js'
import { REPO, recordingClient, TOKEN } from './github-fixtures.js'

// The sticky review comment against the fake GitHub: created once, found again by its marker on
// whatever page it sits, updated in place, never confused with another suite's or a quote.
let api: GithubApi
const [owner, repo] = REPO.split('/') as [string, string]
const DEFAULT = commentMarker(undefined)

beforeAll(async () => {
  api = await startGithubApi({
    token: TOKEN,
    // GitHub would take any body; this server also refuses one whose first line is no marker.
    marker: /^<!-- vitest-scenario:review:[^ ]+ -->$/,
    repositories: [
      {
        fullName: REPO,
        issues: {
          1: [],
          // 120 comments of people, then the review's: it is on page 2 of 100.
          2: [
            ...Array.from({ length: 120 }, (_, i) => ({ body: `looks good ${i}` })),
            { body: `${DEFAULT}\nold review`, user: ACTIONS_BOT },
          ],
          // A person quoting the review, and a person who pasted its marker first.
          3: [
            { body: `> ${DEFAULT}\n> old review\nwhy?` },
            { body: `${DEFAULT}\npasted by hand` },
            { body: `${DEFAULT}\nthe bot's`, user: ACTIONS_BOT },
          ],
          4: [{ body: `${DEFAULT}\nthe default suite's`, user: ACTIONS_BOT }],
        },
      },
    ],
  })
})

afterAll(async () => {
  await api?.close()
})

const upsert = (issue: number, body: string, marker = DEFAULT) =>
  upsertStickyComment(recordingClient(api).client, { owner, repo, issue, marker, body })

describe('commentMarker', () => {
  test('is a hidden HTML comment naming the suite, default without one', () => {
    expect(DEFAULT).toBe('<!-- vitest-scenario:review:default -->')
    expect(commentMarker('e2e')).toBe('<!-- vitest-scenario:review:e2e -->')
    expect(commentMarker('  ')).toBe(DEFAULT)
  })

  test('stays one hidden comment whatever the suite is called', () => {
    const marker = commentMarker('api --> <b>x</b>\nnext line')
    expect(marker).toBe('<!-- vitest-scenario:review:api-b-x-/b-next-line -->')
    expect(marker.slice(4, -3)).not.toContain('--')
    expect(marker).not.toContain('\n')
  })
})

describe('upsertStickyComment', () => {
  test('creates the comment once, then updates the same one in place', async () => {
    const first = await upsert(1, `${DEFAULT}\n## Scenario review\nfirst run`)
    if (!first.ok) throw new Error(first.error.message)
    expect(first.value.action).toBe('created')
    expect(first.value.url).toBe(`https://github.com/${REPO}/pull/1#issuecomment-${first.value.id}`)
    const second = await upsert(1, `${DEFAULT}\n## Scenario review\nsecond run`)
    if (!second.ok) throw new Error(second.error.message)
    expect(second.value).toMatchObject({ action: 'updated', id: first.value.id })
    const comments = api.comments(REPO, 1)
    expect(comments).toHaveLength(1)
    expect(comments[0]?.body).toBe(`${DEFAULT}\n## Scenario review\nsecond run`)
    const routes = api.requests.filter(
      (r) => r.path.startsWith(`/repos/${REPO}/issues/1/`) || r.method === 'PATCH',
    )
    expect(routes.map((r) => r.route)).toEqual([
      'list-comments',
      'create-comment',
      'list-comments',
      'update-comment',
    ])
  })

  test('finds the marker on the second page of comments', async () => {
    const before = api.requests.length
    const result = await upsert(2, 'new review')
    if (!result.ok) throw new Error(result.error.message)
    const old = api.comments(REPO, 2)[120]
    expect(result.value).toMatchObject({ action: 'updated', id: old?.id })
    expect(old?.body).toBe(`${DEFAULT}\nnew review`)
    expect(api.comments(REPO, 2)).toHaveLength(121)
    const listed = api.requests.slice(before).filter((r) => r.route === 'list-comments')
    expect(listed.map((r) => r.query)).toEqual(['per_page=100', 'per_page=100&page=2'])
  })

  test('takes its own comment over a quote or a person’s paste of the marker', async () => {
    const bots = api.comments(REPO, 3)[2]
    const result = await upsert(3, `${DEFAULT}\nupdated`)
    if (!result.ok) throw new Error(result.error.message)
    expect(result.value).toMatchObject({ action: 'updated', id: bots?.id })
    expect(api.comments(REPO, 3).map((c) => c.body)).toEqual([
      `> ${DEFAULT}\n> old review\nwhy?`,
      `${DEFAULT}\npasted by hand`,
      `${DEFAULT}\nupdated`,
    ])
  })

  test('keeps each suite’s comment apart', async () => {
    const result = await upsert(4, 'the e2e suite', commentMarker('e2e'))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.value.action).toBe('created')
    expect(api.comments(REPO, 4).map((c) => c.body)).toEqual([
      `${DEFAULT}\nthe default suite's`,
      `${commentMarker('e2e')}\nthe e2e suite`,
    ])
  })

  test('cuts a body over GitHub’s limit, saying where the full comparison is', async () => {
    const rows = Array.from(
      { length: 4000 },
      (_, i) => `| test ${i} | regressed | ${'x'.repeat(20)} |`,
    )
    const result = await upsert(1, `${DEFAULT}\n${rows.join('\n')}`)
    if (!result.ok) throw new Error(result.error.message)
    const body = api.comments(REPO, 1)[0]?.body ?? ''
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH)
    expect(body.length).toBeGreaterThan(MAX_COMMENT_LENGTH - 200)
    expect(body.startsWith(`${DEFAULT}\n| test 0 |`)).toBe(true)
    expect(body).toMatch(
      /\| test \d+ \| regressed \| x+ \|\n\n_This comment was cut here: .*compare\.html.*_$/,
    )
  })

  test('returns GitHub’s failure as data and posts nothing after a failed listing', async () => {
    const before = api.requests.length
    const client = recordingClient(api, { token: 'ghs_fakeNotTheRightOne1234567890' }).client
    const result = await upsertStickyComment(client, {
      owner,
      repo,
      issue: 1,
      marker: DEFAULT,
      body: 'x',
    })
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.status).toBe(401)
    expect(result.error.message).not.toContain('ghs_fakeNotTheRightOne1234567890')
    expect(api.requests.slice(before).map((r) => r.route)).toEqual(['list-comments'])
  })
})
