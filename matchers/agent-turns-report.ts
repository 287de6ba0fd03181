import type { TurnRecord } from '../src/state/types.js'
import type { MatcherUtils } from './matcher-types.js'
import { turnLines } from './turn-lines.js'

// The per-turn lines of the handoff and guardrail matchers' messages: each turn's chain of agents
// and the guardrail that tripped on it, for the turns the matcher read (the first and the last
// ones of a long run), so a failure shows what happened instead.

/** One line per selected turn: `  #1 refund  triage → billing; guardrail no-math (input)`. */
export function agentTurnLines(
  history: readonly TurnRecord[],
  turns: readonly number[],
  utils: MatcherUtils,
): string[] {
  return turnLines(history, turns, utils, (turn) => {
    const chain = turn.agents ?? (turn.agent === undefined ? [] : [turn.agent])
    const parts = [chain.length === 0 ? utils.DIM_COLOR('(no agent named)') : chain.join(' → ')]
    if (turn.guardrail !== undefined) {
      parts.push(`guardrail ${turn.guardrail.name} (${turn.guardrail.kind})`)
    }
    return parts.join('; ')
  })
}

/** The turns a matcher with `{ turn? }` reads: that one (none when out of range), or every turn. */
export function turnsRead(history: readonly TurnRecord[], turn: number | undefined): number[] {
  if (turn === undefined) return history.map((_, i) => i)
  const index = turn < 0 ? history.length + turn : turn
  return index >= 0 && index < history.length ? [index] : []
}
