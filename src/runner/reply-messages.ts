import { parsedOrText } from '../internal/parsed-or-text.js'
import type { AgentMessage } from '../models/types.js'
import type { ChatMessage, ChatToolCall, ToolCallRecord } from '../state/types.js'

// How an agent's `messages` become the turn's messages and tool calls (AgentReply, see
// docs/design.md, "A run, turn by turn").

/**
 * The turn's messages: the agent's `messages`, then the final answer as an assistant message —
 * unless `messages` already ends with it (an assistant message without tool calls whose content
 * is `content`), which is then not repeated: the next turn's conversation holds it once.
 */
export function turnMessages(
  messages: readonly ChatMessage[] | undefined,
  content: string,
): ChatMessage[] {
  if (messages === undefined) return [{ role: 'assistant', content }]
  const turn = [...messages]
  if (!endsWithAnswer(messages, content)) turn.push({ role: 'assistant', content })
  return turn
}

/**
 * The agent's messages with every tool call id filled in: an assistant's `tool_calls` entry
 * without an `id` gets `call_<turn>_<index>` (`index` its place among the turn's calls, 0-based),
 * and a `tool` message without a `tool_call_id` answers the earliest call of the latest assistant
 * message it has not answered yet (a fresh id when none is left). The turn's messages, its tool
 * calls and the run's `result.messages` then agree on one id per call. The given list is returned
 * as it is when every id is there (no copy).
 */
export function withCallIds(messages: readonly AgentMessage[], turn: () => number): ChatMessage[] {
  if (!missesIds(messages)) return messages as ChatMessage[]
  const at = turn()
  let index = 0
  let unanswered: string[] = []
  const filled: ChatMessage[] = []
  for (const message of messages) {
    if (message.role === 'assistant' && message.tool_calls !== undefined) {
      const calls = message.tool_calls.map((call): ChatToolCall => {
        const id = hasId(call.id) ? call.id : `call_${at}_${index}`
        index += 1
        return hasId(call.id) ? (call as ChatToolCall) : { ...call, id }
      })
      unanswered = calls.map((call) => call.id)
      filled.push({ ...message, tool_calls: calls })
    } else if (message.role === 'tool') {
      const given = message.tool_call_id
      const id = hasId(given) ? given : (unanswered[0] ?? `call_${at}_${index++}`)
      unanswered = unanswered.filter((open) => open !== id)
      filled.push(hasId(given) ? (message as ChatMessage) : { ...message, tool_call_id: id })
    } else filled.push(message as ChatMessage)
  }
  return filled
}

function missesIds(messages: readonly AgentMessage[]): boolean {
  for (const message of messages) {
    if (message.role === 'tool' && !hasId(message.tool_call_id)) return true
    if (message.role === 'assistant' && message.tool_calls !== undefined) {
      for (const call of message.tool_calls) if (!hasId(call.id)) return true
    }
  }
  return false
}

function hasId(id: string | undefined): id is string {
  return typeof id === 'string'
}

function endsWithAnswer(messages: readonly ChatMessage[], content: string): boolean {
  const last = messages.at(-1)
  return (
    last !== undefined &&
    last.role === 'assistant' &&
    last.content === content &&
    (last.tool_calls === undefined || last.tool_calls.length === 0)
  )
}

/**
 * The tool calls stated by the agent's messages, in order, for a reply without `toolCalls`: one
 * per entry of an assistant message's `tool_calls` — `id`, `name`, and `arguments` parsed when it
 * is JSON (the text as given otherwise) — with `result` from the `tool` message answering it
 * (its content, parsed when it is JSON), absent when no tool message answers it. The calls of one
 * assistant message share a `step`: the index of that message among those that call tools.
 */
export function toolCallsOf(messages: readonly ChatMessage[]): ToolCallRecord[] {
  let results: Map<string, string> | undefined
  const calls: ToolCallRecord[] = []
  for (const message of messages) {
    if (message.role === 'tool') {
      results ??= new Map()
      // The first answer to a call counts: a repeated id is the agent's mistake, not a new result.
      if (!results.has(message.tool_call_id)) results.set(message.tool_call_id, message.content)
    }
  }
  let step = 0
  for (const message of messages) {
    if (message.role !== 'assistant' || message.tool_calls === undefined) continue
    if (message.tool_calls.length === 0) continue
    for (const call of message.tool_calls) calls.push(recordOf(call, results, step))
    step++
  }
  return calls
}

/**
 * The tool calls of a reply that gives `toolCalls`: a call without a `step` takes the step of the
 * assistant message in `messages` carrying its id (calls of one message share it); a call no
 * message carries is a step of its own. Steps follow the calls' order; a given `step` is kept.
 */
export function withSteps(
  toolCalls: readonly ToolCallRecord[],
  messages: readonly ChatMessage[] | undefined,
): ToolCallRecord[] {
  if (toolCalls.every((call) => call.step !== undefined)) return [...toolCalls]
  const messageOf = new Map<string, number>()
  for (const [index, message] of (messages ?? []).entries()) {
    if (message.role !== 'assistant' || message.tool_calls === undefined) continue
    for (const call of message.tool_calls)
      if (!messageOf.has(call.id)) messageOf.set(call.id, index)
  }
  const out: ToolCallRecord[] = []
  // The message of the previous call, when it was placed by its message; a call of the same
  // message joins its step, anything else starts the next one.
  let previous: { step: number; message: number | undefined } | undefined
  for (const call of toolCalls) {
    if (call.step !== undefined) {
      out.push(call)
      previous = { step: call.step, message: undefined }
      continue
    }
    const message = messageOf.get(call.id)
    const step =
      previous === undefined
        ? 0
        : message !== undefined && message === previous.message
          ? previous.step
          : previous.step + 1
    out.push({ ...call, step })
    previous = { step, message }
  }
  return out
}

function recordOf(
  call: ChatToolCall,
  results: Map<string, string> | undefined,
  step: number,
): ToolCallRecord {
  const record: ToolCallRecord = {
    id: call.id,
    name: call.function.name,
    arguments: parsedOrText(call.function.arguments),
    step,
  }
  const result = results?.get(call.id)
  if (result !== undefined) record.result = parsedOrText(result)
  return record
}
