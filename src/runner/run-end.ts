import type { End } from '../scenario/index.js'
import type { Diagnostic, RunError, ScenarioStatus, StopReason, TurnError } from '../state/types.js'
import { checkBudget } from './budget.js'
import type { Run } from './start-run.js'

/** How a run ended: its status, why it stopped, and the error that ended it, if one did. */
export interface RunEnd {
  status: ScenarioStatus
  stopReason: StopReason
  error?: RunError | undefined
}

/** The end of a run whose signal was aborted before a node ran: no turn record is added. */
export function abortedBefore(nodeId: string, signal: AbortSignal): RunEnd {
  const error: RunError = {
    nodeId,
    category: 'aborted',
    stage: 'beforeTurn',
    message: `The run was aborted before node '${nodeId}' ran`,
    cause: signal.reason,
  }
  return { status: 'error', stopReason: 'aborted', error }
}

/** The end of a run whose turn at `nodeId` failed (its record kept what was done before). */
export function turnFailed(nodeId: string, failed: TurnError): RunEnd {
  const { category, stage, message, cause } = failed
  const stopReason: StopReason = category === 'aborted' ? 'aborted' : 'error'
  return { status: 'error', stopReason, error: { nodeId, category, stage, message, cause } }
}

/** The end of a run that routed to `END`, or to nowhere (`null`: an implicit terminal). */
export function routedOut(next: End | null): RunEnd {
  return { status: 'completed', stopReason: next === null ? 'terminal' : 'end' }
}

/**
 * The end of a run that routes on but has reached a limit: the budget (checked against the run's
 * usage so far, all sides) or the turn limit; `undefined` while neither is reached. A cost budget
 * that cannot be checked leaves one diagnostic per run.
 */
export function limitReached(run: Run, nodeId: string, turn: number): RunEnd | undefined {
  const { budget, turnLimit } = run.options
  if (budget !== undefined) {
    const spent = checkBudget(budget, run.log.usage)
    if (spent === 'exceeded') return { status: 'limit_reached', stopReason: 'budget' }
    if (spent === 'cost_unknown' && !run.costUnknownNoted) {
      run.costUnknownNoted = true
      run.context.diagnostics.push(costUnknown(nodeId, turn))
    }
  }
  if (turn + 1 >= turnLimit) return { status: 'limit_reached', stopReason: 'turn_limit' }
  return undefined
}

/**
 * The diagnostic of a run whose cost budget cannot be checked: a turn's tokens came from a model
 * without a price (a node's own model, an agent's reported tokens). Left once per run; the token
 * budget and the turn limit still bound the run.
 */
function costUnknown(nodeId: string, turn: number): Diagnostic {
  return {
    kind: 'budget',
    message: `The cost budget could not be checked after node '${nodeId}' (turn ${turn}): a call of the run used a model that has no price, so the run has no cost. Add the model to \`prices\`, or budget tokens (\`budget: { tokens }\`).`,
    nodeId,
    turn,
  }
}
