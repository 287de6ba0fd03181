import { z } from 'zod'
import { InvalidArgumentError } from '../errors/index.js'
import type { ModelConfig } from '../models/types.js'
import type { TurnUsage } from '../state/types.js'
import type { ModelPrice } from './usage.js'

const TOKENS = 'a number of tokens (an integer ≥ 0), input + output of every call'
const COST = 'a cost (a number ≥ 0) in the currency of `prices`'

/**
 * A run's budget: `tokens` (input + output tokens, cached input included in input) and `cost`
 * (priced with `prices`), over every call of the run so far — answering, judging, simulating.
 */
export const budgetSchema = z
  .strictObject(
    {
      tokens: z.int(TOKENS).min(0, { error: TOKENS }).optional(),
      cost: z.number(COST).nonnegative({ error: COST }).optional(),
    },
    { error: 'a budget { tokens?, cost? }' },
  )
  .refine((budget) => budget.tokens !== undefined || budget.cost !== undefined, {
    error: 'a budget with `tokens`, `cost` or both (an empty budget bounds nothing)',
  })

/** A run's budget: at most this many tokens, at most this cost. */
export type Budget = z.input<typeof budgetSchema>

/** How the run's usage stands against its budget after a turn. */
export type BudgetCheck = 'within' | 'exceeded' | 'cost_unknown'

/**
 * Checks the usage so far against the budget: `exceeded` once the tokens or the cost went past
 * their limit (reaching it exactly is within), `cost_unknown` when a cost limit cannot be checked
 * because a call of the run used a model that has no price.
 */
export function checkBudget(budget: Budget, usage: TurnUsage): BudgetCheck {
  if (budget.tokens !== undefined && usage.input + usage.output > budget.tokens) return 'exceeded'
  if (budget.cost === undefined) return 'within'
  if (usage.cost === undefined) return 'cost_unknown'
  return usage.cost > budget.cost ? 'exceeded' : 'within'
}

/**
 * A cost budget needs prices: without `prices`, or without a price for the run's answering or
 * parsing model, it could never be checked — a programmer error when the run starts. (A node's
 * own model, or an agent's reported tokens, are priced per turn; a turn that cannot be priced
 * leaves a `budget` diagnostic.)
 */
export function assertBudgetPriced(
  budget: Budget | undefined,
  prices: Readonly<Record<string, ModelPrice>> | undefined,
  models: readonly (ModelConfig | undefined)[],
): void {
  if (budget?.cost === undefined) return
  if (prices === undefined) {
    throw new InvalidArgumentError(
      'The run has a cost budget (`budget.cost`) and no prices to compute a cost with',
      "Pass `prices: { 'model-name': { input, output, cached?, cacheWrite? } }` (per million tokens), in the run options or scenarioPlugin({ prices }), or budget tokens instead (`budget: { tokens }`).",
    )
  }
  const unpriced = models
    .map((model) => model?.model)
    .filter((name): name is string => name !== undefined && !Object.hasOwn(prices, name))
  if (unpriced.length === 0) return
  throw new InvalidArgumentError(
    `The run has a cost budget (\`budget.cost\`), and \`prices\` has no price for ${[...new Set(unpriced)].map((name) => `'${name}'`).join(', ')}`,
    'Add a price { input, output, cached?, cacheWrite? } per million tokens for every model the run uses, or budget tokens instead (`budget: { tokens }`).',
  )
}
