import { describeValue, thrownMessage } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import type { ReplayTally } from '../models/chat-completion.js'
import type { ScenarioDefinition, ScenarioNode } from '../scenario/index.js'
import { cloneState } from '../state/clone-state.js'
import { getOwn, setOwn } from '../state/own-keys.js'
import type { Diagnostic, NodeResult, ScenarioState, TurnRecord } from '../state/types.js'
import type { NodeSides } from './node-sides.js'
import type { ResolvedRunOptions } from './run-options.js'
import type { SimulatedStep } from './simulate-user-turn.js'
import type { AnswerStep, JudgeStep } from './turn-steps.js'
import { priceTurn, turnUsage } from './usage.js'

/**
 * The state's bookkeeping after a node ran, in this order: write `verifyResult`, replace
 * `parsed`, count the visit, write `nodeResults[node]` (last write wins), then the node's
 * `stateUpdate`. A failed turn keeps its books too, with the fields parsed so far.
 */
export function keepBooks(
  state: ScenarioState,
  node: ScenarioNode,
  turn: number,
  judged: JudgeStep,
  record: TurnRecord,
  diagnostics: Diagnostic[],
): void {
  const { id } = node
  state.verifyResult = judged.verifyResult
  state.parsed = judged.parsedFields
  state.toolCalls = record.toolCalls
  state.toolNames = record.toolNames
  // The latest turn's agents and guardrail, like its tool calls: a turn without them clears them.
  state.agents = record.agents ?? []
  state.guardrail = record.guardrail ?? null
  if (record.agent === undefined) delete state.agent
  else state.agent = record.agent
  setOwn(state.nodeVisits, id, (getOwn(state.nodeVisits, id) ?? 0) + 1)
  const result: NodeResult = {
    verifyResult: judged.verifyResult,
    parsed: judged.parsedFields,
    rubric: judged.rubric,
    toolCalls: record.toolCalls,
    toolNames: record.toolNames,
  }
  // `user` is the latest turn a simulated user wrote: a turn of another node leaves it as it is.
  if (record.user !== undefined) {
    state.user = record.user
    result.user = record.user
  }
  setOwn(state.nodeResults, id, result)
  if (node.stateUpdate !== undefined)
    applyStateUpdate(state, node.stateUpdate, id, turn, diagnostics)
}

/**
 * The turn's record, from its stages' results: the question, the answer (or what the answering
 * side did before it failed), the judgement and the error that ended the turn, if any. Its
 * `durationMs` and `route` are written when the turn has been routed.
 */
export function turnRecord(
  node: ScenarioNode,
  questionText: string | null,
  answer: AnswerStep,
  judged: JudgeStep,
  replay: ReplayTally,
  sides: NodeSides,
  options: ResolvedRunOptions,
  simulated?: SimulatedStep | undefined,
): TurnRecord {
  const record: TurnRecord = {
    nodeId: node.id,
    questionText,
    rawResponse: answer.ok && answer.guardrail === undefined ? answer.content : null,
    parsedFields: judged.parsedFields,
    verifyResult: judged.verifyResult,
    rubric: judged.rubric,
    toolCalls: answer.toolCalls,
    toolNames: toolNamesOf(answer.toolCalls),
    messages: answer.messages,
    usage: turnUsage(answer.usage, judged.usage, simulated?.usage),
    durationMs: 0,
  }
  if (simulated?.ok === true) record.user = simulated.user
  if (answer.ok) {
    if (answer.agent !== undefined) record.agent = answer.agent
    if (answer.agents !== undefined) record.agents = answer.agents
    if (answer.guardrail !== undefined) record.guardrail = answer.guardrail
  }
  if (replay.calls > 0) {
    // Replayed: the tokens are the recorded ones, and so is the latency beside the time now.
    record.usage.replayed = true
    record.recordedDurationMs = replay.recordedDurationMs
  }
  if (options.prices !== undefined) {
    const answering = sides.answering.kind === 'model' ? sides.answering.model.model : undefined
    const simulating = sides.simulator?.model.model
    priceTurn(
      record.usage,
      { answering, judging: sides.parsing?.model, simulating },
      options.prices,
    )
  }
  if (node.answer !== undefined && answer.ok) record.scripted = true
  if (!judged.ok) record.error = judged.error
  return record
}

/** The names of a turn's tool calls, in order. */
function toolNamesOf(calls: readonly { name: string }[]): string[] {
  if (calls.length === 0) return []
  const names: string[] = new Array(calls.length)
  for (let i = 0; i < calls.length; i++) names[i] = (calls[i] as { name: string }).name
  return names
}

/**
 * Calls a node's `stateUpdate` on a copy of `accumulated` (and of `parsed`, so it cannot change
 * the turn's fields): a throw, or a return value that is not a structured-cloneable plain object,
 * leaves `accumulated` as it was and adds a diagnostic.
 */
function applyStateUpdate(
  state: ScenarioState,
  update: NonNullable<ScenarioDefinition['nodes'][string]['stateUpdate']>,
  nodeId: string,
  turn: number,
  diagnostics: Diagnostic[],
): void {
  let next: unknown
  let problem: string | undefined
  try {
    next = update(cloneState(state.accumulated), cloneState(state.parsed))
  } catch (error) {
    problem = `threw: ${thrownMessage(error)}`
  }
  if (problem === undefined && !isPlainObject(next)) {
    problem = `returned ${describeValue(next)}, not a plain object`
  }
  if (problem === undefined) {
    try {
      state.accumulated = cloneState(next as Record<string, unknown>)
      return
    } catch (error) {
      problem = `returned a value that cannot be structured-cloned (${thrownMessage(error)})`
    }
  }
  diagnostics.push({
    kind: 'stateUpdate',
    message: `stateUpdate of node '${nodeId}' ${problem}; accumulated state restored`,
    nodeId,
    turn,
  })
}
