import { STATUS_CODES } from 'node:http'

/** Where GitHub's error bodies point; the fake server points at the same pages. */
const DOCS = 'https://docs.github.com/rest'

/** One entry of a 422's `errors`, as GitHub lists validation failures. */
export interface GithubValidationError {
  readonly resource: string
  readonly field: string
  readonly code: 'missing_field' | 'invalid' | 'custom'
  readonly message?: string
}

/** GitHub's error body: `message`, `documentation_url` and the status as a string. */
export function errorBody(status: number, message: string): Record<string, unknown> {
  return { message, documentation_url: DOCS, status: String(status) }
}

/** The body of a 422: "Validation Failed" with every failure listed. */
export function validationBody(errors: readonly GithubValidationError[]): Record<string, unknown> {
  return { ...errorBody(422, 'Validation Failed'), errors }
}

/** The default body of a scripted failure: GitHub's error shape with the status text. */
export function scriptedBody(status: number): Record<string, unknown> {
  return errorBody(status, STATUS_CODES[status] ?? 'Error')
}

/** The headers GitHub sends on every API answer, with a rate limit far from used up. */
export function standardHeaders(): Record<string, string> {
  return {
    'x-github-request-id': `FAKE:${Math.floor(performance.now() * 1000).toString(16)}`,
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '4999',
    'x-ratelimit-used': '1',
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    'x-github-api-version-selected': '2022-11-28',
  }
}

/**
 * The body of a 403 for a secondary rate limit, word for word as GitHub sends it. A test adds the
 * headers it is about (`retry-after`, or `x-ratelimit-remaining: 0` with `x-ratelimit-reset`).
 */
export function secondaryRateLimitBody(): Record<string, unknown> {
  return errorBody(
    403,
    'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID FAKE.',
  )
}
