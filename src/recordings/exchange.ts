// What a live exchange says about itself, read before it is kept in a recording.

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
