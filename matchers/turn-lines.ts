import type { TurnRecord } from '../src/state/types.js'
import type { MatcherUtils } from './matcher-types.js'
import { truncate } from './text.js'

// A message lists at most this many turns (the first and the last ones), each on one line of at
// most this width, so a long run stays readable.
const MAX_TURNS = 8
const HEAD = 3
const TAIL = 4
const LINE_WIDTH = 100
const NODE_WIDTH = 16

/**
 * One line per selected turn, `  #<index> <node>  <text of the turn>`: every turn of `turns` (in
 * ascending order) when there are at most 8, else the first 3 and the last 4 with a count of the
 * ones left out between them. `text` says what the matcher shows of a turn (its calls, its
 * agents); the line is cut at 100 characters.
 */
export function turnLines(
  history: readonly TurnRecord[],
  turns: readonly number[],
  utils: MatcherUtils,
  text: (turn: TurnRecord) => string,
): string[] {
  if (turns.length === 0) return ['  (no turns)']
  const shown: (number | undefined)[] =
    turns.length <= MAX_TURNS
      ? [...turns]
      : [...turns.slice(0, HEAD), undefined, ...turns.slice(-TAIL)]
  // Loops, not spreads: a long run's turns would not fit in a call's arguments.
  let widest = 0
  let last = 0
  for (const i of turns) {
    widest = Math.max(widest, (history[i] as TurnRecord).nodeId.length)
    last = Math.max(last, i)
  }
  const nodeWidth = Math.min(NODE_WIDTH, widest)
  const indexWidth = String(last).length
  return shown.map((index) => {
    if (index === undefined) return utils.DIM_COLOR(`  … ${turns.length - HEAD - TAIL} more turns`)
    const turn = history[index] as TurnRecord
    const head = `  #${String(index).padEnd(indexWidth)} ${turn.nodeId.padEnd(nodeWidth)}  `
    return head + truncate(text(turn), LINE_WIDTH)
  })
}
