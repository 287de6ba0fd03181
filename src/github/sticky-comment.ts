import { formatMessage } from '../errors/format-message.js'
import { fitToLimit } from './fit-limit.js'
import type { GithubClient, GithubResult } from './github-client.js'

/** The longest comment body GitHub takes, in characters. */
export const MAX_COMMENT_LENGTH = 65_536

/** What a cut comment ends with. */
const CUT_NOTE =
  '_This comment was cut here: it is over GitHub’s limit of 65,536 characters. The full comparison is in the run’s artifacts (compare.html, compare.md)._'

/** Where a sticky comment goes and what it says. */
export interface StickyCommentTarget {
  /** The repository's owner. */
  owner: string
  /** The repository's name. */
  repo: string
  /** The pull request's (issue's) number. */
  issue: number
  /** The hidden marker that finds the comment again (`commentMarker(suite)`). */
  marker: string
  /** The body; the marker is put first when it does not start with it. */
  body: string
}

/** One issue comment as the listing returns it (the fields read here). */
interface ListedComment {
  id: number
  body?: string | null
  html_url: string
  user?: { type?: string } | null
}

/**
 * The hidden marker that finds a suite's review comment again: the first line of its body,
 * `<!-- vitest-scenario:review:<suite> -->`, with `default` when there is no suite. Characters
 * that could end the HTML comment early or break the line (`-->`, spaces, line breaks) become
 * `-`, so any suite name makes a marker that stays hidden.
 *
 * @example
 * commentMarker(undefined) // '<!-- vitest-scenario:review:default -->'
 * commentMarker('e2e') // '<!-- vitest-scenario:review:e2e -->'
 */
export function commentMarker(suite: string | undefined): string {
  const name = (suite ?? '')
    .replace(/[^A-Za-z0-9._:/@+-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
  return `<!-- vitest-scenario:review:${name === '' ? 'default' : name} -->`
}

/**
 * Posts the review comment once per pull request and suite: lists the pull request's comments
 * (every page), and updates the first whose first line is `marker` — a bot's before a person's,
 * since a workflow token edits only its own — or creates one. A body over GitHub's limit is cut,
 * ending with a line saying where the full comparison is.
 */
export async function upsertStickyComment(
  client: GithubClient,
  target: StickyCommentTarget,
): Promise<GithubResult<{ action: 'created' | 'updated'; id: number; url: string }>> {
  const { owner, repo, issue, marker } = target
  const repoPath = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`
  const withMarker = target.body.startsWith(marker) ? target.body : `${marker}\n${target.body}`
  const body = fitToLimit(withMarker, MAX_COMMENT_LENGTH, CUT_NOTE)
  const listed = await client.paginate<ListedComment>(`${repoPath}/issues/${issue}/comments`)
  if (!listed.ok) return listed
  const marked = listed.value.filter((c) => firstLine(c.body) === marker)
  const existing = marked.find((c) => c.user?.type === 'Bot') ?? marked[0]
  const sent =
    existing === undefined
      ? await client.request<unknown>('POST', `${repoPath}/issues/${issue}/comments`, { body })
      : await client.request<unknown>('PATCH', `${repoPath}/issues/comments/${existing.id}`, {
          body,
        })
  if (!sent.ok) return sent
  const comment = sent.value.data as Partial<ListedComment> | undefined
  if (typeof comment?.id !== 'number' || typeof comment.html_url !== 'string') {
    return {
      ok: false,
      error: {
        status: sent.value.status,
        message: formatMessage({
          what: `GitHub answered ${sent.value.status} to the review comment without its id or URL`,
          subjects: [`pull request: ${owner}/${repo}#${issue}`],
          fix: 'Check that GITHUB_API_URL is the REST API (https://api.github.com, or https://<host>/api/v3).',
        }),
      },
    }
  }
  return {
    ok: true,
    value: {
      action: existing === undefined ? 'created' : 'updated',
      id: comment.id,
      url: comment.html_url,
    },
  }
}

/** A comment's first line, without a trailing `\r` (a body edited on the web may use CRLF). */
function firstLine(body: string | null | undefined): string {
  return (body ?? '').split('\n', 1)[0]?.replace(/\r$/, '') ?? ''
}
