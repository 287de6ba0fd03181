import { InvalidArgumentError } from '../errors/index.js'
import type { ReplayTally } from '../models/chat-completion.js'
import { judgeTranscript } from '../models/judge-conversation.js'
import { evaluateCriteria, type RunJudge } from '../outcomes/index.js'
import { type RouteTable, routeTable, TERMINAL_ROUTE, takenEdgeIndex } from '../routing/index.js'
import {
  END,
  isScenarioDefinition,
  Scenario,
  type ScenarioDefinition,
  type ScenarioNode,
} from '../scenario/index.js'
import { getOwn } from '../state/own-keys.js'
import { readOnlyView } from '../state/read-only-view.js'
import type {
  ChatMessage,
  Diagnostic,
  RunError,
  ScenarioExecutionResult,
  ScenarioState,
  ScenarioStatus,
  StopReason,
  TurnRecord,
  TurnResult,
  TurnUsage,
} from '../state/types.js'
import { zeroVisits } from '../state/zero-visits.js'
import { AnswerSignal } from './answer-signal.js'
import { checkBudget } from './budget.js'
import { ConversationCopies } from './conversation-copies.js'
import { type ResolvedRunOptions, type RunOptions, resolveRunOptions } from './run-options.js'
import {
  type AnswerStep,
  answerFailed,
  callAnsweringSide,
  isThenable,
  judgeAnswer,
  noAnswer,
  notJudged,
  type RunContext,
  readAnswer,
  renderQuestion,
  scriptedAnswer,
  sidesOf,
} from './run-turn.js'
import { simulateQuestion } from './simulate-question.js'
import { keepBooks, turnRecord } from './turn-bookkeeping.js'
import { TurnDeadline } from './turn-deadline.js'
import { addUsage, priceTurn, turnUsage, zeroUsage } from './usage.js'

const neverAborted = new AbortController().signal

/** What a run has produced so far, beside its state: the lists its result is made of. */
interface RunLog {
  path: string[]
  turnResults: TurnResult[]
  transcript: ChatMessage[]
  usage: TurnUsage
}

