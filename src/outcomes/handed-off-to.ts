// `handedOffTo`: an outcome check of the handoffs a run made, as plain data. A handoff to an
// agent happened on a turn when the agent is in the turn's chain of agents (`TurnRecord.agents`)
// after its first entry (the entry agent handed the turn on, directly or through others).
import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/option-keys.js'
import type { Diagnostic, TurnRecord } from '../state/types.js'
import { readScope } from './read-scope.js'
import { isSingleTurnScope, noTurnReason, scopeLabel, singleTurnIndex } from './scope-turns.js'
import { matchesNodeFilter } from './scopes.js'
import type { HandedOffTo, TurnScope } from './types.js'

/** The options of `handedOffTo`. */
export interface HandedOffToOptions {
  /**
   * The turns to look at: a single turn (`turnAt(i)`, `firstTurn()`, `lastTurn()`), some turn
   * (`anyTurn`, the default: every turn of the run) or every turn (`allTurns`) of the scope.
   */
  scope?: TurnScope | undefined
}

/**
 * Holds when the run handed off to `agent`: the agent is in a turn's chain of agents after the
 * first entry (the agent the turn started with), on some turn — or on the scope's turn(s). The
 * chain comes from the answering side (`openAIAgent`, or an agent reply's `agents`).
 *
 * @example
 * handedOffTo('billing')
 * handedOffTo('billing', { scope: turnAt(0) })
 */
export function handedOffTo(agent: string, options?: HandedOffToOptions): HandedOffTo {
  if (typeof agent !== 'string' || agent === '') {
    throw new InvalidArgumentError(
      `handedOffTo(agent) needs the name of the agent handed off to (a non-empty string), got ${describeValue(agent)}`,
      "Name the agent as the answering side does, e.g. handedOffTo('billing').",
    )
  }
  const where = `handedOffTo('${agent}')`
  const { scope } = parseOptionKeys(options, ['scope'], { where, fix: OPTIONS_FIX })
  const check: HandedOffTo = { type: 'HandedOffTo', agent }
  if (scope !== undefined) check.scope = readScope(scope, `${where}.scope`, false)
  return check
}

/** Whether the turn handed off to `agent`: it is in the turn's chain after the first entry. */
export function handsOffTo(turn: TurnRecord, agent: string): boolean {
  const chain = turn.agents
  if (!Array.isArray(chain)) return false
  for (let i = 1; i < chain.length; i++) if (chain[i] === agent) return true
  return false
}

/** Evaluates a `HandedOffTo` check on a run's turns; an empty selection is false, with a diagnostic. */
export function evaluateHandedOffTo(
  check: HandedOffTo,
  history: readonly TurnRecord[],
  diagnostics?: Diagnostic[] | undefined,
): boolean {
  const scope: TurnScope = check.scope ?? { type: 'AnyTurn' }
  const turns = handoffTurns(scope, history)
  if (turns.length === 0) {
    diagnostics?.push({
      kind: 'outcome',
      message: `${handedOffToLabel(check)}: ${scopeLabel(scope)} selects no turn (${noTurnReason(history)}); the check does not match.`,
    })
    return false
  }
  const every = scope.type === 'AllTurns'
  for (const index of turns) {
    if (handsOffTo(history[index] as TurnRecord, check.agent) !== every) return !every
  }
  return every
}

/** The indexes of the turns a handoff check reads: its scope's (every turn without one). */
export function handoffTurns(scope: TurnScope, history: readonly TurnRecord[]): number[] {
  if (isSingleTurnScope(scope)) {
    const index = singleTurnIndex(scope, history.length)
    return index < 0 ? [] : [index]
  }
  const turns: number[] = []
  for (let i = 0; i < history.length; i++) {
    if (matchesNodeFilter(scope.nodeId, (history[i] as TurnRecord).nodeId)) turns.push(i)
  }
  return turns
}

/** The check as one line: `handedOffTo 'billing' (turnAt(0))`, `handedOffTo 'billing' (any turn)`. */
export function handedOffToLabel(check: HandedOffTo): string {
  const where = check.scope === undefined ? 'any turn' : scopeLabel(check.scope)
  return `handedOffTo '${check.agent}' (${where})`
}
