// The credentials a live call carries, found before it is recorded: each is remembered as a live
// key, so the secret scan refuses a recording that holds it anywhere.

/**
 * The key a client the library builds gets when none is set and a session records its calls:
 * enough to build an SDK client and replay. It means "no key": a call that carries it is recorded
 * as a call without a credential, and the placeholder is never sent.
 */
export const PLACEHOLDER_KEY = 'vitest-scenario-no-api-key'

/** What a request carries by way of credentials. */
export interface RequestCredentials {
  /** The values found: headers (without their scheme), credential query parameters, body keys. */
  keys: string[]
  /** A credential header that is there but empty (`x-api-key: ''`, `Authorization: Bearer`). */
  empty: string | undefined
  /** The headers that carry only the placeholder key: left out of the live call. */
  placeholders: string[]
}

/**
 * Query parameters that carry a credential (case-insensitive): their values are live keys. The
 * stored request never has them (`requestTarget` drops credential-like names).
 */
const QUERY_NAMES = new Set([
  'key',
  'api-key',
  'api_key',
  'apikey',
  'subscription-key',
  'token',
  'access_token',
  'id_token',
  'jwt',
  'sig',
  'signature',
  'pass',
  'password',
  'passwd',
  'secret',
  'client_secret',
  'code',
  'auth',
  'authorization',
])

/**
 * Top-level body keys that carry a credential (some APIs take the key in the JSON body), compared
 * without case, `-` or `_`. Narrower than the query's: a body's `code` or `signature` is content.
 */
const BODY_NAMES = new Set([
  'key',
  'apikey',
  'accesstoken',
  'authtoken',
  'idtoken',
  'token',
  'secret',
  'clientsecret',
  'password',
  'subscriptionkey',
])

/** The scheme before an `authorization` header's credential. */
const AUTH_SCHEME = /^(Bearer|Basic|Token|Key|Bot)(\s+|$)/i

/**
 * Credential headers: `authorization` (its scheme taken off), and any name with `key`, `token`
 * or `secret` in it (`x-api-key`, Azure's `api-key`, `x-goog-api-key`, `x-auth-token`), but an
 * SDK's `idempotency-key`, which is no secret.
 */
function isCredentialHeader(name: string): boolean {
  if (name === 'authorization' || name === 'proxy-authorization') return true
  return /key|token|secret/.test(name) && name !== 'idempotency-key'
}

/**
 * The credentials of a call: every credential header, credential query parameter and top-level
 * credential body key, with their values. A header holding only the placeholder key counts as
 * none (and is named in `placeholders`); a header that is there with no value is `empty`.
 */
export function requestCredentials(
  url: string,
  headers: Headers,
  body: unknown,
): RequestCredentials {
  const found: RequestCredentials = { keys: [], empty: undefined, placeholders: [] }
  headers.forEach((raw, name) => {
    if (!isCredentialHeader(name)) return
    const value = name.endsWith('authorization') ? raw.replace(AUTH_SCHEME, '') : raw
    const key = value.trim()
    if (key === PLACEHOLDER_KEY) found.placeholders.push(name)
    else if (key === '') found.empty ??= name
    else found.keys.push(key)
  })
  for (const [name, value] of queryOf(url)) {
    if (QUERY_NAMES.has(name.toLowerCase()) && value !== '') found.keys.push(value)
  }
  for (const value of bodyKeys(body)) found.keys.push(value)
  return found
}

/** The query parameters of `url` (none when it does not parse). */
function queryOf(url: string): [string, string][] {
  const start = url.indexOf('?')
  if (start === -1) return []
  return [...new URLSearchParams(url.slice(start + 1).replace(/#.*$/, ''))]
}

/** The values of a JSON body's top-level credential keys (a body of another kind has none). */
function bodyKeys(body: unknown): string[] {
  if (typeof body !== 'string' || !body.trimStart().startsWith('{')) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return []
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return []
  const keys: string[] = []
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string' || value === '') continue
    if (BODY_NAMES.has(name.toLowerCase().replace(/[-_]/g, ''))) keys.push(value)
  }
  return keys
}