/**
 * Runs a validated scenario: one turn per node visited, routing on the state after each turn,
 * until `END`, an implicit terminal, the turn limit, the budget or an error (see docs/design.md,
 * "A run, turn by turn"). A run never throws for a failing turn — it ends with status `error` —
 * only for programmer errors.
 *
 * Each turn, in order: render the question, get the answer (or take the node's scripted one),
 * judge it (parse, verify, score the rubric), keep the books (`verifyResult`, `parsed`,
 * `nodeVisits`, `nodeResults`, `stateUpdate`), append the turn's record, route, then check the
 * budget. The seed opens the conversation before the first turn.
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
  assertDefinition(definition)
  const resolved = resolveRunOptions(definition, options)
  const signal = resolved.signal ?? neverAborted
  const started = performance.now()
  const state = initialState(definition)
  const diagnostics: Diagnostic[] = []
  // The seed opens the conversation every side reads; the result keeps its own list of it.
  const transcript: ChatMessage[] = [...resolved.seed]
  const log: RunLog = { path: [], turnResults: [], transcript, usage: turnUsage(zeroUsage()) }
  if (resolved.prices !== undefined) log.usage.cost = 0
  const { budget } = resolved
  let costUnknownNoted = false
  // The answering side's signal: the run's abort, or a turn that took longer than turnTimeoutMs.
  const answerSignal = new AnswerSignal(signal, resolved.signal !== undefined)
  const deadline = new TurnDeadline(resolved.turnTimeoutMs)
  deadline.start(started)
  // What every turn needs from the run, made once per run.
  const run: RunContext = {
    view: readOnlyView(state),
    transcript,
    agentCopies: new ConversationCopies(transcript),
    questionCopies: new ConversationCopies(transcript),
    options: resolved,
    signal,
    answerSignal,
    diagnostics,
    sides: new Map(),
  }
  const routing = { diagnostics }
  // Each edge's route object, made once per definition: the turn record keeps the one taken.
  const routes = routeTable(definition)
  let status: ScenarioStatus = 'completed'
  let stopReason: StopReason = 'end'
  let error: RunError | undefined
  let nodeId = definition.entryNode
  // Each turn's duration runs from the end of the previous one (its routing included), so a turn
  // costs one clock read instead of two.
  let turnStarted = started

  try {
    for (let turn = 0; ; turn++) {
      if (signal.aborted) {
        status = 'error'
        stopReason = 'aborted'
        error = abortedBefore(nodeId, signal)
        break
      }
      const node = nodeOf(definition, nodeId)
      state.turn = turn
      state.currentNode = nodeId
      const replay: ReplayTally = { calls: 0, recordedDurationMs: 0 }

      // Render the question (a simulated user's model call, or a question function that may
      // return a promise), then get the answer: each awaited only when its step gave a promise,
      // so a synchronous turn has no `await`.
      const sides = sidesOf(run, node)
      const simulated =
        sides.simulator === undefined
          ? undefined
          : await simulateQuestion(run, node, sides.simulator, replay)
      let question = simulated ?? renderQuestion(run, node, sides, turn)
      if (question instanceof Promise) question = await question
      const questionText = question.ok ? question.text : ''
      let answer: AnswerStep
      if (!question.ok) answer = noAnswer(question.error)
      else if (node.answer !== undefined) answer = scriptedAnswer(node.answer)
      else {
        const called = callAnsweringSide(run, node, sides, turn, questionText, replay)
        if (!called.ok) answer = called
        else if (!isThenable(called.pending)) answer = readAnswer(run, node, called.pending)
        else {
          try {
            answer = readAnswer(run, node, await deadline.wait(called.pending, turnStarted))
          } catch (thrown) {
            answer = answerFailed(thrown, signal.aborted, run)
          }
          deadline.settled()
        }
      }

      // Judge the answer: parse, verify, score the rubric (asynchronous only with a parsing model).
      let judged = answer.ok
        ? judgeAnswer(run, node, sides, turn, questionText, answer.content, replay)
        : notJudged(answer.error)
      if (judged instanceof Promise) judged = await judged

      const record = turnRecord(
        node,
        questionText,
        answer,
        judged,
        replay,
        sides,
        resolved,
        simulated,
      )
      keepBooks(state, node, turn, judged, record, diagnostics)
      appendTurn(state, log, record)

      if (!judged.ok) {
        record.durationMs = performance.now() - turnStarted
        status = 'error'
        const { category, stage, message, cause } = judged.error
        stopReason = category === 'aborted' ? 'aborted' : 'error'
        error = { nodeId, category, stage, message, cause }
        break
      }
      const next = route(definition, routes, node, state, record, routing)
      const turnEnded = performance.now()
      record.durationMs = turnEnded - turnStarted
      turnStarted = turnEnded
      if (next === null || next === END) {
        stopReason = next === null ? 'terminal' : 'end'
        break
      }
      if (budget !== undefined) {
        const spent = checkBudget(budget, log.usage)
        if (spent === 'exceeded') {
          status = 'limit_reached'
          stopReason = 'budget'
          break
        }
        if (spent === 'cost_unknown' && !costUnknownNoted) {
          costUnknownNoted = true
          diagnostics.push(costUnknown(nodeId, turn))
        }
      }
      if (turn + 1 >= resolved.turnLimit) {
        status = 'limit_reached'
        stopReason = 'turn_limit'
        break
      }
      nodeId = next
    }
  } finally {
    answerSignal.dispose()
    deadline.dispose()
  }

  const result: ScenarioExecutionResult = {
    scenarioId: definition.name,
    status,
    path: log.path,
    turnCount: log.path.length,
    history: state.history,
    turnResults: log.turnResults,
    finalState: state,
    stopReason,
    seed: [...resolved.seed],
    outcomeResults: {},
    outcomeErrors: {},
    outcomeReasons: {},
    judgements: {},
    diagnostics,
    usage: log.usage,
    durationMs: 0,
  }
  if (error !== undefined) result.error = error
  if (log.usage.replayed === true) {
    result.recordedDurationMs = state.history.reduce(
      (sum, t) => sum + (t.recordedDurationMs ?? 0),
      0,
    )
  }
  // No criteria, no async call: awaiting an empty evaluation cost a promise and a microtask hop.
  if (definition.outcomeCriteria.length > 0) {
    const evaluation = await evaluateCriteria(
      definition.outcomeCriteria,
      result,
      diagnostics,
      judgeRunner(result, resolved, signal),
    )
    result.outcomeResults = evaluation.values
    result.outcomeErrors = evaluation.errors
    result.outcomeReasons = evaluation.reasons
    result.judgements = evaluation.judgements
  }
  result.durationMs = performance.now() - started
  return result
}

/**
 * Runs the judge nodes of the criteria over the finished result: the judge's own model, else the
 * run's parsing model (`resolveRunOptions` made sure one is there), through the run's limiter and
 * recording. What a judge spends counts in the result's `usage.judging` and total (and its cost).
 */
