import type { IncomingMessage } from 'node:http'
import type { AuthorizationState, ReceivedRequest } from './types.js'

/** A `ReceivedRequest` the server updates as it answers (tests see it read-only). */
export type RequestRecord = { -readonly [K in keyof ReceivedRequest]: ReceivedRequest[K] }

/** Headers whose values are never stored: they carry the API key. */
const SECRET_HEADERS = new Set(['authorization', 'api-key'])

/** Where the request came in, for `readRequest`. */
export interface RequestContext {
  /** 1-based arrival position. */
  readonly index: number
  /** The server's `apiKey` option. */
  readonly apiKey: string | undefined
  /** `performance.now()` when the server started. */
  readonly startedAt: number
}

/**
 * Compares the credential with the expected key without keeping either: `Authorization: Bearer
 * <key>`, or Azure's `api-key: <key>` header (what `AzureOpenAI` sends).
 */
function authorizationState(
  header: string | undefined,
  azureKey: string | string[] | undefined,
  apiKey: string | undefined,
) {
  const azure = typeof azureKey === 'string' && azureKey !== '' ? azureKey : undefined
  if ((header === undefined || header === '') && azure === undefined) return 'missing'
  if (apiKey === undefined) return 'present'
  return header === `Bearer ${apiKey}` || azure === apiKey ? 'matched' : 'mismatched'
}

/** Lower-case headers, repeated ones joined with `, `, secrets replaced by `[redacted]`. */
function storedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers[name] = SECRET_HEADERS.has(name)
      ? '[redacted]'
      : Array.isArray(value)
        ? value.join(', ')
        : value
  }
  return headers
}

/** The body as JSON when it parses, else as text; `undefined` when empty. */
function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** Reads the whole request and records it; the API key itself is never stored. */
export async function readRequest(
  request: IncomingMessage,
  context: RequestContext,
): Promise<RequestRecord> {
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  }
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const authorization: AuthorizationState = authorizationState(
    request.headers.authorization,
    request.headers['api-key'],
    context.apiKey,
  )
  return {
    index: context.index,
    method: (request.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
    headers: storedHeaders(request),
    authorization,
    body: parseBody(Buffer.concat(chunks).toString('utf8')),
    receivedAt: Date.now(),
    sinceStartMs: performance.now() - context.startedAt,
    status: undefined,
    outcome: 'pending',
  }
}
