import { InvalidArgumentError } from '../src/errors/index.js'
import { describeValue } from '../src/internal/describe-value.js'
import type { TurnRecord } from '../src/state/types.js'
import { agentTurnLines, turnsRead } from './agent-turns-report.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { formatValue, plural } from './text.js'
import { type AgentTurnMatcherOptions, readTurnOption } from './to-have-handed-off-to.js'

/**
 * Passes when a guardrail tripped — the guardrail `name`, or any guardrail when `name` is left
 * out — in any turn, or in the turn `turn`; on a result set, when every sample's did. A failure
 * lists each turn's agents and the guardrails that tripped.
 *
 * @example
 * expect(result).toHaveTrippedGuardrail('no-math', { turn: 0 })
 * expect(result).not.toHaveTrippedGuardrail()
 */
export function toHaveTrippedGuardrail(
  this: MatcherState,
  received: unknown,
  name?: string,
  options?: AgentTurnMatcherOptions,
): MatcherOutcome {
  const where = 'toHaveTrippedGuardrail()'
  const turn = readTurnOption(options, where)
  if (name !== undefined && (typeof name !== 'string' || name === '')) {
    throw new InvalidArgumentError(
      `${where} takes the guardrail's name (a non-empty string), got ${describeValue(name)}`,
      "Name the guardrail, e.g. toHaveTrippedGuardrail('no-math'), or leave it out for any guardrail.",
    )
  }
  const shown: string[] = []
  if (name !== undefined || options !== undefined) shown.push(formatValue(name))
  if (options !== undefined) shown.push(formatValue(options))
  const none = name === undefined ? 'No guardrail tripped' : `Guardrail '${name}' did not trip`
  return judgeReceived(
    this,
    { name: 'toHaveTrippedGuardrail', args: shown.join(', ') },
    received,
    (result) => {
      const turns = turnsRead(result.history, turn)
      const hits = turns.filter((i) => tripped(result.history[i] as TurnRecord, name))
      const place = turn === undefined ? '' : ` in turn ${turn}`
      const headline =
        hits.length === 0
          ? `${none}${place}.`
          : `${name === undefined ? 'A guardrail' : `Guardrail '${name}'`} tripped in ${plural(hits.length, 'turn')} (${hits.map((i) => `#${i}`).join(', ')}).`
      return {
        pass: hits.length > 0,
        summary: [
          headline,
          'Agents and guardrails per turn:',
          ...agentTurnLines(result.history, turns, this.utils),
        ],
        turns: [],
      }
    },
  )
}

function tripped(turn: TurnRecord, name: string | undefined): boolean {
  const guardrail = turn.guardrail
  if (guardrail === undefined || guardrail === null) return false
  return name === undefined || guardrail.name === name
}
