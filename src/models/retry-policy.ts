/** How the library retries failed model calls. */
export interface RetryPolicy {
  /** Retries after the first attempt. @default 2 */
  maxRetries: number
  /** The first backoff; doubled each retry. @default 500 */
  baseDelayMs: number
  /** The backoff cap. @default 8000 */
  maxDelayMs: number
  /** The longest server-requested wait that is honoured. @default 60000 */
  maxRetryAfterMs: number
}

/** The defaults: 2 retries, 0.5 s × 2ⁿ capped at 8 s, `retry-after` up to 60 s. */
export const defaultRetryPolicy: RetryPolicy = Object.freeze({
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
})

/** The wait before retry `retry` (0-based): the server's `retry-after` when given, else backoff. */
export function retryDelayMs(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | undefined,
): number {
  if (retryAfterMs !== undefined && retryAfterMs <= policy.maxRetryAfterMs) return retryAfterMs
  return Math.min(policy.baseDelayMs * 2 ** retry, policy.maxDelayMs)
}
