import { withModel } from '../internal/usage-details.js'
import type { Usage } from '../state/types.js'

/**
 * The run's tokens in the library's terms, summed over its model calls (`rawResponses`, one per
 * call, handoffs included): `input` and `output` from each call's `inputTokens`/`outputTokens`,
 * `cached` from its `inputTokensDetails` (`cached_tokens`, a record or a list of records,
 * depending on the SDK version and the model) and `reasoning` from its `outputTokensDetails`
 * (`reasoning_tokens`, absent when no call states it). OpenAI reports no cache-write tokens:
 * `cacheWrite` is 0. `model` is the model each call's raw response names (`providerData.model`,
 * which the OpenAI models keep), the distinct names in order; absent when none does (the turn
 * then takes the names of the calls counted through a `wrap()`ped client).
 */
export function runUsage(
  responses: readonly { readonly usage?: unknown; readonly providerData?: unknown }[],
): Usage {
  const total: Usage = { input: 0, output: 0, cached: 0, cacheWrite: 0 }
  let reasoning: number | undefined
  let model: string | undefined
  for (const { usage, providerData } of responses) {
    if (typeof providerData === 'object' && providerData !== null) {
      model = withModel(model, (providerData as { model?: unknown }).model)
    }
    if (typeof usage !== 'object' || usage === null) continue
    const { inputTokens, outputTokens, inputTokensDetails, outputTokensDetails } = usage as {
      inputTokens?: unknown
      outputTokens?: unknown
      inputTokensDetails?: unknown
      outputTokensDetails?: unknown
    }
    total.input += count(inputTokens)
    total.output += count(outputTokens)
    total.cached += detailOf(inputTokensDetails, 'cached_tokens') ?? 0
    const thought = detailOf(outputTokensDetails, 'reasoning_tokens')
    if (thought !== undefined) reasoning = (reasoning ?? 0) + thought
  }
  if (reasoning !== undefined) total.reasoning = reasoning
  if (model !== undefined) total.model = model
  return total
}

/** A detail count (a record, or a list of records), summed; `undefined` when none states it. */
function detailOf(details: unknown, key: string): number | undefined {
  if (Array.isArray(details)) {
    let sum: number | undefined
    for (const d of details) {
      const n = detailOf(d, key)
      if (n !== undefined) sum = (sum ?? 0) + n
    }
    return sum
  }
  if (typeof details !== 'object' || details === null) return undefined
  const n = (details as Record<string, unknown>)[key]
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0
}
