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

/** The class names along an error's prototype chain (the SDK does not set `name`). */
function classNames(error: object): string[] {
  const names: string[] = []
  for (
    let proto = Object.getPrototypeOf(error);
    proto !== null;
    proto = Object.getPrototypeOf(proto)
  ) {
    const ctor = (proto as { constructor?: { name?: unknown } }).constructor
    if (typeof ctor?.name === 'string') names.push(ctor.name)
  }
  const own = (error as { name?: unknown }).name
  if (typeof own === 'string') names.push(own)
  return names
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
 * Classifies a failed model call from its HTTP status, its error names and its headers into the
 * error categories (`rate_limit`, `timeout`, `recording`, …), and decides whether it may be retried (`x-should-retry` wins).
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
  const status = (error as { status?: unknown }).status
  const headers = (error as { headers?: unknown }).headers
  const names = classNames(error)
  const shouldRetry = header(headers, 'x-should-retry')
  const base = {
    status: typeof status === 'number' ? status : undefined,
    retryAfterMs: retryAfterMs(headers),
    message,
  }
  let category: ErrorCategory
  let retryable: boolean
  // A recording miss (or a call that could not be recorded) is final: retrying cannot help. The
  // SDK wraps what its fetch threw (openai: APIConnectionError with it as cause): found by code.
  if (recordingErrorOf(error) !== undefined) {
    return { ...base, category: 'recording', retryable: false }
  }
  if (aborted || names.includes('APIUserAbortError') || names.includes('AbortError')) {
    return { ...base, category: 'aborted', retryable: false }
  }
  if (
    names.includes('APIConnectionTimeoutError') ||
    names.includes('HttpTimeoutError') ||
    names.includes('TimeoutError') ||
    status === 408
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
  } else if (names.includes('SyntaxError')) {
    // A body sent as JSON that does not parse: the server did not answer like the API.
    category = 'bad_response'
    retryable = false
  } else if (
    names.includes('APIConnectionError') ||
    names.includes('HttpConnectionError') ||
    names.includes('TypeError') ||
    names.includes('FetchError')
  ) {
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
