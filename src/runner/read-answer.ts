import { formatMessage, TurnTimeoutError } from '../errors/index.js'
import type { ScenarioNode } from '../scenario/index.js'
import type { ChatMessage, Usage } from '../state/types.js'
import { checkReply, REPLY_SHAPE } from './check-reply.js'
import { guardrailReplyOf } from './guardrail-thrown.js'
import { toolCallsOf, turnMessages, withCallIds, withSteps } from './reply-messages.js'
import type { RunContext } from './run-context.js'
import { failure, turnErrorOf } from './turn-error.js'
import {
  type Answered,
  type AnswerStep,
  abortedWhile,
  type NotAnswered,
  noAnswer,
} from './turn-steps.js'
import { usageFrom, zeroUsage } from './usage.js'

/**
 * The answer of a turn that outlasted its deadline (`turnTimeoutMs`): a `timeout`, which aborts the
 * answering side (the run does not wait for it), with the tokens its counted calls spent so far.
 */
export function timedOut(run: RunContext, node: ScenarioNode): NotAnswered {
  const spent = takeAgentCalls(run)
  const timeout = new TurnTimeoutError(node.id, run.options.turnTimeoutMs)
  // The agent (or the model's calls and tools) stop; the run does not wait for them.
  run.answerSignal.abort(timeout)
  return noAnswer(turnErrorOf(timeout, 'answer', 'agent', false), spent)
}

/**
 * Reads the answering side's settled reply into the turn's answer. An answer that came after
 * the run's abort is not taken (the run ends `error`, never `completed` with a late answer); a
 * reply of the wrong shape is an `agent` failure naming what is wrong.
 *
 * An agent's reply: tool call ids it left out are filled in (`withCallIds`); `messages` may end
 * with the final answer (not repeated); without `toolCalls`
 * the tool calls are read from `messages`; without `usage` the tokens of the agent's own counted
 * calls are the turn's answering usage (with `usage`, only it: never both; a `usage` that names no
 * `model` takes the counted calls' model names). A failed turn keeps
 * the tokens the agent's calls spent before it.
 */
export function readAnswer(run: RunContext, node: ScenarioNode, reply: unknown): AnswerStep {
  const spent = takeAgentCalls(run)
  if (run.signal.aborted) {
    return noAnswer(
      failure('aborted', 'answer', run.signal.reason, abortedWhile(node.id, 'was answering')),
      spent,
    )
  }
  const checked = checkReply(reply)
  if (!checked.ok) {
    const message = formatMessage({
      what: `The agent at node '${node.id}' returned ${checked.problem}`,
      fix: REPLY_SHAPE,
    })
    return noAnswer(failure('agent', 'answer', reply, message), spent)
  }
  const structured = checked.reply
  if (typeof structured === 'string') {
    const messages: ChatMessage[] = [{ role: 'assistant', content: structured }]
    return { ok: true, content: structured, messages, toolCalls: [], usage: spent ?? zeroUsage() }
  }
  const { chain } = checked
  // Ids the agent left out are filled in first, so the messages and the calls read from them agree.
  const given =
    structured.messages === undefined
      ? undefined
      : withCallIds(structured.messages, () => run.view.turn)
  const toolCalls =
    structured.toolCalls === undefined
      ? given === undefined
        ? []
        : toolCallsOf(given)
      : withSteps(structured.toolCalls, given)
  const usage =
    structured.usage !== undefined ? usageFrom(structured.usage) : (spent ?? zeroUsage())
  // Reported tokens are taken at their word, but a report that names no model takes the names of
  // the models its counted calls reached (an Agents SDK provider that keeps no raw response).
  if (usage.model === undefined && spent?.model !== undefined) usage.model = spent.model
  // A tripped guardrail: no answer, and nothing of the turn but its question reaches the next
  // turn's conversation (the app refused; no refusal text is invented, no tool message kept).
  const tripped = chain.guardrail !== undefined
  const content = tripped ? '' : structured.content
  const messages = tripped ? [] : turnMessages(given, content)
  const answer: Answered = { ok: true, content, messages, toolCalls, usage }
  if (chain.agent !== undefined) answer.agent = chain.agent
  if (chain.agents !== undefined) answer.agents = chain.agents
  if (chain.guardrail !== undefined) answer.guardrail = chain.guardrail
  return answer
}

/**
 * The tokens the agent's counted calls spent in this turn (`undefined` when calls are not
 * counted), and the tally cleared: a step that reads no agent reply never sees a turn's tally.
 */
function takeAgentCalls(run: RunContext): Usage | undefined {
  const calls = run.agentCalls
  if (calls === undefined) return undefined
  run.agentCalls = undefined
  return calls.spent()
}

/**
 * What the answering side threw (or its promise rejected with): a `GuardrailTripwire` (also as
 * the `cause` of the error) is the turn's tripped guardrail, read as the reply `{ guardrail }`
 * would be; anything else is the turn's failure (`answerFailed`).
 */
export function answerThrown(run: RunContext, node: ScenarioNode, thrown: unknown): AnswerStep {
  const tripped = guardrailReplyOf(thrown)
  if (tripped === undefined) return answerFailed(thrown, run.signal.aborted, run)
  return readAnswer(run, node, tripped)
}

/**
 * The answering side threw (or its promise rejected): classified by the error's code (see
 * `turnErrorOf`), anything else the agent threw being an `agent` failure. What the model side did
 * before it failed — its tool calls, their messages, its tokens — stays on the turn, and so do
 * the tokens an agent's counted calls spent before it threw (`run` holds their tally).
 */
export function answerFailed(thrown: unknown, aborted: boolean, run?: RunContext): NotAnswered {
  const error = turnErrorOf(thrown, 'answer', 'agent', aborted)
  const spent = run === undefined ? undefined : takeAgentCalls(run)
  const partial = partialReplyOf(thrown)
  if (partial === undefined) return noAnswer(error, spent)
  return {
    ok: false,
    error,
    messages:
      partial.messages === undefined
        ? []
        : [...withCallIds(partial.messages, () => run?.view.turn ?? 0)],
    toolCalls: partial.toolCalls ?? [],
    usage: usageFrom(partial.usage),
  }
}

/**
 * What the model answering side did before it failed, as it attaches it to the error it rethrows
 * (`answerWithModel`); checked like any reply, so a user's error with such a field cannot break
 * the turn.
 */
function partialReplyOf(thrown: unknown) {
  if (typeof thrown !== 'object' || thrown === null) return undefined
  let partial: unknown
  try {
    partial = (thrown as { partialReply?: unknown }).partialReply
  } catch {
    return undefined
  }
  if (partial === undefined) return undefined
  const checked = checkReply(partial)
  return checked.ok && typeof checked.reply === 'object' ? checked.reply : undefined
}
