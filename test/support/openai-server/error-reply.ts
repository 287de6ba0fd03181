import type { ErrorReply } from './types.js'

/** The `error` object of an OpenAI error body. */
export interface OpenAIErrorObject {
  message: string
  type: string
  param: string | null
  code: string | null
}

interface ErrorDefaults {
  readonly message: string
  readonly type: string
  readonly code: string | null
}

const DEFAULTS: Readonly<Record<number, ErrorDefaults>> = {
  400: { message: 'Invalid request.', type: 'invalid_request_error', code: null },
  401: {
    message: 'Incorrect API key provided.',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  },
  403: { message: 'You are not allowed to do this.', type: 'invalid_request_error', code: null },
  404: { message: 'Not found.', type: 'invalid_request_error', code: null },
  408: { message: 'Request timed out.', type: 'server_error', code: null },
  409: { message: 'Conflict.', type: 'invalid_request_error', code: null },
  422: { message: 'Unprocessable entity.', type: 'invalid_request_error', code: null },
  429: {
    message: 'Rate limit reached for requests. Please try again shortly.',
    type: 'requests',
    code: 'rate_limit_exceeded',
  },
  500: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    code: null,
  },
  502: { message: 'Bad gateway.', type: 'server_error', code: null },
  503: {
    message: 'The engine is currently overloaded, please try again later.',
    type: 'server_error',
    code: 'service_unavailable',
  },
}

/** The body and headers an `ErrorReply` sends, with the status's typical message and type. */
export function errorResponse(reply: ErrorReply): {
  body: { error: OpenAIErrorObject }
  headers: Record<string, string>
} {
  const fallback = DEFAULTS[reply.status] ?? {
    message: `Scripted error ${reply.status}.`,
    type: reply.status >= 500 ? 'server_error' : 'invalid_request_error',
    code: null,
  }
  const headers: Record<string, string> = {}
  if (reply.retryAfter !== undefined) headers['retry-after'] = String(reply.retryAfter)
  if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = String(reply.retryAfterMs)
  if (reply.shouldRetry !== undefined) headers['x-should-retry'] = String(reply.shouldRetry)
  Object.assign(headers, reply.headers)
  return {
    body: {
      error: {
        message: reply.message ?? fallback.message,
        type: reply.type ?? fallback.type,
        param: reply.param ?? null,
        code: reply.code === undefined ? fallback.code : reply.code,
      },
    },
    headers,
  }
}
