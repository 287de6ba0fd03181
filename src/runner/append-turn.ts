import { TERMINAL_ROUTE, takenEdgeIndex } from '../routing/index.js'
import type { ScenarioNode } from '../scenario/index.js'
import type { ScenarioState, TurnRecord, TurnResult } from '../state/types.js'
import type { Run, RunLog } from './start-run.js'
import { addUsage } from './usage.js'

/** Appends the turn: its record to the history, its messages to the transcript, its usage to the run's. */
export function appendTurn(state: ScenarioState, log: RunLog, record: TurnRecord): void {
  // A turn whose question is `null` sent no user message: the answering side spoke first.
  if (record.questionText !== null) {
    log.transcript.push({ role: 'user', content: record.questionText })
  }
  for (const message of record.messages) log.transcript.push(message)
  const turnResult: TurnResult = {
    verifyResult: record.verifyResult,
    parsedFields: record.parsedFields,
    rubric: record.rubric,
  }
  const issues = record.error?.issues
  if (issues !== undefined) turnResult.issues = issues
  state.history.push(record)
  log.path.push(record.nodeId)
  log.turnResults.push(turnResult)
  addUsage(log.usage, record.usage)
}

/**
 * Routes once after a turn, and keeps the route on its record: reports read it, nothing
 * re-evaluates a condition. Returns the next node, `END`, or `null` (an implicit terminal).
 */
export function routeTurn(run: Run, node: ScenarioNode, record: TurnRecord): string | null {
  const edges = run.definition.edgesFrom(node.id)
  const taken = takenEdgeIndex(edges, run.state, run.routing)
  if (taken < 0) {
    record.route = TERMINAL_ROUTE
    return null
  }
  record.route = run.routes.get(node.id)?.[taken]
  return (edges[taken] as { target: string }).target
}
