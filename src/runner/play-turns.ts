import { InvalidArgumentError } from '../errors/index.js'
import type { ReplayTally } from '../models/chat-completion.js'
import { END, type ScenarioDefinition, type ScenarioNode } from '../scenario/index.js'
import { getOwn } from '../state/own-keys.js'
import { appendTurn, routeTurn } from './append-turn.js'
import { callAnsweringSide, scriptedAnswer } from './call-answering-side.js'
import { judgeAnswer } from './judge-answer.js'
import { answerFailed, readAnswer } from './read-answer.js'
import { renderQuestion } from './render-question.js'
import { sidesOf } from './run-context.js'
import { abortedBefore, limitReached, type RunEnd, routedOut, turnFailed } from './run-end.js'
import { simulateQuestion } from './simulate-question.js'
import type { Run } from './start-run.js'
import { keepBooks, turnRecord } from './turn-bookkeeping.js'
import { type AnswerStep, isThenable, noAnswer, notJudged } from './turn-steps.js'

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
 */
export async function playTurns(run: Run): Promise<RunEnd> {
  const { context, deadline, options, state, log } = run
  const { signal } = context
  let nodeId = run.definition.entryNode
  // Each turn's duration runs from the end of the previous one (its routing included), so a turn
  // costs one clock read instead of two.
  let turnStarted = run.started
  for (let turn = 0; ; turn++) {
    if (signal.aborted) return abortedBefore(nodeId, signal)
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

    let answer: AnswerStep
    if (!question.ok) answer = noAnswer(question.error)
    else if (node.answer !== undefined) answer = scriptedAnswer(node.answer)
    else {
      const called = callAnsweringSide(context, node, sides, turn, question.text, replay)
      if (!called.ok) answer = called
      else if (!isThenable(called.pending)) answer = readAnswer(context, node, called.pending)
      else {
        try {
          answer = readAnswer(context, node, await deadline.wait(called.pending, turnStarted))
        } catch (thrown) {
          answer = answerFailed(thrown, signal.aborted, context)
        }
        deadline.settled()
      }
    }

    let judged = answer.ok
      ? judgeAnswer(context, node, sides, turn, questionText, answer.content, replay)
      : notJudged(answer.error)
    if (judged instanceof Promise) judged = await judged

    const record = turnRecord(node, questionText, answer, judged, replay, sides, options, simulated)
    keepBooks(state, node, turn, judged, record, context.diagnostics)
    appendTurn(state, log, record)
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
