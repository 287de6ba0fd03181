/**
 * The errors of a call the library makes itself over HTTP (a model config without `client` or
 * driver). They carry what `classifyCallError` reads: `status` and `headers` as any SDK's API
 * errors do, or the `category` of a call that got no answer — and the messages the `openai` SDK gave the same failures, so a turn's error reads
 * the same whichever way the call went.
 */

/** A non-2xx answer: its status, headers and the body's `error` object, when it had one. */
export class HttpStatusError extends Error {
  override name = 'HttpStatusError'
  readonly status: number
  readonly headers: Headers
  /** The body's `error` member (OpenAI's `{ message, type, code, param }`), when JSON had one. */
  readonly error: unknown

  constructor(status: number, headers: Headers, bodyText: string) {
    const json = parseJSON(bodyText)
    const error = (json as { error?: unknown } | undefined)?.error
    super(statusMessage(status, error, json === undefined ? bodyText : undefined))
    this.status = status
    this.headers = headers
    this.error = error
  }
}

/** A call that got no answer: refused, reset, an unknown host; the cause says which. */
export class HttpConnectionError extends Error {
  override name = 'HttpConnectionError'
  /** How `classifyCallError` files it: retried as a connection failure. */
  readonly category = 'connection'
  constructor(cause: unknown) {
    super('Connection error.', { cause })
  }
}

/** A call that got no answer in time: the library's own per-call limit, or a connect timeout. */
export class HttpTimeoutError extends Error {
  override name = 'HttpTimeoutError'
  /** How `classifyCallError` files it: retried as a timeout. */
  readonly category = 'timeout'
  constructor(cause: unknown) {
    super('Request timed out.', { cause })
  }
}

/**
 * `429 Rate limit exceeded`: the status and the body's `error.message` (else the `error` as JSON,
 * else the text of a body that is not JSON), as the `openai` SDK words it.
 */
function statusMessage(status: number, error: unknown, text: string | undefined): string {
  const message = (error as { message?: unknown } | null | undefined)?.message
  let said: string | undefined
  if (message !== undefined && message !== null && message !== '') {
    said = typeof message === 'string' ? message : JSON.stringify(message)
  } else if (error !== undefined && error !== null && error !== '') {
    said = JSON.stringify(error)
  } else if (text !== undefined && text !== '') {
    said = text
  }
  return said === undefined ? `${status} status code (no body)` : `${status} ${said}`
}

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
