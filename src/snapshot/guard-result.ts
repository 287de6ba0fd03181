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
  // The texts agent tests add (seeded messages, a judge's reasoning, an evaluation error, a
  // callable's reason) are shown too, so they are guarded too. A result from before these
  // fields existed has none of them: nothing to copy.
  if (result.seed !== undefined) copy.seed = data(result.seed, 'seed') as typeof result.seed
  if (result.judgements !== undefined) {
    copy.judgements = data(result.judgements, 'judgements') as typeof result.judgements
  }
  if (result.outcomeErrors !== undefined) {
    copy.outcomeErrors = data(result.outcomeErrors, 'outcomeErrors') as typeof result.outcomeErrors
  }
  if (result.outcomeReasons !== undefined) {
    copy.outcomeReasons = data(
      result.outcomeReasons,
      'outcomeReasons',
    ) as typeof result.outcomeReasons
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
    // `null` when the turn had no user message (`question: null`).
    questionText: questionOf(turn, at, text),
    rawResponse: turn.rawResponse === null ? null : text(turn.rawResponse, `${at}.rawResponse`),
    parsedFields: data(turn.parsedFields, `${at}.parsedFields`) as TurnRecord['parsedFields'],
    rubric: data(turn.rubric, `${at}.rubric`) as TurnRecord['rubric'],
    toolCalls: data(turn.toolCalls, `${at}.toolCalls`) as TurnRecord['toolCalls'],
  }
  if (turn.guardrail !== undefined) {
    copy.guardrail = data(turn.guardrail, `${at}.guardrail`) as TurnRecord['guardrail']
  }
  if (turn.error !== undefined) {
    copy.error = { ...turn.error, message: text(turn.error.message, `${at}.error.message`) }
  }
  return copy
}

/** The question through the guard; `null` (no user message this turn) stays `null`. */
function questionOf(
  turn: TurnRecord,
  at: string,
  text: (value: string, path: string) => string,
): TurnRecord['questionText'] {
  const question: string | null = turn.questionText
  return question === null ? turn.questionText : text(question, `${at}.questionText`)
}
