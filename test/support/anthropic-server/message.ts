import type { MessageReply, StopReason, ToolUseSpec } from './types.js'

/** A text block, or a tool use with its id resolved. */
export type ContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool_use'
      readonly id: string
      readonly name: string
      readonly input: Readonly<Record<string, unknown>>
    }

/** The usage object of a message, as the API sends it. */
export interface MessageUsage {
  input_tokens: number
  cache_creation_input_tokens: number
  cache_read_input_tokens: number
  output_tokens: number
  service_tier: 'standard'
}

/** A `MessageReply` with every default filled in, ready to send as JSON or as events. */
export interface ResolvedMessage {
  readonly id: string
  readonly model: string
  readonly content: readonly ContentBlock[]
  readonly stopReason: StopReason
  readonly stopSequence: string | null
  readonly usage: MessageUsage
}

/** A rough, deterministic token estimate: one token per 4 characters, at least 1. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4))
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined
}

/** Fills in ids, model, stop reason and usage (estimated from the request when not scripted). */
export function resolveMessage(
  reply: MessageReply,
  requestBody: unknown,
  index: number,
  nextToolId: () => string,
): ResolvedMessage {
  const toolUses: readonly ToolUseSpec[] = reply.toolUses ?? []
  const content: ContentBlock[] = []
  if (reply.text !== undefined || toolUses.length === 0) {
    content.push({ type: 'text', text: reply.text ?? '' })
  }
  for (const use of toolUses) {
    content.push({ type: 'tool_use', id: use.id ?? nextToolId(), name: use.name, input: use.input })
  }
  const model = field(requestBody, 'model')
  const prompt = JSON.stringify([
    field(requestBody, 'system') ?? '',
    field(requestBody, 'messages') ?? [],
  ])
  const spec = reply.usage ?? {}
  return {
    id: reply.id ?? `msg_scripted_${index}`,
    model: reply.model ?? (typeof model === 'string' ? model : 'claude-scripted'),
    content,
    stopReason: reply.stopReason ?? (toolUses.length > 0 ? 'tool_use' : 'end_turn'),
    stopSequence: reply.stopSequence ?? null,
    usage: {
      input_tokens: spec.inputTokens ?? estimateTokens(prompt),
      cache_creation_input_tokens: spec.cacheWriteTokens ?? 0,
      cache_read_input_tokens: spec.cacheReadTokens ?? 0,
      output_tokens: spec.outputTokens ?? estimateTokens(JSON.stringify(content)),
      service_tier: 'standard',
    },
  }
}

/** The message as the non-streaming API returns it. */
export function messageBody(message: ResolvedMessage): Record<string, unknown> {
  return {
    id: message.id,
    type: 'message',
    role: 'assistant',
    model: message.model,
    content: message.content,
    stop_reason: message.stopReason,
    stop_sequence: message.stopSequence,
    usage: message.usage,
  }
}

/** Whether the request asked for a stream (`stream: true`). */
export function wantsStream(requestBody: unknown): boolean {
  return field(requestBody, 'stream') === true
}
