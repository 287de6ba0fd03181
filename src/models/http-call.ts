import { onAbort } from '../internal/on-abort.js'
import { ANSWER_SINK, type AnswerSink, type Fetch } from '../recordings/call-answer.js'
import { recordingErrorOf } from '../recordings/recording-error-of.js'
import { HttpConnectionError, HttpStatusError, HttpTimeoutError } from './http-errors.js'
import { bodyOfText } from './read-body.js'

/**
 * How long one attempt may take before it fails as a `timeout` (and is retried): 10 minutes, the
 * `openai` SDK's default. A turn's `turnTimeoutMs` usually ends a hung call much sooner; this
 * bounds the calls no turn deadline covers (template parsing, judges).
 */
export const CALL_TIMEOUT_MS = 600_000

/** Where a call the library makes itself goes, and how (see `libraryEndpoint`). */
export interface LibraryEndpoint {
  /** The base URL as configured (recordings key requests by their path below it). */
  readonly baseURL: string
  /** The base URL without trailing slashes: an API's path is appended to it. */
  readonly base: string
  /** The endpoint as messages name it and the limiter keys rate-limit pauses (`endpointOf`). */
  readonly endpoint: string
  /** The request headers, built once per endpoint and key: the same object for every call. */
  readonly headers: Readonly<Record<string, string>>
  /** `fetch` itself, or the recording session's `fetch` (replay, record or miss). */
  readonly fetch: Fetch
}

/** A 2xx answer: its body as the SDK would hand it over, and the response it came in. */
export interface HttpAnswer {
  data: unknown
  response: Response
}

/**
 * One attempt of a call the library makes itself: POSTs `body` (JSON text) to `url` and reads the
 * answer, without an SDK in between. A 2xx body is JSON when its content type says so and it
 * parses, else its text (the completion check names what is wrong with it). Anything else
 * throws what `classifyCallError` reads: an `HttpStatusError` (status, headers, the body's
 * `error`), an `HttpConnectionError` or `HttpTimeoutError` (with the cause), a recording error as
 * the session threw it, or the abort reason when `signal` aborted. With a `sink`, the recording
 * `fetch` leaves the session's answer to this call there (its recorded latency, its discard).
 *
 * The attempt has an `AbortController` of its own, aborted by `signal` (through one shared
 * listener, see `onAbort`) or by the time limit: given `signal` itself, `fetch` would leave a
 * listener on it per call until garbage collection, and many calls share one run's signal.
 */
export async function httpAttempt(
  endpoint: LibraryEndpoint,
  url: string,
  body: string,
  signal: AbortSignal,
  sink?: AnswerSink,
): Promise<HttpAnswer> {
  if (signal.aborted) throw signal.reason
  const own = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    own.abort(new HttpTimeoutError(undefined))
  }, CALL_TIMEOUT_MS)
  const unsubscribe = onAbort(signal, () => own.abort(signal.reason))
  let response: Response
  let text: string
  try {
    const init: RequestInit = {
      method: 'POST',
      headers: endpoint.headers,
      body,
      signal: own.signal,
    }
    // The recording `fetch` leaves the session's answer to this call in the sink (see `AnswerSink`).
    if (sink !== undefined) Object.assign(init, { [ANSWER_SINK]: sink })
    response = await endpoint.fetch(url, init)
    text = await response.text()
  } catch (error) {
    throw failureOf(error, signal, timedOut)
  } finally {
    clearTimeout(timer)
    unsubscribe()
  }
  if (response.status < 200 || response.status > 299) {
    throw new HttpStatusError(response.status, response.headers, text)
  }
  return { data: bodyOfText(text, response.headers.get('content-type')), response }
}

/**
 * What a failed `fetch` (or body read) is to the retry loop. A recording's miss or refusal and
 * an abort by the caller stay as they are; a call that timed out, or whose connection timed out
 * (a timeout `code` in its causes: undici's connect timeout, the system's `ETIMEDOUT`), is a
 * timeout; anything else is a connection error, with the reason kept as its cause.
 */
function failureOf(error: unknown, signal: AbortSignal, timedOut: boolean): unknown {
  if (recordingErrorOf(error) !== undefined) return error
  if (signal.aborted) return error
  if (timedOut || timeoutCode(error)) return new HttpTimeoutError(error)
  return new HttpConnectionError(error)
}

/** The codes of a connection that timed out: undici's and the system's. */
const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
])

/** Whether the error or one of its causes has a timeout code. */
function timeoutCode(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { code } = current as { code?: unknown }
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
