import type { TurnRecord } from '../src/state/types.js'
import type { MatcherUtils } from './matcher-types.js'
import { truncate } from './text.js'

/** Beyond this many turns a transcript keeps the first and the last ones. */
export const MAX_TRANSCRIPT_TURNS = 8
const HEAD = 3
const TAIL = 4
const TEXT_WIDTH = 32
const NODE_WIDTH = 16

/**
 * The compact transcript of some turns of a run, one line per turn:
 * `  #1 challenge  Q: Are you sure?…  A: navitoclax  ✗`. Turns are numbered from 0, as
 * `turnAt(i)` and the state's `turn` count them. A simulated user's question reads
 * `Q (simulated):` (with `goal reached` when it said so), a scripted answer `A (scripted):`, a
 * turn without a user message `Q: (none)`; when turn 0 is shown and the run was seeded, a line
 * before it counts the seeded messages. More than `max` turns are cut to the first three and
 * the last four.
 *
 * @example
 * transcriptLines(result.history, [1], this.utils)
 */
export function transcriptLines(
  history: readonly TurnRecord[],
  indexes: readonly number[] | undefined,
  utils: MatcherUtils,
  seeded = 0,
  max = MAX_TRANSCRIPT_TURNS,
): string[] {
  if (history.length === 0) return ['  (no turns)']
  const selected = indexes ?? history.map((_, i) => i)
  const seedLine =
    seeded > 0 && selected[0] === 0
      ? [utils.DIM_COLOR(`  seed: ${seeded} ${seeded === 1 ? 'message' : 'messages'} before #0`)]
      : []
  const shown: (number | undefined)[] =
    selected.length <= max
      ? [...selected]
      : [...selected.slice(0, HEAD), undefined, ...selected.slice(-TAIL)]
  const turns = shown.map((i) => (i === undefined ? undefined : history[i]))
  const nodeWidth = Math.min(NODE_WIDTH, Math.max(...turns.map((turn) => turn?.nodeId.length ?? 0)))
  // Over the turns shown (the last ones among them): a spread of a long run's turns would not fit
  // in a call's arguments.
  const indexWidth = String(Math.max(...shown.map((i) => i ?? 0))).length
  return [
    ...seedLine,
    ...shown.map((index, k) => {
      const turn = turns[k]
      if (index === undefined || turn === undefined) {
        return utils.DIM_COLOR(`  … ${selected.length - HEAD - TAIL} more turns`)
      }
      return turnLine(turn, index, indexWidth, nodeWidth, utils)
    }),
  ]
}

/** A turn as `#<index> <node>`, the label a diff keys its values by. */
export function turnLabel(turn: TurnRecord, index: number): string {
  return `#${index} ${turn.nodeId}`
}

function turnLine(
  turn: TurnRecord,
  index: number,
  indexWidth: number,
  nodeWidth: number,
  utils: MatcherUtils,
): string {
  const { DIM_COLOR: dim } = utils
  const answer =
    turn.rawResponse === null ? dim('(no answer)') : truncate(turn.rawResponse, TEXT_WIDTH)
  // `null`: no user message this turn (the answering side spoke first).
  const question: string | null = turn.questionText
  const asked = turn.user === undefined ? 'Q:' : 'Q (simulated):'
  const parts = [
    `  #${String(index).padEnd(indexWidth)} ${turn.nodeId.padEnd(nodeWidth)}`,
    `${dim(asked)} ${question === null ? dim('(none)') : truncate(question, TEXT_WIDTH)}`,
    `${dim(turn.scripted === true ? 'A (scripted):' : 'A:')} ${answer}`,
  ]
  if (turn.user?.goalReached === true) parts.push(dim('goal reached'))
  if (turn.toolCalls.length > 0) {
    parts.push(dim(`tools: ${truncate(turn.toolCalls.map((call) => call.name).join(', '), 40)}`))
  }
  const mark = verdictMark(turn, utils)
  if (mark !== '') parts.push(mark)
  return parts.join('  ')
}

function verdictMark(turn: TurnRecord, utils: MatcherUtils): string {
  if (turn.error !== undefined) return utils.RECEIVED_COLOR(`✗ error: ${turn.error.category}`)
  if (turn.verifyResult === true) return utils.EXPECTED_COLOR('✓')
  if (turn.verifyResult === false) return utils.RECEIVED_COLOR('✗')
  return ''
}
