import { InvalidArgumentError } from '../errors/index.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { evaluateCriteria } from '../outcomes/index.js'
import { resolveNextNode } from '../routing/index.js'
import { END, isScenarioDefinition, Scenario, type ScenarioDefinition } from '../scenario/index.js'
import { cloneState } from '../state/clone-state.js'
import { getOwn, setOwn } from '../state/own-keys.js'
import { readOnlyView } from '../state/read-only-view.js'
import type {
  ChatMessage,
  Diagnostic,
  RunError,
  ScenarioExecutionResult,
  ScenarioState,
  ScenarioStatus,
  TurnRecord,
  TurnResult,
} from '../state/types.js'
import { type RunOptions, resolveRunOptions } from './run-options.js'
import { askAgent, failAnswer, finishTurn, newTurnOutcome, type RunContext } from './run-turn.js'
import { addUsage, priceTurn, turnUsage, zeroUsage } from './usage.js'

const neverAborted = new AbortController().signal

/**
 * Runs a validated scenario: one turn per node visited, routing on the state after each turn,
 * until `END`, an implicit terminal, the turn limit or an error (SPEC section 6). A run never
 * throws for a failing turn — it ends with status `error` — only for programmer errors.
 *
 * @example
 * const result = await runScenario(definition, {
 *   model: scriptedModel(['Venetoclax', 'Yes, venetoclax.']),
 *   turnLimit: 5,
 * })
 * result.status // 'completed'
 */
export async function runScenario(
  definition: ScenarioDefinition,
  options: RunOptions,
): Promise<ScenarioExecutionResult> {
  if (definition instanceof Scenario) {
    throw new InvalidArgumentError(
      `runScenario() was given the builder of scenario '${definition.name}', not a definition`,
      'Call validate() on it and pass the definition it returns.',
    )
  }
  if (!isScenarioDefinition(definition)) {
    throw new InvalidArgumentError(
      'runScenario() needs a validated ScenarioDefinition',
      'Build one with new Scenario(…)…validate() or Scenario.fromJSON(…).',
    )
  }
  const resolved = resolveRunOptions(definition, options)
  const signal = resolved.signal ?? neverAborted
  const started = performance.now()
  const state: ScenarioState = {
    turn: 0,
    currentNode: definition.entryNode,
    verifyResult: null,
    parsed: {},
    nodeVisits: {},
    history: [],
    accumulated: {},
    nodeResults: {},
  }
  const path: string[] = []
  const turnResults: TurnResult[] = []
  const diagnostics: Diagnostic[] = []
  const transcript: ChatMessage[] = []
  const usage = turnUsage(zeroUsage())
  if (resolved.prices !== undefined) usage.cost = 0
  let status: ScenarioStatus = 'completed'
  let error: RunError | undefined
  let nodeId = definition.entryNode
  // What every turn needs from the run, made once per run.
  const run: RunContext = {
    view: readOnlyView(state),
    transcript,
    options: resolved,
    signal,
    diagnostics,
    sides: new Map(),
  }
  const routing = { diagnostics }
  // Each turn's duration runs from the end of the previous one (its routing included), so a turn
  // costs one clock read instead of two.
  let turnStarted = started

  for (let turn = 0; ; turn++) {
    if (signal.aborted) {
      status = 'error'
      error = {
        nodeId,
        category: 'aborted',
        stage: 'beforeTurn',
        message: `The run was aborted before node '${nodeId}' ran`,
        cause: signal.reason,
      }
      break
    }
    const node = getOwn(definition.nodes, nodeId)
    if (node === undefined)
      throw new Error(`unreachable: validated definition lacks node '${nodeId}'`)
    state.turn = turn
    state.currentNode = nodeId
    const outcome = newTurnOutcome()
    const pending = askAgent(run, node, turn, outcome)
    if (outcome.error === undefined) {
      let reply: unknown
      let answered = true
      try {
        reply = await pending
      } catch (thrown) {
        answered = false
        failAnswer(outcome, thrown, signal.aborted)
      }
      if (answered) {
        const judging = finishTurn(run, node, turn, outcome, reply)
        if (judging !== undefined) await judging
      }
    }

    state.verifyResult = outcome.verifyResult
    state.parsed = outcome.parsedFields
    setOwn(state.nodeVisits, nodeId, (getOwn(state.nodeVisits, nodeId) ?? 0) + 1)
    setOwn(state.nodeResults, nodeId, {
      verifyResult: outcome.verifyResult,
      parsed: outcome.parsedFields,
      rubric: outcome.rubric,
    })
    if (node.stateUpdate !== undefined)
      applyStateUpdate(state, node.stateUpdate, nodeId, turn, diagnostics)

    transcript.push({ role: 'user', content: outcome.questionText })
    for (const message of outcome.messages) transcript.push(message)
    const record: TurnRecord = {
      nodeId,
      questionText: outcome.questionText,
      rawResponse: outcome.rawResponse,
      parsedFields: outcome.parsedFields,
      verifyResult: outcome.verifyResult,
      rubric: outcome.rubric,
      toolCalls: outcome.toolCalls,
      messages: outcome.messages,
      usage: turnUsage(outcome.answering, outcome.judging),
      durationMs: 0,
    }
    if (outcome.replay.calls > 0) {
      // Replayed: the tokens are the recorded ones, and so is the latency beside the time now.
      record.usage.replayed = true
      record.recordedDurationMs = outcome.replay.recordedDurationMs
    }
    if (resolved.prices !== undefined) {
      const sides = run.sides.get(nodeId)
      const answering = sides?.answering.kind === 'model' ? sides.answering.model.model : undefined
      priceTurn(record.usage, { answering, judging: sides?.parsing?.model }, resolved.prices)
    }
    const turnResult: TurnResult = {
      verifyResult: outcome.verifyResult,
      parsedFields: outcome.parsedFields,
      rubric: outcome.rubric,
    }
    if (outcome.error !== undefined) {
      record.error = outcome.error
      if (outcome.error.issues !== undefined) turnResult.issues = outcome.error.issues
    }
    state.history.push(record)
    path.push(nodeId)
    turnResults.push(turnResult)
    addUsage(usage, record.usage)

    if (outcome.error !== undefined) {
      record.durationMs = performance.now() - turnStarted
      status = 'error'
      const { category, stage, message, cause } = outcome.error
      error = { nodeId, category, stage, message, cause }
      break
    }
    const next = resolveNextNode(definition.edgesFrom(nodeId), state, routing)
    const turnEnded = performance.now()
    record.durationMs = turnEnded - turnStarted
    turnStarted = turnEnded
    if (next === null || next === END) break
    if (turn + 1 >= resolved.turnLimit) {
      status = 'limit_reached'
      break
    }
    nodeId = next
  }

  const result: ScenarioExecutionResult = {
    scenarioId: definition.name,
    status,
    path,
    turnCount: path.length,
    history: state.history,
    turnResults,
    finalState: state,
    outcomeResults: {},
    diagnostics,
    usage,
    durationMs: 0,
  }
  if (error !== undefined) result.error = error
  if (usage.replayed === true) {
    result.recordedDurationMs = state.history.reduce(
      (sum, t) => sum + (t.recordedDurationMs ?? 0),
      0,
    )
  }
  // No criteria, no async call: awaiting an empty evaluation cost a promise and a microtask hop.
  if (definition.outcomeCriteria.length > 0) {
    result.outcomeResults = await evaluateCriteria(definition.outcomeCriteria, result, diagnostics)
  }
  result.durationMs = performance.now() - started
  return result
}

