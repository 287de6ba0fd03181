import { splitText } from '../scripted-http/split-text.js'
import { type ResolvedChatReply, SYSTEM_FINGERPRINT } from './chat-completion.js'

/** Options of `chatCompletionChunks`. */
export interface ChunkOptions {
  /** Characters (code points) per content, refusal or arguments delta. */
  readonly chunkSize: number
  /** Whether the request set `stream_options.include_usage`. */
  readonly includeUsage: boolean
}

/**
 * The `chat.completion.chunk` objects of a streamed reply, in the order the API sends them: a
 * role delta, content (or refusal) deltas, per tool call a delta with its id and name then
 * argument deltas, a final delta with `finish_reason`, and with `include_usage` a last chunk
 * with empty `choices` and the usage (every earlier chunk then carries `usage: null`).
 */
export function chatCompletionChunks(
  reply: ResolvedChatReply,
  options: ChunkOptions,
): Record<string, unknown>[] {
  const chunk = (
    delta: Record<string, unknown>,
    finishReason: string | null = null,
  ): Record<string, unknown> => ({
    id: reply.id,
    object: 'chat.completion.chunk',
    created: reply.created,
    model: reply.model,
    service_tier: 'default',
    system_fingerprint: SYSTEM_FINGERPRINT,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(options.includeUsage ? { usage: null } : {}),
  })
  const chunks = [
    chunk({ role: 'assistant', content: reply.content === null ? null : '', refusal: null }),
  ]
  for (const piece of splitText(reply.content ?? '', options.chunkSize)) {
    chunks.push(chunk({ content: piece }))
  }
  for (const piece of splitText(reply.refusal ?? '', options.chunkSize)) {
    chunks.push(chunk({ refusal: piece }))
  }
  reply.toolCalls.forEach((call, index) => {
    chunks.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
    )
    for (const piece of splitText(call.arguments, options.chunkSize)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }))
    }
  })
  chunks.push(chunk({}, reply.finishReason))
  if (options.includeUsage && reply.usage !== null) {
    chunks.push({
      id: reply.id,
      object: 'chat.completion.chunk',
      created: reply.created,
      model: reply.model,
      service_tier: 'default',
      system_fingerprint: SYSTEM_FINGERPRINT,
      choices: [],
      usage: reply.usage,
    })
  }
  return chunks
}
