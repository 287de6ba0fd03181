import type { IncomingMessage } from 'node:http'
import type { CredentialState, ReceivedRequest } from './types.js'

/** A `ReceivedRequest` the server updates as it answers (tests see it read-only). */
export type RequestRecord = { -readonly [K in keyof ReceivedRequest]: ReceivedRequest[K] }

/** Headers whose values are never stored: they carry the API key. */
const SECRET_HEADERS = new Set(['x-api-key', 'authorization'])

/**
 * Compares the credential with the expected key without keeping either: `x-api-key: <key>` (an
 * API key), or `Authorization: Bearer <key>` (what the SDK's `authToken` sends).
 */
function credentialState(request: IncomingMessage, apiKey: string | undefined): CredentialState {
  const header = request.headers['x-api-key']
  const key = typeof header === 'string' && header !== '' ? header : undefined
  const bearer = request.headers.authorization?.replace(/^Bearer /, '')
  const token = bearer === undefined || bearer === '' ? undefined : bearer
  if (key === undefined && token === undefined) return 'missing'
  if (apiKey === undefined) return 'present'
  return key === apiKey || token === apiKey ? 'matched' : 'mismatched'
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
  index: number,
  apiKey: string | undefined,
): Promise<RequestRecord> {
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  }
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const version = request.headers['anthropic-version']
  return {
    index,
    method: (request.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
    headers: storedHeaders(request),
    credential: credentialState(request, apiKey),
    anthropicVersion: typeof version === 'string' && version !== '' ? version : undefined,
    body: parseBody(Buffer.concat(chunks).toString('utf8')),
    status: undefined,
    outcome: 'pending',
  }
}
