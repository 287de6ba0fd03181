import { formatMessage } from '../errors/format-message.js'

/** The request a failure is about, as its message names it (never with the token). */
export interface FailedRequest {
  /** `GET`, `POST`, `PATCH`. */
  method: string
  /** The path under the API URL, e.g. `/repos/o/r/check-runs`. */
  path: string
  /** The API URL the path is under. */
  apiUrl: string
}

/** GitHub's error body as far as the messages use it. */
export interface GithubErrorBody {
  /** GitHub's `message` (`Bad credentials`, `Not Found`, `Validation Failed`, …). */
  message: string
  /** A 422's `errors`, one line each (`field: code (message)`). */
  errors: string[]
}

/** What a fix for a refused token says: the step's environment, as the workflow file writes it. */
const TOKEN_FIX =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow file's expression, as a user writes it.
  "Give the step the workflow's token: `env: GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}` (a personal or app token must be valid, unexpired and allowed on this repository)."

const PERMISSIONS_FIX =
  'Grant the workflow (or the job) what the review needs: `permissions:` with `checks: write` and `pull-requests: write`. A pull request from a fork gets a read-only token whatever the workflow asks: there, run `vitest-scenario github --dry-run` (posts nothing) or post from a workflow that runs in the base repository (`workflow_run`).'

/** The status and GitHub's message, as a message names an answer: `403 Resource not accessible`. */
function answered(status: number, body: GithubErrorBody): string {
  return body.message === '' ? String(status) : `${status} ${body.message}`
}

/** The message for a request GitHub refused for good (no retry helps), by status. */
export function refusedMessage(
  request: FailedRequest,
  status: number,
  body: GithubErrorBody,
): string {
  const target = `${request.method} ${request.path}`
  const subjects = [`request: ${target}`, `API: ${request.apiUrl}`]
  if (status === 401) {
    return formatMessage({
      what: `GitHub refused the token (${answered(status, body)})`,
      subjects,
      fix: TOKEN_FIX,
    })
  }
  if (status === 403) {
    return formatMessage({
      what: `GitHub did not let the token do this (${answered(status, body)})`,
      subjects,
      fix: PERMISSIONS_FIX,
    })
  }
  if (status === 404) {
    return formatMessage({
      what: `GitHub found nothing there, or nothing the token may see (${answered(status, body)})`,
      subjects,
      fix: 'Check GITHUB_REPOSITORY (owner/repo) and the pull request the event names; a token of another repository, or an app not installed on this one, sees 404. On GitHub Enterprise Server set GITHUB_API_URL to https://<host>/api/v3.',
    })
  }
  if (status === 422) {
    return formatMessage({
      what: `GitHub refused the request's content (${answered(status, body)})`,
      subjects: [...subjects, ...body.errors],
      fix: 'This is a bug in vitest-scenario: please report it with the lines above.',
    })
  }
  return formatMessage({
    what: `GitHub answered ${answered(status, body)}`,
    subjects,
    fix: 'See https://www.githubstatus.com, then run the job again.',
  })
}

/** The message after every attempt ended in a server error or a rate limit. */
export function exhaustedMessage(
  request: FailedRequest,
  status: number,
  body: GithubErrorBody,
  attempts: number,
  rateLimited: boolean,
): string {
  return formatMessage({
    what: `GitHub answered ${answered(status, body)} to every one of ${attempts} attempts`,
    subjects: [`request: ${request.method} ${request.path}`, `API: ${request.apiUrl}`],
    fix: rateLimited
      ? 'GitHub is limiting this token: run the job again in a few minutes; a workflow that posts many comments or checks at once can post fewer (one review per suite).'
      : 'GitHub is failing: see https://www.githubstatus.com, then run the job again.',
  })
}

/**
 * The message when GitHub asks for a longer wait than the client waits: a rate limit
 * (`rateLimit`), or a server error's `retry-after`.
 */
export function waitTooLongMessage(
  request: FailedRequest,
  status: number,
  rateLimit: boolean,
  until: Date,
): string {
  const seconds = Math.ceil((until.getTime() - Date.now()) / 1000)
  const what = rateLimit
    ? `GitHub's rate limit (${status}) allows the next request in ${seconds} s`
    : `GitHub answered ${status} and asks to wait ${seconds} s before the next request`
  return formatMessage({
    what: `${what}, longer than the review waits`,
    subjects: [`request: ${request.method} ${request.path}`, `retry after: ${until.toISOString()}`],
    fix: `Run the job again after ${until.toISOString()}; a workflow that posts many comments or checks at once can post fewer (one review per suite).`,
  })
}

/** The message when the API could not be reached at all, after every attempt. */
export function unreachableMessage(
  request: FailedRequest,
  cause: string,
  attempts: number,
): string {
  return formatMessage({
    what: `Could not reach the GitHub API (${cause}) in ${attempts} attempts`,
    subjects: [`request: ${request.method} ${request.path}`, `API: ${request.apiUrl}`],
    fix: 'Check GITHUB_API_URL (default https://api.github.com; GitHub Enterprise Server: https://<host>/api/v3) and that the runner reaches it.',
  })
}

/** The message when GitHub answered success with a body the client cannot read. */
export function unreadableMessage(request: FailedRequest, status: number, what: string): string {
  return formatMessage({
    what: `GitHub answered ${status} with ${what}`,
    subjects: [`request: ${request.method} ${request.path}`, `API: ${request.apiUrl}`],
    fix: 'Check that GITHUB_API_URL is the REST API (https://api.github.com, or https://<host>/api/v3) and not the web site.',
  })
}

/** GitHub's error body read from a parsed answer: `message` and a 422's `errors`, described. */
export function errorBodyOf(data: unknown): GithubErrorBody {
  if (typeof data !== 'object' || data === null) {
    return { message: typeof data === 'string' ? data.slice(0, 200).trim() : '', errors: [] }
  }
  const { message, errors } = data as { message?: unknown; errors?: unknown }
  return {
    message: typeof message === 'string' ? message : '',
    errors: Array.isArray(errors) ? errors.map(describeValidationError) : [],
  }
}

function describeValidationError(error: unknown): string {
  if (typeof error === 'string') return error
  if (typeof error !== 'object' || error === null) return String(error)
  const { resource, field, code, message } = error as Record<string, unknown>
  const where = [resource, field].filter((p) => typeof p === 'string').join('.')
  const what = [code, message].filter((p) => typeof p === 'string').join(': ')
  return where === '' ? what : `${where}: ${what}`
}
