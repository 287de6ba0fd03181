import type { AgentInputItem } from '@openai/agents'
import { AdapterError } from '../errors/index.js'
import type { ChatMessage } from '../state/types.js'

/**
 * The conversation (Chat Completions shape) as Agents SDK input items: `system` and `user`
 * messages as messages of that role; an assistant message as an `output_text` message (when it
 * has text) followed by one `function_call` item per tool call; a `tool` message as the
 * `function_call_result` of the call it answers (same call id, the call's name). A `tool` message
 * that answers no earlier call cannot be given to the SDK: an `AdapterError`.
 */
export function inputItems(conversation: readonly ChatMessage[]): AgentInputItem[] {
  const callNames = new Map<string, string>()
  const items: AgentInputItem[] = []
  for (const [index, message] of conversation.entries()) {
    switch (message.role) {
      case 'system':
        items.push({ role: 'system', content: message.content })
        break
      case 'user':
        items.push({ role: 'user', content: message.content })
        break
      case 'assistant':
        if (message.content !== null && message.content !== '') {
          items.push({
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: message.content }],
          })
        }
        for (const call of message.tool_calls ?? []) {
          callNames.set(call.id, call.function.name)
          items.push({
            type: 'function_call',
            callId: call.id,
            name: call.function.name,
            arguments: call.function.arguments,
            status: 'completed',
          })
        }
        break
      case 'tool': {
        const name = callNames.get(message.tool_call_id)
        if (name === undefined) throw unansweredCall(message.tool_call_id, index)
        items.push({
          type: 'function_call_result',
          callId: message.tool_call_id,
          name,
          status: 'completed',
          output: message.content,
        })
        break
      }
    }
  }
  return items
}

function unansweredCall(callId: string, index: number): AdapterError {
  return new AdapterError({
    what: `openAIAgent cannot give the conversation to the Agents SDK: its tool message #${index} answers no earlier tool call`,
    subjects: [`tool_call_id: '${callId}'`],
    fix: "Give every `tool` message (in `seed` or an agent's `messages`) an assistant `tool_calls` entry before it with the same id: the SDK needs the call's name for its result.",
  })
}
