import type { TurnRecord } from '../src/state/types.js'
import type { MatcherUtils } from './matcher-types.js'
import { truncate } from './text.js'

// The per-turn lines of the handoff and guardrail matchers' messages: each turn's chain of agents
// and the guardrail that tripped on it, for the turns the matcher read (the first and the last
// ones of a long run), so a failure shows what happened instead.

const MAX_TURNS = 8
const HEAD = 3
const TAIL = 4
const LINE_WIDTH = 100
const NODE_WIDTH = 16

/** One line per selected turn: `  #1 refund  triage → billing; guardrail no-math (input)`. */
export function agentTurnLines(
  history: readonly TurnRecord[],
  turns: readonly number[],
  utils: MatcherUtils,
): string[] {
  if (turns.length === 0) return ['  (no turns)']
  const shown: (number | undefined)[] =
    turns.length <= MAX_TURNS
      ? [...turns]
      : [...turns.slice(0, HEAD), undefined, ...turns.slice(-TAIL)]
  let widest = 0
  for (const i of turns) widest = Math.max(widest, (history[i] as TurnRecord).nodeId.length)
  const nodeWidth = Math.min(NODE_WIDTH, widest)
  let last = 0
  for (const i of turns) last = Math.max(last, i)
  const indexWidth = String(last).length
  return shown.map((index) => {
    if (index === undefined) return utils.DIM_COLOR(`  … ${turns.length - HEAD - TAIL} more turns`)
    const turn = history[index] as TurnRecord
    const head = `  #${String(index).padEnd(indexWidth)} ${turn.nodeId.padEnd(nodeWidth)}  `
    const parts: string[] = []
    const chain = turn.agents ?? (turn.agent === undefined ? [] : [turn.agent])
    parts.push(chain.length === 0 ? utils.DIM_COLOR('(no agent named)') : chain.join(' → '))
    if (turn.guardrail !== undefined) {
      parts.push(`guardrail ${turn.guardrail.name} (${turn.guardrail.kind})`)
    }
    return head + truncate(parts.join('; '), LINE_WIDTH)
  })
}

/** The turns a matcher with `{ turn? }` reads: that one (none when out of range), or every turn. */
export function turnsRead(history: readonly TurnRecord[], turn: number | undefined): number[] {
  if (turn === undefined) return history.map((_, i) => i)
  const index = turn < 0 ? history.length + turn : turn
  return index >= 0 && index < history.length ? [index] : []
}
