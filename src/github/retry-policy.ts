/** The longest wait between two attempts after a server error, in ms. */
export const MAX_BACKOFF_MS = 30_000
/** The longest wait the client accepts; past it the request fails saying when to try again. */
export const MAX_WAIT_MS = 120_000
/** The wait for a rate limit GitHub names without saying how long it lasts. */
export const UNNAMED_RATE_LIMIT_WAIT_MS = 60_000

/** Statuses worth another attempt as they are: GitHub or its edge failed, not the request. */
const SERVER_ERRORS = [500, 502, 503, 504]

/** What to do after a failed attempt. */
export type RetryDecision =
  /** Wait `ms`, then try again; `reason` is said in the log line. */
  | { kind: 'wait'; ms: number; reason: string }
  /**
   * GitHub asks for a longer wait than the client waits: fail, saying when (`until`) and whether
   * a rate limit asked (else a server error's `retry-after`).
   */
  | { kind: 'too-long'; ms: number; until: Date; rateLimit: boolean }
  /** Not worth another attempt: the request itself is wrong. */
  | { kind: 'fail' }

/** The exponential backoff before attempt `attempt + 1`: 1 s, 2 s, 4 s, … at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt - 1))
}

/** `retry-after` in ms (seconds, or an HTTP date), or `undefined` when absent or unreadable. */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const value = headers.get('retry-after')?.trim()
  if (value === undefined || value === '') return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * The wait a rate limit asks for, or `undefined` when the answer is no rate limit: `retry-after`
 * first (secondary limits), then `x-ratelimit-remaining: 0` until `x-ratelimit-reset`, then a
 * message that says "rate limit" with neither header (60 s, as GitHub's docs advise).
 */
function rateLimitWait(headers: Headers, message: string, now: number): number | undefined {
  const after = retryAfterMs(headers, now)
  if (after !== undefined) return after
  const reset = Number(headers.get('x-ratelimit-reset'))
  if (headers.get('x-ratelimit-remaining') === '0' && Number.isFinite(reset) && reset > 0) {
    // A second more: the reset time is whole seconds, and the window may close just after it.
    return Math.max(0, reset * 1000 - now) + 1000
  }
  return /rate limit/i.test(message) ? UNNAMED_RATE_LIMIT_WAIT_MS : undefined
}

/**
 * What to do after attempt `attempt` was answered `status`: server errors wait the backoff (or
 * `retry-after`), rate limits (403 or 429) wait what GitHub says unless that is over two
 * minutes, and anything else fails at once. `message` is GitHub's `message` field, if any.
 */
export function retryDecision(
  status: number,
  headers: Headers,
  message: string,
  attempt: number,
  now: number,
): RetryDecision {
  if (SERVER_ERRORS.includes(status)) {
    const ms = retryAfterMs(headers, now) ?? backoffMs(attempt)
    if (ms > MAX_WAIT_MS) {
      return { kind: 'too-long', ms, until: new Date(now + ms), rateLimit: false }
    }
    return { kind: 'wait', ms, reason: `GitHub answered ${status}` }
  }
  if (status !== 403 && status !== 429) return { kind: 'fail' }
  const ms = rateLimitWait(headers, message, now)
  if (ms === undefined) return { kind: 'fail' }
  if (ms > MAX_WAIT_MS) return { kind: 'too-long', ms, until: new Date(now + ms), rateLimit: true }
  return { kind: 'wait', ms, reason: `GitHub's rate limit (${status})` }
}

/** Whether an answer is a rate limit, for the message of the last attempt. */
export function isRateLimit(
  status: number,
  headers: Headers,
  message: string,
  now: number,
): boolean {
  return (status === 403 || status === 429) && rateLimitWait(headers, message, now) !== undefined
}
