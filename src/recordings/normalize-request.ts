import { createHash } from 'node:crypto'
import { JsonTooDeepError, MAX_JSON_DEPTH } from '../internal/json-depth.js'
import type { RedactHook } from '../secrets/redact-hook.js'
import { type Json, setOwn } from './stable-json.js'

/** A request as recordings key and store it: no headers, no host, canonical JSON body. */
export interface RecordedRequest {
  method: string
  /** The path relative to the client's base URL, e.g. `/chat/completions`. */
  path: string
  /** The query string, parameters sorted, credential-like ones removed; absent when empty. */
  query?: string
  body?: Json
}

export type { RedactHook } from '../secrets/redact-hook.js'

/** Request strings longer than this are stored and matched as a hash (8 KB). */
export const LARGE_STRING_BYTES = 8 * 1024

/** Body fields that vary between runs without changing the answer (a user id, a cache key, metadata): never part of the key. */
const BODY_DENYLIST = new Set(['user', 'safety_identifier', 'prompt_cache_key', 'metadata'])

/**
 * Query parameters that carry credentials: never stored, never part of the key. Names are
 * matched broadly and case-insensitively, as headers are default-deny: any name containing key,
 * token, secret, password, passwd, pwd, auth, credential, session, cookie, signature, nonce, jwt
 * or passphrase, a `sig` or `pass` segment (`sig`, `sv-sig`, `pass`, `db_pass`; a bare
 * substring would catch `passage` or `bypass`), and the OAuth names `code`, `state`, `client_id`…
 * stay out. What is kept is still scanned with the secret rules before a write.
 */
const CREDENTIAL_PARAMS =
  /key|token|secret|passw|pwd|auth|credential|session|cookie|signature|jwt|passphrase|(^|[-_.])(sig|pass)([-_.]|$)|nonce|^code$|^client[-_]?id$|^state$|^otp$/i

/**
 * Turns one `fetch` call of the SDK into the request recordings store and match on: the method,
 * the path relative to `baseURL`, the sorted query without credentials, and the JSON body with
 * its keys sorted, minus a short denylist, strings over 8 KB replaced by their hash.
 */
export function normalizeRequest(
  url: string,
  init: { method?: string | undefined; body?: unknown },
  baseURL: string,
  redact?: RedactHook,
): RecordedRequest {
  const request = requestTarget(url, init.method, baseURL)
  const body = bodyJson(init.body)
  if (body !== undefined) request.body = normalizeJson(body, 'request.body', redact)
  return request
}

/**
 * The method, the path relative to `baseURL` and the sorted query without credentials of a call:
 * a normalized request without its body.
 */
export function requestTarget(
  url: string,
  method: string | undefined,
  baseURL: string,
): RecordedRequest {
  const parsed = new URL(url)
  const base = new URL(baseURL.endsWith('/') ? baseURL : `${baseURL}/`)
  const path =
    parsed.origin === base.origin && parsed.pathname.startsWith(base.pathname)
      ? `/${parsed.pathname.slice(base.pathname.length)}`
      : parsed.pathname
  const request: RecordedRequest = { method: (method ?? 'GET').toUpperCase(), path }
  const params = [...parsed.searchParams].filter(([name]) => !CREDENTIAL_PARAMS.test(name))
  if (params.length > 0) {
    request.query = params
      .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&')
  }
  return request
}

/** `sha256:<hex> (<n> bytes)`: how a large string is stored. */
export function hashString(value: string | Uint8Array): string {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value
  return `sha256:${createHash('sha256').update(bytes).digest('hex')} (${bytes.length} bytes)`
}

/**
 * A request body as JSON: parsed when it is JSON text (the denylisted keys of an object body
 * removed); the text when it is not JSON; the hash of bytes. A stream, FormData or Blob throws.
 */
export function bodyJson(body: unknown): Json | undefined {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string') {
    try {
      const value = JSON.parse(body) as Json
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        withoutDenylisted(value)
      }
      return value
    } catch {
      return body
    }
  }
  // A form body is text: recorded and matched as `fetch` sends it.
  if (body instanceof URLSearchParams) return body.toString()
  if (body instanceof Uint8Array) return hashString(body)
  if (body instanceof ArrayBuffer) return hashString(new Uint8Array(body))
  throw new TypeError(
    `a request body of type ${Object.prototype.toString.call(body).slice(8, -1)} (a stream, FormData or Blob) cannot be recorded`,
  )
}

/** Removes the denylisted keys (`user`, `metadata`, …) from a parsed body object. */
export function withoutDenylisted(body: { [key: string]: Json }): void {
  for (const key of BODY_DENYLIST) delete body[key]
}

/**
 * A canonical copy of (part of) a request body, in one walk: keys sorted at every level, every
 * string through `redact` (given its JSON path, `path` being the value's own) and replaced by its
 * hash when it is over 8 KB. `depth` is the value's own below the body; a body nested deeper
 * than `MAX_JSON_DEPTH` throws a `JsonTooDeepError` (the walk is recursive).
 */
export function normalizeJson(
  value: Json,
  path: string,
  redact: RedactHook | undefined,
  depth = 0,
): Json {
  if (typeof value === 'string') {
    const kept = redact === undefined ? value : redact(value, path)
    // UTF-8 takes at most 3 bytes per UTF-16 unit: most strings need no byte count.
    return kept.length * 3 > LARGE_STRING_BYTES && Buffer.byteLength(kept) > LARGE_STRING_BYTES
      ? hashString(kept)
      : kept
  }
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_JSON_DEPTH) throw new JsonTooDeepError(path)
  if (Array.isArray(value)) {
    // A loop, not `map`: one stack frame per level, so the limit comes before the stack's.
    const items: Json[] = new Array(value.length)
    for (let i = 0; i < value.length; i++) {
      const at = redact === undefined ? path : `${path}.${i}`
      items[i] = normalizeJson(value[i] as Json, at, redact, depth + 1)
    }
    return items
  }
  const out: { [key: string]: Json } = {}
  for (const key of Object.keys(value).sort()) {
    const item = value[key] as Json
    const at = redact === undefined ? path : `${path}.${key}`
    setOwn(out, key, normalizeJson(item, at, redact, depth + 1))
  }
  return out
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
