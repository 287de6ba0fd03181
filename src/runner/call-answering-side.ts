import { AgentCalls, inAgentScope } from '../agent-usage/index.js'
import type { ReplayTally } from '../models/chat-completion.js'
import { answerWithModel } from '../models/model-answer.js'
import type { ScenarioNode } from '../scenario/index.js'
import type { ChatMessage } from '../state/types.js'
import { TurnContext } from './answer-signal.js'
import { guardrailReplyOf } from './guardrail-thrown.js'
import type { NodeSides } from './node-sides.js'
import { answerFailed } from './read-answer.js'
import type { RunContext } from './run-context.js'
import type { Answered, CallStep } from './turn-steps.js'
import { zeroUsage } from './usage.js'

/**
 * A scripted answer (the node's `answer`): the answering side is not called, the text is the
 * turn's answer, with no tool calls and no tokens.
 */
export function scriptedAnswer(content: string): Answered {
  const messages: ChatMessage[] = [{ role: 'assistant', content }]
  return { ok: true, content, messages, toolCalls: [], usage: zeroUsage() }
}

/**
 * Calls the answering side (the agent, or the model with its tools) with the conversation and
 * the question. Returns what it returned, usually a promise the run loop awaits; a synchronous
 * throw is the turn's failure.
 */
export function callAnsweringSide(
  run: RunContext,
  node: ScenarioNode,
  sides: NodeSides,
  turn: number,
  question: string | null,
  replay: ReplayTally,
): CallStep {
  run.agentCalls = undefined
  try {
    if (sides.answering.kind === 'agent') {
      // A plain array of the agent's copies, each message copied once per run (see the module).
      const conversation = run.agentCopies.conversation(sides.systemPrompt, question)
      const context = new TurnContext(node.id, turn, run.view, run.answerSignal)
      const { agent, counted } = sides.answering
      // An agent known to make no calls runs outside any scope (see `src/agent-usage/scope.ts`).
      if (!counted) return { ok: true, pending: agent(conversation, context) }
      // The agent's own calls find this turn's tally through the async context it runs in.
      const calls = new AgentCalls(replay)
      run.agentCalls = calls
      return { ok: true, pending: inAgentScope(calls, agent, conversation, context) }
    }
    const pending = answerWithModel({
      model: sides.answering.model,
      // The request carries the whole conversation, so it is built in full for the model.
      conversation: buildConversation(run, sides, question),
      tools: sides.tools,
      nodeId: node.id,
      turn,
      signal: run.answerSignal.signal,
      maxToolRounds: run.options.maxToolRounds,
      toolTimeoutMs: run.options.toolTimeoutMs,
      calls: run.options.calls,
      replay,
    })
    return { ok: true, pending }
  } catch (error) {
    // A guardrail thrown at once is the reply it stands for, read like any other.
    const tripped = guardrailReplyOf(error)
    if (tripped !== undefined) return { ok: true, pending: tripped }
    return answerFailed(error, run.signal.aborted, run)
  }
}

/**
 * The messages the agent gets: one system message when a prompt is in effect, then the transcript
 * (the seed first), then the question — none on a turn whose question is `null`.
 */
function buildConversation(
  run: RunContext,
  sides: NodeSides,
  questionText: string | null,
): ChatMessage[] {
  const { systemPrompt } = sides
  const conversation: ChatMessage[] = []
  if (systemPrompt !== undefined) conversation.push({ role: 'system', content: systemPrompt })
  for (const message of run.transcript) conversation.push(message)
  if (questionText !== null) conversation.push({ role: 'user', content: questionText })
  return conversation
}
