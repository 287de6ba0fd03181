import { recordingErrorOf } from '../recordings/recording-error-of.js'
import type { ErrorCategory } from '../state/types.js'

/** What the library reads off a failed call: never `instanceof` on SDK classes (any copy of the SDK may have made it). */
export interface CallFailure {
  category: ErrorCategory
  status: number | undefined
  /** Whether another attempt may succeed. */
  retryable: boolean
  /** The server's `retry-after-ms` / `retry-after` in ms, when it sent one. */
  retryAfterMs: number | undefined
  message: string
}

/** A header of an SDK error's `headers` (a `Headers` object or a plain record). */
export function header(headers: unknown, name: string): string | undefined {
  if (headers === null || typeof headers !== 'object') return undefined
  const get = (headers as { get?: unknown }).get
  if (typeof get === 'function') return (get.call(headers, name) as string | null) ?? undefined
  const value = (headers as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : undefined
}

/** Milliseconds the server asked to wait: `retry-after-ms`, else `retry-after` (seconds or a date). */
export function retryAfterMs(headers: unknown, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(header(headers, 'retry-after-ms') ?? '')
  if (Number.isFinite(ms) && ms >= 0) return ms
  const after = header(headers, 'retry-after')
  if (after === undefined) return undefined
  const seconds = Number.parseFloat(after)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(after)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * Classifies a failed model call into the error categories (`rate_limit`, `timeout`,
 * `recording`, …) and decides whether it may be retried (`x-should-retry` wins).
 *
 * The rule: only data the error carries is read, never its class (no `instanceof`: the user's
 * SDK may be another copy; no constructor names along the prototype chain; no message text).
 * The data, in order:
 * - a recording error (a miss, a call that could not be recorded) on the error or in its
 *   `cause` chain, found by its `code`: `recording`, final;
 * - `aborted` (the caller's signal), or the standard `name` `AbortError`: `aborted`;
 * - the library's own errors state a `category` (`HttpTimeoutError`, `AiSdkConnectionError`, …);
 * - `status` (408 a timeout, 429 a rate limit, 5xx a server error, 409 retried) and `headers`
 *   (`retry-after`, `x-should-retry`), as every SDK's API errors carry them;
 * - the standard `name`s `TimeoutError` (a timeout) and `SyntaxError` (a body that is no JSON:
 *   `bad_response`);
 * - a call that got no HTTP answer: `fetch`'s own `TypeError` with the reason as `cause`, an
 *   errno `code` (`ECONNREFUSED`, …) on the error or a cause, or an SDK API error with no
 *   status (the `openai` and Anthropic SDKs' errors always have the `status` and `requestID`
 *   fields): with a `cause` it is `connection`; without one it is the SDK's own timeout (its
 *   abort error comes only with the caller's signal aborted, read above).
 */
export function classifyCallError(error: unknown, aborted: boolean): CallFailure {
  const message = error instanceof Error ? error.message : String(error)
  if (typeof error !== 'object' || error === null) {
    return {
      category: 'unexpected',
      status: undefined,
      retryable: false,
      retryAfterMs: undefined,
      message,
    }
  }
  const {
    status,
    headers,
    name,
    category: stated,
  } = error as {
    status?: unknown
    headers?: unknown
    name?: unknown
    category?: unknown
  }
  const shouldRetry = header(headers, 'x-should-retry')
  const base = {
    status: typeof status === 'number' ? status : undefined,
    retryAfterMs: retryAfterMs(headers),
    message,
  }
  // A recording miss (or a call that could not be recorded) is final: retrying cannot help. The
  // SDK wraps what its fetch threw (openai: APIConnectionError with it as cause): found by code.
  if (recordingErrorOf(error) !== undefined) {
    return { ...base, category: 'recording', retryable: false }
  }
  if (aborted || name === 'AbortError' || stated === 'aborted') {
    return { ...base, category: 'aborted', retryable: false }
  }
  const noAnswer = sdkWithoutAnswer(error)
  let category: ErrorCategory
  let retryable: boolean
  if (
    stated === 'timeout' ||
    name === 'TimeoutError' ||
    status === 408 ||
    (noAnswer && !hasCause(error))
  ) {
    category = 'timeout'
    retryable = true
  } else if (typeof status === 'number') {
    if (status === 429) {
      category = 'rate_limit'
      retryable = true
    } else if (status >= 500) {
      category = 'server_error'
      retryable = true
    } else {
      category = 'unexpected'
      retryable = status === 409
    }
  } else if (stated === 'bad_response' || name === 'SyntaxError') {
    // A body sent as JSON that does not parse: the server did not answer like the API.
    category = 'bad_response'
    retryable = false
  } else if (stated === 'connection' || noAnswer || networkFailure(error)) {
    category = 'connection'
    retryable = true
  } else {
    category = 'unexpected'
    retryable = false
  }
  if (shouldRetry === 'true') retryable = true
  if (shouldRetry === 'false') retryable = false
  return { ...base, category, retryable }
}

/**
 * An SDK's API error for a call that got no HTTP answer: the `openai` and Anthropic SDKs set
 * `status` and `requestID` on every API error, both `undefined` when no response came.
 */
function sdkWithoutAnswer(error: object): boolean {
  const fields = error as { status?: unknown; requestID?: unknown }
  return (
    Object.hasOwn(error, 'status') &&
    fields.status === undefined &&
    Object.hasOwn(error, 'requestID') &&
    fields.requestID === undefined
  )
}

function hasCause(error: object): boolean {
  return (error as { cause?: unknown }).cause !== undefined
}

/** The errno codes of a call that reached no server, or lost its connection. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'ETIMEDOUT',
])

/**
 * Whether `fetch` failed to get an answer: its `TypeError` (read by its standard `name`) carries
 * the reason as `cause`; undici's own errors have `UND_ERR_` codes and the system's errno codes.
 */
function networkFailure(error: object): boolean {
  if ((error as { name?: unknown }).name === 'TypeError' && hasCause(error)) return true
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { code } = current as { code?: unknown }
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_'))) {
      return true
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}
