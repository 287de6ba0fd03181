import type { ChatMessage } from '../state/types.js'
import type { ChatRequest } from './chat-request.js'
import type { ChatResponseFormat, ChatToolDefinition } from './driver.js'
import type { ModelConfig } from './types.js'

/** One item of a Responses API `input` list, as the library sends it. */
export type ResponsesInputItem =
  | { role: 'system' | 'user' | 'assistant'; content: string }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | { type: 'function_call_output'; call_id: string; output: string }

/**
 * The conversation as Responses API input: a leading system message becomes `instructions`
 * (where the API takes the system prompt); any later system message, each user message and each
 * assistant text stays a message item; an assistant's tool calls become `function_call` items and
 * `tool` messages `function_call_output` items, tied by the call id.
 */
export function responsesInput(messages: readonly ChatMessage[]): {
  instructions: string | undefined
  input: ResponsesInputItem[]
} {
  const [first, ...rest] = messages
  const leading = first?.role === 'system' ? first : undefined
  const input: ResponsesInputItem[] = []
  for (const message of leading === undefined ? messages : rest) {
    switch (message.role) {
      case 'system':
      case 'user':
        input.push({ role: message.role, content: message.content })
        break
      case 'assistant':
        // An assistant turn that only called tools has no text: it is its calls alone.
        if (message.content !== null && message.content !== '') {
          input.push({ role: 'assistant', content: message.content })
        }
        for (const call of message.tool_calls ?? []) {
          input.push({
            type: 'function_call',
            call_id: call.id,
            name: call.function.name,
            arguments: call.function.arguments,
          })
        }
        break
      case 'tool':
        input.push({
          type: 'function_call_output',
          call_id: message.tool_call_id,
          output: message.content,
        })
        break
    }
  }
  return { instructions: leading?.content, input }
}

/** A Chat Completions function tool as a Responses API function tool (flat: no `function` key). */
function responsesTool(tool: ChatToolDefinition): Record<string, unknown> {
  const { name, description, parameters, strict } = tool.function
  return {
    type: 'function',
    name,
    ...(description === undefined ? {} : { description }),
    parameters,
    ...(strict === undefined ? {} : { strict }),
  }
}

/**
 * A Chat Completions `response_format` (what `zodResponseFormat` builds, once per schema) as the
 * Responses API's `text.format`: the same schema, name and strictness, one level up.
 */
function responsesFormat(format: ChatResponseFormat): Record<string, unknown> {
  const { name, schema, strict } = format.json_schema
  return { type: 'json_schema', name, schema, ...(strict === undefined ? {} : { strict }) }
}

/**
 * The body of a `POST /responses` call for one library request: the model, the conversation as
 * `instructions` and `input`, the tools, the structured output as `text.format`, and the config's
 * `temperature` and `maxTokens` (as `max_output_tokens`). Every call carries the whole
 * conversation (no `previous_response_id`), as a Chat Completions call does, so each call stands
 * alone: it is retried, recorded and replayed on its own.
 */
export function responsesBody(config: ModelConfig, request: ChatRequest): Record<string, unknown> {
  const { instructions, input } = responsesInput(request.messages)
  const body: Record<string, unknown> = { model: config.model }
  if (instructions !== undefined) body.instructions = instructions
  body.input = input
  if (config.temperature !== undefined) body.temperature = config.temperature
  if (config.maxTokens !== undefined) body.max_output_tokens = config.maxTokens
  if (request.tools !== undefined && request.tools.length > 0) {
    // The library's own definitions, from the SDK's zod helper (`zodFunction`).
    body.tools = (request.tools as ChatToolDefinition[]).map(responsesTool)
  }
  if (request.responseFormat !== undefined) {
    // The library's own format, from the SDK's `zodResponseFormat`.
    body.text = { format: responsesFormat(request.responseFormat as ChatResponseFormat) }
  }
  return body
}
