import type { IncomingMessage } from 'node:http'

/** What every request carries, whatever the protocol, as `readHttpRequest` records it. */
export interface HttpRequestParts {
  /** Upper-case HTTP method. */
  readonly method: string
  /** The path without the query string. */
  readonly path: string
  /** The query string without `?` (empty when none). */
  readonly query: string
  /** Lower-case headers, repeated ones joined with `, `, secrets replaced by `[redacted]`. */
  readonly headers: Record<string, string>
  /** The JSON body parsed, the raw text when it is not JSON, `undefined` when empty. */
  readonly body: unknown
}

/** Lower-case headers, repeated ones joined with `, `, secrets replaced by `[redacted]`. */
function storedHeaders(
  request: IncomingMessage,
  secretHeaders: ReadonlySet<string>,
): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers[name] = secretHeaders.has(name)
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

/**
 * Reads the whole request. The values of `secretHeaders` (lower-case names: those carrying the
 * API key) are never stored; each server compares its credential itself, from `request.headers`.
 */
export async function readHttpRequest(
  request: IncomingMessage,
  secretHeaders: ReadonlySet<string>,
): Promise<HttpRequestParts> {
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  }
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  return {
    method: (request.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
    headers: storedHeaders(request, secretHeaders),
    body: parseBody(Buffer.concat(chunks).toString('utf8')),
  }
}
