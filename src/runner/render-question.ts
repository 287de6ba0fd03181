import { describeValue } from '../internal/describe-value.js'
import type { ScenarioNode } from '../scenario/index.js'
import type { NodeSides } from './node-sides.js'
import { QuestionTurnContext } from './question-context.js'
import type { RunContext } from './run-context.js'
import { failure, turnErrorOf } from './turn-error.js'
import { abortedWhile, isThenable, type QuestionStep } from './turn-steps.js'

/**
 * Renders the node's question: its text (`null` for none), or what its question function returns
 * for the state (read after `turn` and `currentNode` are set) and the turn's context. A function
 * that throws, rejects or gives no string ends the turn (`unexpected` at stage `question`, unless
 * what it threw says otherwise, e.g. a model call's own category).
 *
 * A step that may give a promise: only a question function that returns one makes it so, and the
 * run loop awaits only then, so a synchronous question costs no promise and no microtask. Another
 * question source goes here as one more branch that returns a step or a promise of one.
 */
export function renderQuestion(
  run: RunContext,
  node: ScenarioNode,
  sides: NodeSides,
  turn: number,
): QuestionStep | Promise<QuestionStep> {
  if (sides.fixedQuestion !== undefined) return sides.fixedQuestion
  const question = node.question
  // Not fixed: a question object whose `question` is a function (node-sides.ts, fixedQuestion).
  const source = question !== null && typeof question === 'object' ? question.question : undefined
  if (typeof source !== 'function') return unrenderable(node, source)
  let text: unknown
  try {
    text = source(
      run.view,
      new QuestionTurnContext(node.id, turn, run.answerSignal, run.questionCopies),
    )
  } catch (error) {
    return questionFailed(run, error)
  }
  if (!isThenable(text)) return questionText(node, text)
  return Promise.resolve(text).then(
    (settled) => (run.signal.aborted ? questionAborted(run, node) : questionText(node, settled)),
    (error: unknown) => questionFailed(run, error),
  )
}

/** A question function's result as the turn's question: a string, else the turn's error. */
function questionText(node: ScenarioNode, text: unknown): QuestionStep {
  if (typeof text === 'string') return { ok: true, text }
  return unrenderable(node, text)
}

function unrenderable(node: ScenarioNode, text: unknown): QuestionStep {
  return {
    ok: false,
    error: failure(
      'unexpected',
      'question',
      undefined,
      `The question function of node '${node.id}' returned ${describeValue(text)}, not a string`,
    ),
  }
}

/** A question function threw or rejected: `unexpected`, unless what it threw says otherwise. */
function questionFailed(run: RunContext, error: unknown): QuestionStep {
  return { ok: false, error: turnErrorOf(error, 'question', 'unexpected', run.signal.aborted) }
}

/** A question that came after the run's abort is not asked. */
function questionAborted(run: RunContext, node: ScenarioNode): QuestionStep {
  const message = abortedWhile(node.id, 'was rendering its question')
  return { ok: false, error: failure('aborted', 'question', run.signal.reason, message) }
}
