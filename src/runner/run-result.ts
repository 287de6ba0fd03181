import type { ScenarioExecutionResult } from '../state/types.js'
import { resultMessages } from './result-messages.js'
import type { RunEnd } from './run-end.js'
import type { Run } from './start-run.js'

/**
 * The result of a run that has ended: its path, history, turn results, final state, the whole
 * conversation (`messages`), usage and diagnostics, how it ended, and empty outcomes (filled by `keepOutcomes` when the definition has
 * criteria). `durationMs` is set last, when everything is done.
 */
export function runResult(run: Run, end: RunEnd): ScenarioExecutionResult {
  const { state, log } = run
  const result: ScenarioExecutionResult = {
    scenarioId: run.definition.name,
    status: end.status,
    path: log.path,
    turnCount: log.path.length,
    history: state.history,
    turnResults: log.turnResults,
    finalState: state,
    stopReason: end.stopReason,
    seed: [...run.options.seed],
    messages: resultMessages(run),
    outcomeResults: {},
    outcomeErrors: {},
    outcomeReasons: {},
    judgements: {},
    diagnostics: run.context.diagnostics,
    usage: log.usage,
    durationMs: 0,
  }
  if (end.error !== undefined) result.error = end.error
  if (log.usage.replayed === true) {
    result.recordedDurationMs = state.history.reduce(
      (sum, t) => sum + (t.recordedDurationMs ?? 0),
      0,
    )
  }
  return result
}
