import type { TurnUsage, Usage } from '../state/types.js'

/** Usage with every count at zero. */
export function zeroUsage(): Usage {
  return { input: 0, output: 0, cached: 0 }
}

/** A turn's usage from its answering and judging sides (SPEC 13.20). */
export function turnUsage(answering: Usage, judging: Usage = zeroUsage()): TurnUsage {
  return {
    input: answering.input + judging.input,
    output: answering.output + judging.output,
    cached: answering.cached + judging.cached,
    answering,
    judging,
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

/** Adds `turn` into `total`, in place. */
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
}
