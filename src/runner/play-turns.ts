import { InvalidArgumentError } from '../errors/index.js'
import type { ReplayTally } from '../models/chat-completion.js'
import { END, type ScenarioDefinition, type ScenarioNode } from '../scenario/index.js'
import { getOwn } from '../state/own-keys.js'
import type { TurnRecord } from '../state/types.js'
import { appendTurn, routeTurn } from './append-turn.js'
import { callAnsweringSide, scriptedAnswer } from './call-answering-side.js'
import { judgeAnswer } from './judge-answer.js'
import type { NodeSides } from './node-sides.js'
import { answerFailed, answerThrown, readAnswer, timedOut } from './read-answer.js'
import { renderQuestion } from './render-question.js'
import { type RunContext, sidesOf } from './run-context.js'
import { abortedBefore, limitReached, type RunEnd, routedOut, turnFailed } from './run-end.js'
import { goLive } from './run-prefix.js'
import { simulateQuestion } from './simulate-question.js'
import type { SimulatedStep } from './simulate-user-turn.js'
import type { Run } from './start-run.js'
import { keepBooks, turnRecord } from './turn-bookkeeping.js'
import {
  type AnswerStep,
  isThenable,
  type JudgeStep,
  noAnswer,
  notAsked,
  notJudged,
} from './turn-steps.js'

/**
 * Plays the run's turns, one per node visited from the entry node, until `END`, an implicit
 * terminal, the turn limit, the budget, an abort or a failed turn; returns how the run ended.
 * Never throws for a failing turn, only for programmer errors.
 *
 * Each turn, in order: render the question (a simulated user's model call, or a question
 * function that may return a promise), get the answer (or take the node's scripted one), judge
 * it (parse, verify, score the rubric), make the turn's record, keep the books (`verifyResult`,
 * `parsed`, `nodeVisits`, `nodeResults`, `stateUpdate`), append the record, route, then check the
 * limits. Each step is awaited only when it gave a promise, so a synchronous turn has no `await`;
 * the awaits are here, in the loop, because an `async` turn function cost a promise and
 * microtask hops per turn (see `turn-steps.ts`).
 *
 * The run ends through the promise made here, from the loop or from a turn's deadline: the loop
 * awaits the answering side's own promise, and a turn that outlasts `turnTimeoutMs` is ended by
 * its deadline (`expireTurn`) while the loop still waits (see `turn-deadline.ts`).
 */
export function playTurns(run: Run): Promise<RunEnd> {
  return new Promise<RunEnd>((resolve, reject) => {
    turns(run, resolve, reject).then((end) => {
      if (end !== undefined) resolve(end)
    }, reject)
  })
}

