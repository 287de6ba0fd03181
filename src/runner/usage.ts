import type { TurnUsage, Usage } from '../state/types.js'

/** Usage with every count at zero. */
export function zeroUsage(): Usage {
  return { input: 0, output: 0, cached: 0 }
}

/** A turn's usage from its answering, judging and simulating sides. */
export function turnUsage(
  answering: Usage,
  judging: Usage = zeroUsage(),
  simulating: Usage = zeroUsage(),
): TurnUsage {
  return {
    input: answering.input + judging.input + simulating.input,
    output: answering.output + judging.output + simulating.output,
    cached: answering.cached + judging.cached + simulating.cached,
    answering,
    judging,
    simulating,
  }
}

/** Usage reported by an agent, with missing or invalid counts read as 0. */
export function usageFrom(reported: Partial<Usage> | undefined): Usage {
  if (reported === undefined) return zeroUsage()
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0)
  return {
    input: count(reported.input),
    output: count(reported.output),
    cached: count(reported.cached),
  }
}

/** A model's price per million tokens; cached input tokens default to the input price. */
export interface ModelPrice {
  input: number
  output: number
  cached?: number | undefined
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
  return (
    ((usage.input - usage.cached) * price.input +
      usage.cached * cachedRate +
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

/** Adds `turn` into `total`, in place; the total has a cost only while every turn has one. */
export function addUsage(total: TurnUsage, turn: TurnUsage): void {
  total.input += turn.input
  total.output += turn.output
  total.cached += turn.cached
  total.answering.input += turn.answering.input
  total.answering.output += turn.answering.output
  total.answering.cached += turn.answering.cached
  total.judging.input += turn.judging.input
  total.judging.output += turn.judging.output
  total.judging.cached += turn.judging.cached
  total.simulating.input += turn.simulating.input
  total.simulating.output += turn.simulating.output
  total.simulating.cached += turn.simulating.cached
  if (total.cost !== undefined)
    total.cost = turn.cost === undefined ? undefined : total.cost + turn.cost
  if (turn.replayed === true) total.replayed = true
}