function judgeRunner(
  result: ScenarioExecutionResult,
  resolved: ResolvedRunOptions,
  signal: AbortSignal,
): RunJudge {
  return async (check) => {
    const model = check.model ?? resolved.parsing
    if (model === undefined) throw new InvalidArgumentError('A judge() check has no model')
    const judged = await judgeTranscript(result, check.criteria, {
      model,
      instructions: check.instructions,
      inconclusive: check.inconclusive,
      recording: resolved.calls.recording,
      limiter: resolved.calls.limiter,
      signal,
    })
    const usage = turnUsage(zeroUsage(), judged.usage)
    priceTurn(usage, { answering: undefined, judging: model.model }, resolved.prices)
    if (judged.replayed) usage.replayed = true
    addUsage(result.usage, usage)
    return judged.ok
      ? { ok: true, pass: judged.pass, judgement: judged.judgement }
      : { ok: false, error: judged.error }
  }
}

/** Refuses what is not a validated definition (a programmer error, thrown). */
function assertDefinition(definition: unknown): asserts definition is ScenarioDefinition {
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
}

/** The state before the first turn. */
function initialState(definition: ScenarioDefinition): ScenarioState {
  return {
    turn: 0,
    currentNode: definition.entryNode,
    verifyResult: null,
    parsed: {},
    // 0 for every node from the start: every reader of the state sees the same counts.
    nodeVisits: zeroVisits(definition.nodes),
    history: [],
    accumulated: {},
    toolCalls: [],
    toolNames: [],
    nodeResults: {},
  }
}

/**
 * The node to run. `validate()` checked that every edge leads to a node, and a definition is
 * frozen, so a missing node means the object was not made by `validate()` or `fromJSON()`.
 */
function nodeOf(definition: ScenarioDefinition, nodeId: string): ScenarioNode {
  const node = getOwn(definition.nodes, nodeId)
  if (node !== undefined) return node
  throw new InvalidArgumentError(
    `Scenario '${definition.name}' has no node '${nodeId}', which the run reached`,
    'Pass the definition validate() or Scenario.fromJSON() returns, unchanged.',
  )
}

/** The error of a run whose signal was aborted before a node ran: no turn record is added. */
function abortedBefore(nodeId: string, signal: AbortSignal): RunError {
  return {
    nodeId,
    category: 'aborted',
    stage: 'beforeTurn',
    message: `The run was aborted before node '${nodeId}' ran`,
    cause: signal.reason,
  }
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

/** Appends the turn: its record to the history, its messages to the transcript, its usage to the run's. */
function appendTurn(state: ScenarioState, log: RunLog, record: TurnRecord): void {
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
function route(
  definition: ScenarioDefinition,
  routes: RouteTable,
  node: ScenarioNode,
  state: ScenarioState,
  record: TurnRecord,
  routing: { diagnostics: Diagnostic[] },
): string | null {
  const edges = definition.edgesFrom(node.id)
  const taken = takenEdgeIndex(edges, state, routing)
  if (taken < 0) {
    record.route = TERMINAL_ROUTE
    return null
  }
  record.route = routes.get(node.id)?.[taken]
  return (edges[taken] as { target: string }).target
}

/** Whether a value is a `Scenario` builder; a Proxy that throws (or is revoked) is not one. */
function isBuilder(value: unknown): value is Scenario {
  try {
    return value instanceof Scenario
  } catch {
    return false
  }
}
