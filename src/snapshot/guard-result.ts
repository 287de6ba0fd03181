import type { ScenarioResultSet } from '../samples/index.js'
import { type GuardOptions, guardString, guardStrings } from '../secrets/index.js'
import type { ScenarioExecutionResult, TurnRecord } from '../state/types.js'

/**
 * A copy of the parts of a result a conversation snapshot shows, every text through the guard:
 * `redact` applied, and a string that still looks like a secret stops the snapshot (the guard's
 * `onSecret` throws). Paths name the field in the result: `history.1.rawResponse`.
 */
export function guardResult(
  result: ScenarioExecutionResult,
  options: GuardOptions,
  root = '',
): ScenarioExecutionResult {
  const text = (value: string, path: string) => guardString(value, root + path, options)
  const data = (value: unknown, path: string) => guardStrings(value, root + path, options)
  const copy: ScenarioExecutionResult = {
    ...result,
    scenarioId: text(result.scenarioId, 'scenarioId'),
    path: result.path.map((node, i) => text(node, `path.${i}`)),
    history: result.history.map((turn, i) => guardTurn(turn, `history.${i}`, text, data)),
    outcomeResults: data(result.outcomeResults, 'outcomeResults') as typeof result.outcomeResults,
  }
  if (result.error !== undefined) {
    copy.error = {
      ...result.error,
      nodeId: text(result.error.nodeId, 'error.nodeId'),
      message: text(result.error.message, 'error.message'),
    }
  }
  return copy
}

/** Every sample of a set through `guardResult` (`results.0.history.1.rawResponse`). */
export function guardResultSet(set: ScenarioResultSet, options: GuardOptions): ScenarioResultSet {
  return {
    ...set,
    results: set.results.map((result, i) => guardResult(result, options, `results.${i}.`)),
  }
}

function guardTurn(
  turn: TurnRecord,
  at: string,
  text: (value: string, path: string) => string,
  data: (value: unknown, path: string) => unknown,
): TurnRecord {
  const copy: TurnRecord = {
    ...turn,
    nodeId: text(turn.nodeId, `${at}.nodeId`),
    questionText: turn.questionText === null ? null : text(turn.questionText, `${at}.questionText`),
    rawResponse: turn.rawResponse === null ? null : text(turn.rawResponse, `${at}.rawResponse`),
    parsedFields: data(turn.parsedFields, `${at}.parsedFields`) as TurnRecord['parsedFields'],
    rubric: data(turn.rubric, `${at}.rubric`) as TurnRecord['rubric'],
    toolCalls: data(turn.toolCalls, `${at}.toolCalls`) as TurnRecord['toolCalls'],
  }
  if (turn.error !== undefined) {
    copy.error = { ...turn.error, message: text(turn.error.message, `${at}.error.message`) }
  }
  return copy
}
