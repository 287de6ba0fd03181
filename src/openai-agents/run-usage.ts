import type { Usage } from '../state/types.js'

/**
 * The run's tokens in the library's terms, summed over its model calls (`rawResponses`, one per
 * call, handoffs included): `input` and `output` from each call's `inputTokens`/`outputTokens`,
 * `cached` from its `inputTokensDetails` (`cached_tokens`, a record or a list of records,
 * depending on the SDK version and the model). OpenAI reports no cache-write tokens:
 * `cacheWrite` is 0. Only these four keys: an agent's usage with any other is an error.
 */
export function runUsage(responses: readonly { readonly usage?: unknown }[]): Usage {
  const total: Usage = { input: 0, output: 0, cached: 0, cacheWrite: 0 }
  for (const { usage } of responses) {
    if (typeof usage !== 'object' || usage === null) continue
    const { inputTokens, outputTokens, inputTokensDetails } = usage as {
      inputTokens?: unknown
      outputTokens?: unknown
      inputTokensDetails?: unknown
    }
    total.input += count(inputTokens)
    total.output += count(outputTokens)
    total.cached += cachedOf(inputTokensDetails)
  }
  return total
}

function cachedOf(details: unknown): number {
  if (Array.isArray(details)) return details.reduce((sum: number, d) => sum + cachedOf(d), 0)
  if (typeof details !== 'object' || details === null) return 0
  return count((details as { cached_tokens?: unknown }).cached_tokens)
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0
}
