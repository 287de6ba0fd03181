import type { ErrorReply } from './types.js'

/** Anthropic's error body. */
export interface AnthropicErrorBody {
  type: 'error'
  error: { type: string; message: string }
  request_id: string
}

interface ErrorDefaults {
  readonly type: string
  readonly message: string
}

/** The API's error type and a typical message per status (docs: "Errors"). */
const DEFAULTS: Readonly<Record<number, ErrorDefaults>> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: {
    type: 'permission_error',
    message: 'Your API key does not have permission to use the specified resource.',
  },
  404: { type: 'not_found_error', message: 'Not found' },
  413: {
    type: 'request_too_large',
    message: 'Request exceeds the maximum allowed number of bytes.',
  },
  429: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit.' },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
}

/** The request id every answer carries (`request-id` header, `request_id` in error bodies). */
export function requestId(index: number): string {
  return `req_scripted_${index}`
}

/** The body and headers an `ErrorReply` sends, with the status's usual error type and message. */
export function errorResponse(
  reply: ErrorReply,
  index: number,
): { body: AnthropicErrorBody; headers: Record<string, string> } {
  const fallback = DEFAULTS[reply.status] ?? {
    type: reply.status >= 500 ? 'api_error' : 'invalid_request_error',
    message: `Scripted error ${reply.status}.`,
  }
  const headers: Record<string, string> = {}
  if (reply.retryAfter !== undefined) headers['retry-after'] = String(reply.retryAfter)
  if (reply.shouldRetry !== undefined) headers['x-should-retry'] = String(reply.shouldRetry)
  Object.assign(headers, reply.headers)
  return {
    body: {
      type: 'error',
      error: { type: reply.type ?? fallback.type, message: reply.message ?? fallback.message },
      request_id: requestId(index),
    },
    headers,
  }
}
