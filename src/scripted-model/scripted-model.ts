import { type SpyFn, spy } from 'tinyspy'
import { InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { markMakesNoCalls } from '../internal/makes-no-calls.js'
import type { AgentContext, AgentFunction, AgentReply } from '../models/types.js'
import type { ChatMessage } from '../state/types.js'

/** One scripted reply: an answer, a structured reply, or an Error the agent throws. */
export type ScriptedReply = string | AgentReply | Error

/** A function that picks the reply from the conversation and the turn. */
export type ScriptedReplyFunction = (
  conversation: ChatMessage[],
  context: AgentContext,
) => ScriptedReply | Promise<ScriptedReply>

/** An agent whose calls are recorded (`calls`, `results`, `callCount`, via tinyspy). */
export type ScriptedModel = AgentFunction &
  SpyFn<[ChatMessage[], AgentContext], Promise<string | AgentReply>>

/**
 * An agent that answers from a script, so a scenario's routing can be tested with no model at
 * all. Given a list, call i gets reply i, and a call after the last one throws; given a function,
 * each call gets what it returns. An `Error` reply is thrown, making an `agent` error turn.
 *
 * @example
 * const model = scriptedModel(['Venetoclax', new Error('timeout'), 'Venetoclax'])
 * await runScenario(definition, { model })
 * model.callCount // 2 — the run ended on the error turn
 */
export function scriptedModel(
  replies: readonly ScriptedReply[] | ScriptedReplyFunction,
): ScriptedModel {
  assertReadable(replies, 'scriptedModel(replies)')
  if (!Array.isArray(replies) && typeof replies !== 'function') {
    throw new InvalidArgumentError(
      `scriptedModel() needs a list of replies or a function (conversation, context) => reply, got ${describeValue(replies)}`,
    )
  }
  const script = typeof replies === 'function' ? undefined : [...replies]
  let next = 0
  const answer = async (
    conversation: ChatMessage[],
    context: AgentContext,
  ): Promise<string | AgentReply> => {
    let reply: ScriptedReply
    if (script === undefined) {
      reply = await (replies as ScriptedReplyFunction)(conversation, context)
    } else {
      if (next >= script.length) {
        throw new InvalidArgumentError(
          `scriptedModel: no reply left for call ${next + 1} (${where(context)}); the script has ${script.length}`,
          'Give the script one reply per turn the scenario runs, or pass a function (conversation, context) => reply.',
        )
      }
      reply = script[next++] as ScriptedReply
    }
    if (reply instanceof Error) throw reply
    return reply
  }
  const model = spy(answer) as ScriptedModel
  // A list of replies runs no user code, so no model call can happen inside it: its turns need
  // no call counting, and no async context (which would turn on Node's promise hooks).
  return script === undefined ? model : markMakesNoCalls(model)
}

/** The node and turn of a call, for the message; a context that is not one is described. */
function where(context: unknown): string {
  if (typeof context !== 'object' || context === null) return `context ${describeValue(context)}`
  try {
    const { nodeId, turn } = context as { nodeId?: unknown; turn?: unknown }
    return `node ${describeValue(nodeId)}, turn ${describeValue(turn)}`
  } catch {
    return 'a context that cannot be read'
  }
}
