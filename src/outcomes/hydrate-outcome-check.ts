import { readCheck } from './read-check.js'
import type { OutcomeCheck } from './types.js'

/**
 * Validates an outcome check read from JSON and rebuilds it with live primitives
 * (`hydratePrimitive`); an invalid node is an `InvalidArgumentError` naming its location below
 * `where`. Unknown keys and unknown types are errors, so a document round-trips losslessly.
 *
 * @example
 * hydrateOutcomeCheck(JSON.parse(text), 'outcomeCriteria.0.check')
 */
export function hydrateOutcomeCheck(data: unknown, where: string): OutcomeCheck {
  return readCheck(data, where, true)
}