/** The turn loop: how the run ended, or `undefined` when a turn's deadline ended it first. */
async function turns(
  run: Run,
  resolve: (end: RunEnd) => void,
  reject: (error: unknown) => void,
): Promise<RunEnd | undefined> {
  const { context, deadline, fork } = run
  const { signal } = context
  let nodeId = run.definition.entryNode
  // Each turn's duration runs from the end of the previous one (its routing included), so a turn
  // costs one clock read instead of two.
  let turnStarted = run.started
  for (let turn = 0; ; turn++) {
    if (signal.aborted) return abortedBefore(nodeId, signal)
    // A forked run goes live where its prefix ends: this turn on, its own options answer.
    if (fork !== undefined && turn === fork.turns) goLive(run, fork.own)
    const node = enterNode(run, nodeId, turn)
    const replay: ReplayTally = { calls: 0, recordedDurationMs: 0 }
    const sides = sidesOf(context, node)

    const simulated =
      sides.simulator === undefined
        ? undefined
        : await simulateQuestion(context, node, sides.simulator, replay)
    let question = simulated ?? renderQuestion(context, node, sides, turn)
    if (question instanceof Promise) question = await question
    const questionText = question.ok ? question.text : ''
    const started = turnStarted
    const asked: TurnAsked = { node, turn, questionText, replay, sides, simulated, started }

    let answer: AnswerStep
    if (!question.ok) answer = noAnswer(question.error)
    else if (node.answer !== undefined) answer = scriptedAnswer(node.answer)
    else {
      const called = callAnsweringSide(context, node, sides, turn, question.text, replay)
      if (!called.ok) answer = called
      else if (!isThenable(called.pending)) answer = readAnswer(context, node, called.pending)
      else {
        deadline.watch(started, () => expireTurn(run, asked, resolve, reject))
        let reply: unknown
        let threw = false
        try {
          reply = await called.pending
        } catch (thrown) {
          reply = thrown
          threw = true
        }
        // Expired while it waited: the deadline has ended the turn and the run.
        if (!deadline.settled()) return undefined
        answer = threw
          ? answerThrown(context, node, reply)
          : readAnswerOrFailure(context, node, reply)
      }
    }

    let judged = !answer.ok
      ? notJudged(answer.error)
      : answer.guardrail !== undefined
        ? notAsked()
        : judgeAnswer(context, node, sides, turn, questionText, answer.content, replay)
    if (judged instanceof Promise) judged = await judged

    const record = keepTurn(run, asked, answer, judged)
    if (!judged.ok) {
      record.durationMs = performance.now() - turnStarted
      return turnFailed(nodeId, judged.error)
    }

    const next = routeTurn(run, node, record)
    const turnEnded = performance.now()
    record.durationMs = turnEnded - turnStarted
    turnStarted = turnEnded
    if (next === null || next === END) return routedOut(next)
    const limited = limitReached(run, nodeId, turn)
    if (limited !== undefined) return limited
    nodeId = next
  }
}

/** What a turn has before its answer: what ending it needs, from the loop or its deadline. */
interface TurnAsked {
  node: ScenarioNode
  turn: number
  questionText: string | null
  replay: ReplayTally
  sides: NodeSides
  simulated: SimulatedStep | undefined
  /** `performance.now()` when the turn started. */
  started: number
}

/** Reads a settled reply; a reply that breaks the reading is the agent's failure. */
function readAnswerOrFailure(context: RunContext, node: ScenarioNode, reply: unknown): AnswerStep {
  try {
    return readAnswer(context, node, reply)
  } catch (thrown) {
    return answerFailed(thrown, context.signal.aborted, context)
  }
}

/** The turn's record, made, kept in the books and appended to the run's lists. */
function keepTurn(run: Run, asked: TurnAsked, answer: AnswerStep, judged: JudgeStep): TurnRecord {
  const { node, questionText, replay, sides, simulated } = asked
  const record = turnRecord(
    node,
    questionText,
    answer,
    judged,
    replay,
    sides,
    run.options,
    simulated,
  )
  keepBooks(run.state, node, asked.turn, judged, record, run.context.diagnostics)
  appendTurn(run.state, run.log, record)
  return record
}

/**
 * The watchdog's end of a turn that outlasted `turnTimeoutMs`: a `timeout` turn, kept like any
 * failed turn, and the end of the run. The loop, resumed by a late answer, leaves it as it is.
 */
function expireTurn(
  run: Run,
  asked: TurnAsked,
  resolve: (end: RunEnd) => void,
  reject: (error: unknown) => void,
): void {
  try {
    const answer = timedOut(run.context, asked.node)
    const record = keepTurn(run, asked, answer, notJudged(answer.error))
    record.durationMs = performance.now() - asked.started
    resolve(turnFailed(asked.node.id, answer.error))
  } catch (error) {
    reject(error)
  }
}

/** The node a turn runs, with the state's `turn` and `currentNode` set to it. */
function enterNode(run: Run, nodeId: string, turn: number): ScenarioNode {
  const node = nodeOf(run.definition, nodeId)
  run.state.turn = turn
  run.state.currentNode = nodeId
  return node
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
