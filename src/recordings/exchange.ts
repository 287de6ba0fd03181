// What a live exchange says about itself, read before it is kept in a recording.

/**
 * The credential a request carries: the bearer token, Azure's `api-key`, Anthropic's `x-api-key`
 * or Google's `x-goog-api-key`.
 */
export function bearer(headers: Headers): string | undefined {
  const authorization = headers.get('authorization')
  if (authorization !== null) return authorization.replace(/^Bearer\s+/i, '').trim()
  return (
    headers.get('api-key') ?? headers.get('x-api-key') ?? headers.get('x-goog-api-key') ?? undefined
  )
}

/**
 * A 2xx response that cannot be an API answer: a body that is neither JSON nor an event stream
 * (HTML from a proxy, JSON sent as `text/plain`), JSON that does not parse, or a JSON body with a
 * top-level `error`.
 */
export function unusableSuccess(response: Response, text: string): boolean {
  if (response.status < 200 || response.status > 299) return false
  // No content is a complete answer where an API sends it (never for a completion).
  if ((response.status === 204 || response.status === 205) && text === '') return false
  const type = (response.headers.get('content-type') ?? '').toLowerCase()
  if (!type.includes('json')) return true
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return true
  }
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { error?: unknown }).error !== undefined &&
    (body as { error?: unknown }).error !== null
  )
}

/**
 * Responses the SDK or the library retries (`x-should-retry: true`, 408, 409, 429, 5xx): never
 * recorded, since only the final answer of a retried call belongs in the conversation.
 */
export function transient(response: Response): boolean {
  const shouldRetry = response.headers.get('x-should-retry')
  if (shouldRetry === 'true') return true
  if (shouldRetry === 'false') return false
  const { status } = response
  return status === 408 || status === 409 || status === 429 || status >= 500
}
