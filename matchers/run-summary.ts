import type { ScenarioExecutionResult } from '../src/state/types.js'
import { plural, truncate } from './text.js'

/** How much of a run's error message a summary line keeps. */
const ERROR_CHARS = 600

/**
 * How a run ended, in one sentence: `The run completed after 2 turns.`, `The run reached the turn
 * limit after 20 turns.`, `The run ended with an error at 'ask' (agent): boom`.
 */
export function runSummary(result: ScenarioExecutionResult): string {
  const turns = plural(result.turnCount, 'turn')
  switch (result.status) {
    case 'completed':
      return `The run completed after ${turns}.`
    case 'limit_reached':
      return `The run reached the turn limit after ${turns}.`
    default: {
      const { error } = result
      if (error === undefined) return `The run ended with an error after ${turns}.`
      // Long enough for the whole cause: what failed, where (the endpoint), why, and the fix.
      return `The run ended with an error at '${error.nodeId}' (${error.category}) after ${turns}: ${truncate(error.message, ERROR_CHARS)}`
    }
  }
}
