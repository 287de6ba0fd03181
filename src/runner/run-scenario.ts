import { InvalidArgumentError, TurnTimeoutError } from '../errors/index.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { evaluateCriteria } from '../outcomes/index.js'
import { routeTable, TERMINAL_ROUTE, takenEdgeIndex } from '../routing/index.js'
import {
  END,
  isScenarioDefinition,
  Scenario,
  type ScenarioDefinition,
  type ScenarioNode,
} from '../scenario/index.js'
import { cloneState } from '../state/clone-state.js'
import { getOwn, setOwn } from '../state/own-keys.js'
import { readOnlyView } from '../state/read-only-view.js'
import type {
  ChatMessage,
  Diagnostic,
  ErrorStage,
  RunError,
  ScenarioExecutionResult,
  ScenarioState,
  ScenarioStatus,
  TurnRecord,
  TurnResult,
} from '../state/types.js'
import { zeroVisits } from '../state/zero-visits.js'
import { AnswerSignal } from './answer-signal.js'
import { type RunOptions, resolveRunOptions } from './run-options.js'
import {
  askAgent,
  failAnswer,
  failTurn,
  finishTurn,
  newTurnOutcome,
  type RunContext,
} from './run-turn.js'
import { TIMED_OUT, TurnDeadline } from './turn-deadline.js'
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
  if (isBuilder(definition)) {
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
    // 0 for every node from the start: every reader of the state sees the same counts.
    nodeVisits: zeroVisits(definition.nodes),
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
  // The answering side's signal: the run's abort, or a turn that took longer than turnTimeoutMs.
  const answer = new AnswerSignal(signal, resolved.signal !== undefined)
  const deadline = new TurnDeadline(resolved.turnTimeoutMs)
  deadline.start(started)
  // What every turn needs from the run, made once per run.
  const run: RunContext = {
    view: readOnlyView(state),
    transcript,
    options: resolved,
    signal,
    answerSignal: answer,
    diagnostics,
    sides: new Map(),
  }
  const routing = { diagnostics }
  // Each edge's route object, made once per definition: the turn record keeps the one taken.
  const routes = routeTable(definition)
  // Each turn's duration runs from the end of the previous one (its routing included), so a turn
  // costs one clock read instead of two.
  let turnStarted = started

  try {
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
        let reply: unknown = pending
        let answered = true
        if (isThenable(pending)) {
          try {
            reply = await deadline.wait(pending, turnStarted)
          } catch (thrown) {
            answered = false
            failAnswer(outcome, thrown, signal.aborted)
          }
          deadline.settled()
        }
        if (reply === TIMED_OUT) {
          answered = false
          const timeout = new TurnTimeoutError(nodeId, resolved.turnTimeoutMs)
          failTurn(outcome, 'timeout', 'answer', timeout, timeout.message)
          // The agent (or the model's calls and tools) stop; the run does not wait for them.
          answer.abort(timeout)
        } else if (answered && signal.aborted) {
          // An answer that came after the abort is not taken: the run ends `error`, never
          // `completed` with a late answer.
          answered = false
          failTurn(
            outcome,
            'aborted',
            'answer',
            signal.reason,
            abortedWhile(nodeId, 'was answering'),
          )
        }
        if (answered) {
          const judging = finishTurn(run, node, turn, outcome, reply)
          if (judging !== undefined) {
            await judging
            if (outcome.error === undefined && signal.aborted) {
              failTurn(
                outcome,
                'aborted',
                judgingStage(node),
                signal.reason,
                abortedWhile(nodeId, 'was judged'),
              )
            }
          }
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
        const answering =
          sides?.answering.kind === 'model' ? sides.answering.model.model : undefined
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
      // Routed once, and the route kept: reports read it, nothing re-evaluates a condition.
      const edges = definition.edgesFrom(nodeId)
      const taken = takenEdgeIndex(edges, state, routing)
      record.route = taken < 0 ? TERMINAL_ROUTE : routes.get(nodeId)?.[taken]
      const next = taken < 0 ? null : (edges[taken] as { target: string }).target
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
  } finally {
    answer.dispose()
    deadline.dispose()
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
 * Whether an agent's return value is a promise (or any thenable) to wait for. A value whose `then`
 * cannot be read (a Proxy whose trap throws) is not: the reply check then reports it.
 */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  if (typeof value !== 'object' || value === null) return false
  try {
    return typeof (value as { then?: unknown }).then === 'function'
  } catch {
    return false
  }
}

/** The message of a turn the run's abort overtook. */
function abortedWhile(nodeId: string, doing: string): string {
  return `The run was aborted while node '${nodeId}' ${doing}; what came after the abort was not used`
}

/** The stage a turn's judging was in: filling its template, else scoring its rubric. */
function judgingStage(node: ScenarioNode): ErrorStage {
  const question = node.question
  return typeof question === 'object' &&
    question.template !== undefined &&
    question.template.parse === undefined
    ? 'parse'
    : 'rubric'
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

/** Whether a value is a `Scenario` builder; a Proxy that throws (or is revoked) is not one. */
function isBuilder(value: unknown): value is Scenario {
  try {
    return value instanceof Scenario
  } catch {
    return false
  }
}
