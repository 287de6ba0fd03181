import { z } from 'zod'
import type { ReplayTally } from '../models/chat-completion.js'
import { chatCompletion } from '../models/chat-completion.js'
import type { ModelCalls } from '../models/model-calls.js'
import { zodHelpers } from '../models/openai-zod-helpers.js'
import type { ModelConfig } from '../models/types.js'
import { simulatorMessages } from '../simulated-user/prompt.js'
import type { SimulatedUser } from '../simulated-user/types.js'
import type {
  ChatMessage,
  SchemaIssue,
  SimulatedUserTurn,
  TurnError,
  Usage,
} from '../state/types.js'
import { failure, turnErrorOf } from './turn-error.js'
import { zeroUsage } from './usage.js'

/** What the simulator's model must answer (structured outputs). */
const replySchema = z.object({ message: z.string(), goalReached: z.boolean() })

let responseFormat: object | undefined

/** The structured-outputs format of the reply, made on first use (it loads the SDK's zod helper). */
function replyFormat(): object {
  responseFormat ??= zodHelpers().zodResponseFormat(replySchema, 'simulated_user')
  return responseFormat
}

/**
 * A simulated user's turn: the question it wrote and what it said of its goal, with the tokens it
 * spent; or the error that ends the turn (at stage `question`), with the tokens spent before it.
 */
export type SimulatedStep =
  | { ok: true; text: string; user: SimulatedUserTurn; usage: Usage }
  | { ok: false; error: TurnError; usage: Usage }

/** What one simulated turn needs from the run. */
export interface SimulatedTurnContext {
  /** The model that plays the user, resolved for the node. */
  model: ModelConfig
  /** The conversation before this turn (seed included, no system message). */
  transcript: readonly ChatMessage[]
  /** Whether this is the node's first visit (`opening` is used then). */
  firstVisit: boolean
  /** The run's signal (the turn deadline bounds the answering side only). */
  signal: AbortSignal
  calls: ModelCalls
  replay: ReplayTally
}

/**
 * Writes the simulated user's next message: its `opening` on the node's first visit (no call,
 * goal not reached), else one model call over the role-swapped conversation. A failed call ends
 * the turn with the call's category at stage `question`; a reply that is not `{ message,
 * goalReached }` with a non-empty message is a `parsing` error there, with zod's issues. Never
 * throws.
 */
export async function simulateUserTurn(
  user: SimulatedUser,
  context: SimulatedTurnContext,
): Promise<SimulatedStep> {
  if (context.firstVisit && user.opening !== undefined) {
    return { ok: true, text: user.opening, user: { goalReached: false }, usage: zeroUsage() }
  }
  const { signal, calls, replay } = context
  let content: string | null
  let usage: Usage
  try {
    const result = await chatCompletion(
      context.model,
      { messages: simulatorMessages(user, context.transcript), responseFormat: replyFormat() },
      { signal, stage: 'question', calls, replay },
    )
    content = result.content
    usage = result.usage
  } catch (error) {
    return {
      ok: false,
      error: turnErrorOf(error, 'question', 'unexpected', signal.aborted),
      usage: zeroUsage(),
    }
  }
  return readReply(content, usage)
}

/** The simulator's reply read against `{ message, goalReached }`; anything else is `parsing`. */
function readReply(content: string | null, usage: Usage): SimulatedStep {
  let data: unknown
  try {
    data = JSON.parse(content ?? '')
  } catch (error) {
    const shown = content === null ? 'no content' : JSON.stringify(content.slice(0, 200))
    const message = `The simulated user's model did not return JSON: ${shown}`
    return {
      ok: false,
      error: { ...failure('parsing', 'question', error, message), issues: [] },
      usage,
    }
  }
  const parsed = replySchema.safeParse(data)
  let issues: SchemaIssue[]
  if (parsed.success) {
    const { message, goalReached } = parsed.data
    if (/\S/.test(message)) return { ok: true, text: message, user: { goalReached }, usage }
    issues = [{ code: 'too_small', path: ['message'], message: 'the message is empty' }]
  } else {
    issues = parsed.error.issues.map((issue) => ({
      code: issue.code,
      path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: issue.message,
    }))
  }
  const listed = issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
  const message = `The simulated user's reply does not fit { message, goalReached }: ${listed}`
  return { ok: false, error: { ...failure('parsing', 'question', data, message), issues }, usage }
}
