import { recordingErrorOf } from '../recordings/recording-error-of.js'

/**
 * An AI SDK call the server answered with an HTTP error: `status` and `headers` as the library's
 * classifier reads them (429 → `rate_limit`, 5xx → `server_error`, both retried; `retry-after`
 * honoured), the AI SDK's `APICallError` as `cause`.
 */
export class AiSdkCallError extends Error {
  override name = 'AiSdkCallError'
  /** The HTTP status of the answer. */
  readonly status: number
  /** The answer's headers (`retry-after`, `x-should-retry`, …). */
  readonly headers: Record<string, string>

  constructor(
    message: string,
    details: { status: number; headers: Record<string, string> },
    options: ErrorOptions,
  ) {
    super(message, options)
    this.status = details.status
    this.headers = details.headers
  }
}

/**
 * An AI SDK call that reached no server (refused, reset, unknown host): its `category` says so,
 * and the library classifies it as `connection` and retries it.
 */
export class AiSdkConnectionError extends Error {
  override name = 'AiSdkConnectionError'
  /** How `classifyCallError` files it. */
  readonly category = 'connection'
}

/**
 * A 2xx answer the AI SDK could not read as the API's (not JSON, or not the shape it expects: a
 * wrong base URL, a proxy's page): its `category` says so, and the library classifies it as
 * `bad_response` and never retries it.
 */
export class AiSdkBadResponseError extends Error {
  override name = 'AiSdkBadResponseError'
  /** How `classifyCallError` files it. */
  readonly category = 'bad_response'
}

/**
 * What a failed AI SDK call is thrown as from a model driver: an `APICallError` (read by its name
 * and fields, never `instanceof`: the user's `ai` is another copy) becomes one of the errors above;
 * a recording miss, an abort and anything else pass unchanged (a miss stays a `recording` error,
 * found in the cause chain).
 */
export function driverError(error: unknown): unknown {
  if (recordingErrorOf(error) !== undefined) return error
  if (!(error instanceof Error) || error.name !== 'AI_APICallError') return error
  const { statusCode, responseHeaders } = error as {
    statusCode?: unknown
    responseHeaders?: unknown
  }
  if (typeof statusCode !== 'number') {
    return new AiSdkConnectionError(error.message, { cause: error })
  }
  if (statusCode >= 200 && statusCode < 300) {
    return new AiSdkBadResponseError(
      `the server answered ${statusCode} with a body the AI SDK could not read as the API's answer: ${error.message}`,
      { cause: error },
    )
  }
  return new AiSdkCallError(
    error.message,
    { status: statusCode, headers: headersOf(responseHeaders) },
    { cause: error },
  )
}

function headersOf(value: unknown): Record<string, string> {
  const headers: Record<string, string> = {}
  if (typeof value !== 'object' || value === null) return headers
  for (const [name, text] of Object.entries(value)) {
    if (typeof text === 'string') headers[name.toLowerCase()] = text
  }
  return headers
}
