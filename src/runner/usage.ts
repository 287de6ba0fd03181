import { addDetails, withDetails } from '../internal/usage-details.js'
import type { TurnUsage, Usage } from '../state/types.js'

/** Usage with every count at zero. */
export function zeroUsage(): Usage {
  return { input: 0, output: 0, cached: 0, cacheWrite: 0 }
}

/** A turn's usage from its answering, judging and simulating sides. */
export function turnUsage(
  answering: Usage,
  judging: Usage = zeroUsage(),
  simulating: Usage = zeroUsage(),
): TurnUsage {
  const usage: TurnUsage = {
    input: answering.input + judging.input + simulating.input,
    output: answering.output + judging.output + simulating.output,
    cached: answering.cached + judging.cached + simulating.cached,
    cacheWrite: answering.cacheWrite + judging.cacheWrite + simulating.cacheWrite,
    answering,
    judging,
    simulating,
  }
  // Reasoning tokens are summed over the sides; the model is the answering side's alone.
  if (
    answering.reasoning !== undefined ||
    judging.reasoning !== undefined ||
    simulating.reasoning !== undefined
  ) {
    usage.reasoning =
      (answering.reasoning ?? 0) + (judging.reasoning ?? 0) + (simulating.reasoning ?? 0)
  }
  if (answering.model !== undefined) usage.model = answering.model
  return usage
}

/**
 * Usage reported by an agent (already checked: known keys, counts ≥ 0), a missing count read
 * as 0; `reasoning` and `model` kept when given. A partial reply kept from a failed model turn is read the same way.
 */
export function usageFrom(reported: Partial<Usage> | undefined): Usage {
  if (reported === undefined) return zeroUsage()
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0)
  const usage: Usage = {
    input: count(reported.input),
    output: count(reported.output),
    cached: count(reported.cached),
    cacheWrite: count(reported.cacheWrite),
  }
  return withDetails(usage, reported.reasoning, reported.model)
}

/**
 * A model's price per million tokens; cached input tokens (read from the cache) and cache-write
 * tokens default to the input price.
 */
export interface ModelPrice {
  input: number
  output: number
  cached?: number | undefined
  cacheWrite?: number | undefined
}

/** The price of one side's tokens, or `undefined` when the model is not in the table. */
function sideCost(
  usage: Usage,
  model: string | undefined,
  prices: Readonly<Record<string, ModelPrice>>,
): number | undefined {
  if (usage.input === 0 && usage.output === 0) return 0
  const price = model === undefined ? undefined : prices[model]
  if (price === undefined) return undefined
  const cachedRate = price.cached ?? price.input
  const writeRate = price.cacheWrite ?? price.input
  return (
    ((usage.input - usage.cached - usage.cacheWrite) * price.input +
      usage.cached * cachedRate +
      usage.cacheWrite * writeRate +
      usage.output * price.output) /
    1_000_000
  )
}

/**
 * Sets `usage.cost` from the price table when every side's model is priced (or spent nothing):
 * answering, judging, and the simulated user's.
 */
export function priceTurn(
  usage: TurnUsage,
  models: {
    answering: string | undefined
    judging: string | undefined
    simulating?: string | undefined
  },
  prices: Readonly<Record<string, ModelPrice>> | undefined,
): void {
  if (prices === undefined) return
  const answering = sideCost(usage.answering, models.answering, prices)
  const judging = sideCost(usage.judging, models.judging, prices)
  const simulating = sideCost(usage.simulating, models.simulating, prices)
  if (answering !== undefined && judging !== undefined && simulating !== undefined) {
    usage.cost = answering + judging + simulating
  }
}

/**
 * Adds `turn` into `total`, in place; the total has a cost only while every turn has one, its
 * reasoning tokens summed and its model names merged in order of first use (see `addDetails`).
 */
export function addUsage(total: TurnUsage, turn: TurnUsage): void {
  total.input += turn.input
  total.output += turn.output
  total.cached += turn.cached
  total.cacheWrite += turn.cacheWrite
  total.answering.input += turn.answering.input
  total.answering.output += turn.answering.output
  total.answering.cached += turn.answering.cached
  total.answering.cacheWrite += turn.answering.cacheWrite
  total.judging.input += turn.judging.input
  total.judging.output += turn.judging.output
  total.judging.cached += turn.judging.cached
  total.judging.cacheWrite += turn.judging.cacheWrite
  total.simulating.input += turn.simulating.input
  total.simulating.output += turn.simulating.output
  total.simulating.cached += turn.simulating.cached
  total.simulating.cacheWrite += turn.simulating.cacheWrite
  addDetails(total, turn)
  addDetails(total.answering, turn.answering)
  addDetails(total.judging, turn.judging)
  addDetails(total.simulating, turn.simulating)
  if (total.cost !== undefined)
    total.cost = turn.cost === undefined ? undefined : total.cost + turn.cost
  if (turn.replayed === true) total.replayed = true
}
