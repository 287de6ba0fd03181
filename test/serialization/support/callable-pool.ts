// Functions the random definitions use: shared named ones (resolved by name), fresh anonymous ones
// and fresh ones that share a name (written as '' and resolved by location).
import type { ScenarioExecutionResult, ScenarioStateView } from '../../../src/core.js'

/** A shared named condition. */
export function isLate(state: ScenarioStateView): boolean {
  return state.turn >= 2
}

/** A shared named state update. */
export function tally(accumulated: Record<string, unknown>): Record<string, unknown> {
  const n = accumulated.tally
  return { ...accumulated, tally: (typeof n === 'number' ? n : 0) + 1 }
}

/** A shared named question. */
export function askByTurn(state: ScenarioStateView): string {
  return `Question ${state.turn} at ${state.currentNode}`
}

/** A shared named trait function. */
export function isBrief(response: string): boolean {
  return response.length < 40
}

/** A shared named outcome evaluation. */
export function ranTwice(result: ScenarioExecutionResult): number {
  return result.turnCount >= 2 ? 1 : 0
}

/** A shared named agent. */
export async function echoAgent(): Promise<string> {
  return '{"verdict": true}'
}

/** How a function is made for a location: shared and named, fresh and anonymous, or fresh sharing a name. */
export type FnKind = 'named' | 'anonymous' | 'sameName'

/** A function of the given kind made from `named` (fresh copies call it). */
export function pick<F extends (...args: never[]) => unknown>(named: F, kind: FnKind): F {
  if (kind === 'named') return named
  if (kind === 'anonymous') return [(...args: Parameters<F>) => named(...args)][0] as unknown as F
  // A fresh function whose name every other 'sameName' copy shares.
  const copy = {
    shared: (...args: Parameters<F>) => named(...args),
  }.shared
  return copy as unknown as F
}
