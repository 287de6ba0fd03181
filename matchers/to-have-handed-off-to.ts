import { InvalidArgumentError } from '../src/errors/index.js'
import { describeValue } from '../src/internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../src/internal/option-keys.js'
import { evaluateCheck } from '../src/outcomes/evaluate-outcome.js'
import { handedOffTo, handsOffTo } from '../src/outcomes/handed-off-to.js'
import { turnAt } from '../src/outcomes/scopes.js'
import type { Diagnostic, TurnRecord } from '../src/state/types.js'
import { agentTurnLines, turnsRead } from './agent-turns-report.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { formatValue, plural } from './text.js'

/** The options of `toHaveHandedOffTo` and `toHaveTrippedGuardrail`. */
export interface AgentTurnMatcherOptions {
  /** Only the turn at this index (0-based; negative counts from the end); default: any turn. */
  turn?: number | undefined
}

/**
 * Passes when the run handed off to `agent` (the agent follows the first entry of a turn's chain
 * of agents), in any turn or in the turn `turn`; on a result set, when every sample did. A
 * failure lists each turn's chain of agents.
 *
 * @example
 * expect(result).toHaveHandedOffTo('billing', { turn: 0 })
 */
export function toHaveHandedOffTo(
  this: MatcherState,
  received: unknown,
  agent: string,
  options?: AgentTurnMatcherOptions,
): MatcherOutcome {
  const where = 'toHaveHandedOffTo()'
  const turn = readTurnOption(options, where)
  if (typeof agent !== 'string' || agent === '') {
    throw new InvalidArgumentError(
      `${where} takes the name of the agent handed off to (a non-empty string), got ${describeValue(agent)}`,
      "Name the agent as the answering side does, e.g. expect(result).toHaveHandedOffTo('billing').",
    )
  }
  const check = handedOffTo(agent, turn === undefined ? {} : { scope: turnAt(turn) })
  const args =
    options === undefined ? formatValue(agent) : `${formatValue(agent)}, ${formatValue(options)}`
  return judgeReceived(this, { name: 'toHaveHandedOffTo', args }, received, (result) => {
    const diagnostics: Diagnostic[] = []
    const pass = evaluateCheck(check, result, { diagnostics }) as boolean
    const turns = turnsRead(result.history, turn)
    const hits = turns.filter((i) => handsOffTo(result.history[i] as TurnRecord, agent))
    const place = turn === undefined ? '' : ` in turn ${turn}`
    const headline =
      hits.length === 0
        ? `No handoff to '${agent}'${place}.`
        : `Handed off to '${agent}' in ${plural(hits.length, 'turn')} (${hits.map((i) => `#${i}`).join(', ')}).`
    return {
      pass,
      summary: [headline, 'Agents per turn:', ...agentTurnLines(result.history, turns, this.utils)],
      // The chains per turn stand in for the transcript.
      turns: [],
      notes: diagnostics.map((d) => d.message),
    }
  })
}

/** Reads `{ turn? }`: an integer turn index, or `undefined`. */
export function readTurnOption(options: unknown, where: string): number | undefined {
  const { turn } = parseOptionKeys(options, ['turn'], { where, fix: OPTIONS_FIX })
  if (turn === undefined) return undefined
  if (typeof turn !== 'number' || !Number.isInteger(turn)) {
    throw new InvalidArgumentError(
      `'turn' in ${where} must be a turn index (an integer), got ${describeValue(turn)}`,
      'Use 0 for the first turn, -1 for the last; leave it out to read every turn.',
    )
  }
  return turn
}
