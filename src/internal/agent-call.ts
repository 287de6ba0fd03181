// The agent functions the adapters make are called by the runner, but also by users (a unit test
// of their agent, a wrapper): a bad conversation or context must be the library's own
// `InvalidArgumentError` at the call, never a `TypeError` from inside the mapping or the SDK.
import { InvalidArgumentError } from '../errors/invalid-argument-error.js'
import type { ChatMessage } from '../state/types.js'
import { messageProblem } from './agent-fields-problem.js'
import { assertReadable } from './assert-readable.js'
import { describeValue } from './describe-value.js'

/** The arguments of one agent call, checked: the conversation and the turn's abort signal. */
export interface AgentCall {
  conversation: ChatMessage[]
  signal: AbortSignal | undefined
}

/**
 * Checks what an adapter's agent function was called with — `(conversation, context)` as the run
 * passes them — and throws an `InvalidArgumentError` naming `where` and the path of the first
 * problem: the conversation must be readable plain data, an array of chat messages with at least
 * one that is not a system message (a model needs something to answer); the context an object
 * whose `signal`, when there is one, is an `AbortSignal`. The state view in the context is not
 * read (it is the run's, and read-only).
 *
 * @example
 * const { conversation, signal } = readAgentCall(conversation, context, 'aiSdkAgent(…)(conversation, context)')
 */
export function readAgentCall(conversation: unknown, context: unknown, where: string): AgentCall {
  assertReadable(conversation, `the conversation given to ${where}`)
  const fix =
    'Call the agent as a run does: (conversation, context), the conversation an array of chat messages ({ role, content, … }) and the context { nodeId, turn, state, signal }.'
  if (!Array.isArray(conversation)) {
    throw new InvalidArgumentError(
      `${where} needs the conversation as an array of chat messages, got ${describeValue(conversation)}`,
      fix,
    )
  }
  for (let i = 0; i < conversation.length; i++) {
    const problem = messageProblem(conversation[i], `conversation.${i}`)
    if (problem !== undefined) throw new InvalidArgumentError(`${where}: ${problem}`, fix)
  }
  if (!conversation.some((message: ChatMessage) => message.role !== 'system')) {
    throw new InvalidArgumentError(
      `${where} needs a conversation with a message to answer, got ${conversation.length === 0 ? 'an empty one' : 'only system messages'}`,
      fix,
    )
  }
  return { conversation: conversation as ChatMessage[], signal: readSignal(context, where, fix) }
}

/** The context's abort signal; a context that is no object, or a signal that is none, throws. */
function readSignal(context: unknown, where: string, fix: string): AbortSignal | undefined {
  if (typeof context !== 'object' || context === null) {
    throw new InvalidArgumentError(
      `${where} needs the turn's context as an object { nodeId, turn, state, signal }, got ${describeValue(context)}`,
      fix,
    )
  }
  let signal: unknown
  try {
    signal = (context as { signal?: unknown }).signal
  } catch (error) {
    throw new InvalidArgumentError(
      `Reading \`context.signal\` of ${where} threw`,
      'Pass plain data: values without getters that throw, and no revoked or throwing Proxy.',
      undefined,
      { cause: error },
    )
  }
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new InvalidArgumentError(
      `${where} needs \`context.signal\` to be an AbortSignal (or left out), got ${describeValue(signal)}`,
      fix,
    )
  }
  return signal
}

/** `value instanceof AbortSignal`, where a Proxy whose traps throw is simply not one. */
function isAbortSignal(value: unknown): value is AbortSignal {
  try {
    return value instanceof AbortSignal
  } catch {
    return false
  }
}
