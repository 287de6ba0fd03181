import { InvalidArgumentError } from '../errors/index.js'
import { parsedOrText } from '../internal/parsed-or-text.js'
import type { ChatMessage } from '../state/types.js'

/** An AI SDK model message, as this adapter writes them (the shape `ai` 6 and 7 both take). */
export type ModelMessageLike =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | {
      role: 'assistant'
      content:
        | string
        | (
            | { type: 'text'; text: string }
            | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
          )[]
    }
  | {
      role: 'tool'
      content: {
        type: 'tool-result'
        toolCallId: string
        toolName: string
        output: { type: 'text'; value: string }
      }[]
    }

/** A conversation in the AI SDK's terms: its leading system prompt apart, the rest as messages. */
export interface ModelPrompt {
  /** The leading system message's text, when the conversation has one. */
  system: string | undefined
  messages: ModelMessageLike[]
  /** Whether a system message stands later in the conversation (kept there, in its place). */
  systemInMessages: boolean
}

/**
 * Maps a conversation (Chat Completions shape) to AI SDK model messages: the leading system message
 * becomes the `system` prompt (`ai` 7 refuses system messages among `messages` unless allowed);
 * assistant tool calls become `tool-call` parts (arguments parsed from JSON); consecutive `tool`
 * messages become one tool message of `tool-result` parts, named after the call they answer and
 * carrying the text as sent (`{ type: 'text' }`: a provider sends it unchanged, so a request
 * repeats the exact tool text of the turn that made it). `where` names the caller in errors.
 */
export function toModelMessages(conversation: readonly ChatMessage[], where: string): ModelPrompt {
  const messages: ModelMessageLike[] = []
  const toolNames = new Map<string, string>()
  let system: string | undefined
  let systemInMessages = false
  conversation.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        if (index === 0) system = message.content
        else {
          systemInMessages = true
          messages.push({ role: 'system', content: message.content })
        }
        return
      case 'user':
        messages.push({ role: 'user', content: message.content })
        return
      case 'assistant': {
        const calls = message.tool_calls ?? []
        if (calls.length === 0) {
          messages.push({ role: 'assistant', content: message.content ?? '' })
          return
        }
        const parts: Extract<ModelMessageLike, { role: 'assistant' }>['content'] = []
        if (message.content !== null && message.content !== '') {
          parts.push({ type: 'text', text: message.content })
        }
        for (const call of calls) {
          toolNames.set(call.id, call.function.name)
          parts.push({
            type: 'tool-call',
            toolCallId: call.id,
            toolName: call.function.name,
            input: parsedOrText(call.function.arguments),
          })
        }
        messages.push({ role: 'assistant', content: parts })
        return
      }
      case 'tool': {
        const toolName = toolNames.get(message.tool_call_id)
        if (toolName === undefined) {
          throw new InvalidArgumentError(
            `${where}: the conversation has a tool message answering '${message.tool_call_id}', which no earlier assistant message called`,
            'Seed tool messages after the assistant message whose tool_calls they answer.',
            [`message: #${index}`],
          )
        }
        const part = {
          type: 'tool-result' as const,
          toolCallId: message.tool_call_id,
          toolName,
          output: { type: 'text' as const, value: message.content },
        }
        const last = messages.at(-1)
        if (last?.role === 'tool') last.content.push(part)
        else messages.push({ role: 'tool', content: [part] })
        return
      }
    }
  })
  return { system, messages, systemInMessages }
}
