import type { ChatReply, FinishReason, ReceivedRequest } from './types.js'
import { buildUsage, type ChatUsage } from './usage.js'

/** A `ChatReply` with every default filled in: what both the JSON and the SSE forms send. */
export interface ResolvedChatReply {
  readonly id: string
  readonly model: string
  readonly created: number
  readonly content: string | null
  readonly refusal: string | null
  readonly toolCalls: readonly {
    readonly id: string
    readonly name: string
    readonly arguments: string
  }[]
  readonly finishReason: FinishReason
  readonly usage: ChatUsage | null
}

/** Sent as `system_fingerprint` on every completion and chunk. */
export const SYSTEM_FINGERPRINT = 'fp_scripted'

/** The request's `model` when it is a string, else a placeholder that shows it was missing. */
export function requestModel(body: unknown): string {
  const model: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, 'model') : undefined
  return typeof model === 'string' ? model : 'unknown-model'
}

/** Whether the request body asks for `stream: true`. */
export function wantsStream(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Reflect.get(body, 'stream') === true
}

/** Whether the request body sets `stream_options.include_usage`. */
export function wantsStreamUsage(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const options: unknown = Reflect.get(body, 'stream_options')
  return typeof options === 'object' && options !== null
    ? Reflect.get(options, 'include_usage') === true
    : false
}

/**
 * Fills in a `ChatReply`'s defaults for one request. Ids derive from the request's index, so a
 * conversation replayed against a fresh server gets the same ids.
 */
export function resolveChatReply(
  reply: ChatReply,
  request: ReceivedRequest,
  defaultCreated: number | undefined,
): ResolvedChatReply {
  const toolCalls = (reply.toolCalls ?? []).map((call, position) => ({
    id: call.id ?? `call_scripted_${request.index}_${position + 1}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }))
  const refusal = reply.refusal ?? null
  const content =
    reply.json !== undefined
      ? JSON.stringify(reply.json)
      : (reply.content ?? (toolCalls.length > 0 || refusal !== null ? null : ''))
  const replyText = [content ?? '', refusal ?? '', ...toolCalls.map((c) => c.name + c.arguments)]
  return {
    id: reply.id ?? `chatcmpl-scripted-${request.index}`,
    model: reply.model ?? requestModel(request.body),
    created: reply.created ?? defaultCreated ?? Math.floor(Date.now() / 1000),
    content,
    refusal,
    toolCalls,
    finishReason: reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
    usage:
      reply.usage === null ? null : buildUsage(reply.usage ?? {}, request.body, replyText.join('')),
  }
}

/** The non-streaming `chat.completion` object. */
export function chatCompletionBody(reply: ResolvedChatReply): Record<string, unknown> {
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: reply.content,
    refusal: reply.refusal,
    annotations: [],
  }
  if (reply.toolCalls.length > 0) {
    message.tool_calls = reply.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }))
  }
  return {
    id: reply.id,
    object: 'chat.completion',
    created: reply.created,
    model: reply.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: reply.finishReason }],
    ...(reply.usage === null ? {} : { usage: reply.usage }),
    service_tier: 'default',
    system_fingerprint: SYSTEM_FINGERPRINT,
  }
}