/**
 * Calls a node's `stateUpdate` on a copy of `accumulated` (and of `parsed`, 13.14): a throw, or a
 * return value that is not a structured-cloneable plain object, leaves `accumulated` as it was
 * and adds a diagnostic (SPEC section 5).
 */
function applyStateUpdate(
  state: ScenarioState,
  update: NonNullable<ScenarioDefinition['nodes'][string]['stateUpdate']>,
  nodeId: string,
  turn: number,
  diagnostics: Diagnostic[],
): void {
  const fail = (message: string) =>
    diagnostics.push({
      kind: 'stateUpdate',
      message: `stateUpdate of node '${nodeId}' ${message}; accumulated state restored`,
      nodeId,
      turn,
    })
  let next: unknown
  try {
    next = update(cloneState(state.accumulated), cloneState(state.parsed))
  } catch (error) {
    fail(`threw: ${error instanceof Error ? error.message : String(error)}`)
    return
  }
  if (typeof next !== 'object' || next === null || Array.isArray(next) || !isPlainObject(next)) {
    fail(
      `returned ${next === null ? 'null' : Array.isArray(next) ? 'an array' : typeof next === 'object' ? 'a non-plain object' : typeof next}, not a plain object`,
    )
    return
  }
  try {
    state.accumulated = cloneState(next as Record<string, unknown>)
  } catch (error) {
    fail(
      `returned a value that cannot be structured-cloned (${error instanceof Error ? error.message : String(error)})`,
    )
  }
}
