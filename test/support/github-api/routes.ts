import type { GithubRoute } from './types.js'

/** A request's route with the path's parts it names. */
export interface MatchedRoute {
  readonly route: GithubRoute
  /** `owner/repo`. */
  readonly repository: string
  /** The issue number (list and create) or the comment id (update); absent for check runs. */
  readonly number?: number
}

const PART = '([A-Za-z0-9_.-]+)'
const ISSUE_COMMENTS = new RegExp(`^/repos/${PART}/${PART}/issues/(\\d+)/comments$`)
const COMMENT = new RegExp(`^/repos/${PART}/${PART}/issues/comments/(\\d+)$`)
const CHECK_RUNS = new RegExp(`^/repos/${PART}/${PART}/check-runs$`)

/**
 * The route of `method` `path` (the path under the base path, without the query), or `undefined`
 * when the fake server does not speak it: GitHub answers those 404 too.
 */
export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  const issue = ISSUE_COMMENTS.exec(path)
  if (issue !== null && (method === 'GET' || method === 'POST')) {
    return {
      route: method === 'GET' ? 'list-comments' : 'create-comment',
      repository: `${issue[1]}/${issue[2]}`,
      number: Number(issue[3]),
    }
  }
  const comment = COMMENT.exec(path)
  if (comment !== null && method === 'PATCH') {
    return {
      route: 'update-comment',
      repository: `${comment[1]}/${comment[2]}`,
      number: Number(comment[3]),
    }
  }
  const checks = CHECK_RUNS.exec(path)
  if (checks !== null && method === 'POST') {
    return { route: 'create-check-run', repository: `${checks[1]}/${checks[2]}` }
  }
  return undefined
}

/** `per_page` and `page` as GitHub reads them: 30 and 1 by default, at most 100 per page. */
export function pageOf(query: string): { perPage: number; page: number } {
  const params = new URLSearchParams(query)
  const perPage = Number.parseInt(params.get('per_page') ?? '30', 10)
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    perPage: Number.isFinite(perPage) && perPage > 0 ? Math.min(perPage, 100) : 30,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
}

/**
 * GitHub's `Link` header for page `page` of `pages`: `first`/`prev` when not on the first page,
 * `next`/`last` when not on the last, each the same URL with `page` replaced.
 */
export function linkHeader(
  url: string,
  query: string,
  page: number,
  pages: number,
): string | undefined {
  const to = (n: number) => {
    const params = new URLSearchParams(query)
    params.set('page', String(n))
    return `${url}?${params.toString()}`
  }
  const links: string[] = []
  if (page > 1) links.push(`<${to(page - 1)}>; rel="prev"`)
  if (page < pages) links.push(`<${to(page + 1)}>; rel="next"`, `<${to(pages)}>; rel="last"`)
  if (page > 1) links.push(`<${to(1)}>; rel="first"`)
  return links.length === 0 ? undefined : links.join(', ')
}
