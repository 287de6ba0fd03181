import type { ResolvedChatReply } from './chat-completion.js'
import type { ChatUsage } from './usage.js'

/** The `usage` object of a Responses API response, as the API sends it. */
export interface ResponsesUsage {
  input_tokens: number
  input_tokens_details: { cached_tokens: number }
  output_tokens: number
  output_tokens_details: { reasoning_tokens: number }
  total_tokens: number
}

/** One item of a response's `output`: an assistant message or a function call. */
export type ResponsesOutputItem =
  | {
      type: 'message'
      id: string
      status: 'completed' | 'in_progress'
      role: 'assistant'
      content: ResponsesContentPart[]
    }
  | {
      type: 'function_call'
      id: string
      call_id: string
      name: string
      arguments: string
      status: 'completed' | 'in_progress'
    }

/** A content part of an assistant message item. */
export type ResponsesContentPart =
  | { type: 'output_text'; text: string; annotations: []; logprobs: [] }
  | { type: 'refusal'; refusal: string }

/** A resolved reply read as a response: ids, status and the output items. */
export interface ResolvedResponse {
  readonly id: string
  readonly model: string
  readonly created: number
  /** `incomplete` for a `length` or `content_filter` finish, else `completed`. */
  readonly status: 'completed' | 'incomplete'
  readonly incompleteReason: 'max_output_tokens' | 'content_filter' | null
  readonly output: readonly ResponsesOutputItem[]
  readonly usage: ResponsesUsage | null
}

/** The request's fields a response echoes back (the API does so). */
function echoed(requestBody: unknown): Record<string, unknown> {
  const read = (key: string): unknown =>
    typeof requestBody === 'object' && requestBody !== null
      ? Reflect.get(requestBody, key)
      : undefined
  const text = read('text')
  return {
    instructions: read('instructions') ?? null,
    max_output_tokens: read('max_output_tokens') ?? null,
    temperature: read('temperature') ?? 1,
    tools: read('tools') ?? [],
    tool_choice: read('tool_choice') ?? 'auto',
    text: typeof text === 'object' && text !== null ? text : { format: { type: 'text' } },
    previous_response_id: read('previous_response_id') ?? null,
    metadata: read('metadata') ?? {},
  }
}

/** The Chat Completions usage converted: `input_tokens` includes the cached ones, as there. */
function responsesUsage(usage: ChatUsage): ResponsesUsage {
  return {
    input_tokens: usage.prompt_tokens,
    input_tokens_details: { cached_tokens: usage.prompt_tokens_details.cached_tokens },
    output_tokens: usage.completion_tokens,
    output_tokens_details: {
      reasoning_tokens: usage.completion_tokens_details.reasoning_tokens,
    },
    total_tokens: usage.total_tokens,
  }
}

/**
 * Reads a resolved scripted reply as a Responses API answer: a message item (its text, or its
 * refusal) when the reply has content or a refusal, then one `function_call` item per tool call.
 * `id` is the reply's own `id` option (default `resp_scripted_<n>`). Item ids derive from the
 * request's index, so a replayed conversation gets the same ids.
 */
export function resolveResponse(
  reply: ResolvedChatReply,
  requestIndex: number,
  id: string | undefined,
): ResolvedResponse {
  const output: ResponsesOutputItem[] = []
  if (reply.content !== null || reply.refusal !== null) {
    const content: ResponsesContentPart[] = []
    if (reply.content !== null) {
      content.push({ type: 'output_text', text: reply.content, annotations: [], logprobs: [] })
    }
    if (reply.refusal !== null) content.push({ type: 'refusal', refusal: reply.refusal })
    output.push({
      type: 'message',
      id: `msg_scripted_${requestIndex}`,
      status: 'completed',
      role: 'assistant',
      content,
    })
  }
  reply.toolCalls.forEach((call, position) => {
    output.push({
      type: 'function_call',
      id: `fc_scripted_${requestIndex}_${position + 1}`,
      call_id: call.id,
      name: call.name,
      arguments: call.arguments,
      status: 'completed',
    })
  })
  const incompleteReason =
    reply.finishReason === 'length'
      ? 'max_output_tokens'
      : reply.finishReason === 'content_filter'
        ? 'content_filter'
        : null
  return {
    id: id ?? `resp_scripted_${requestIndex}`,
    model: reply.model,
    created: reply.created,
    status: incompleteReason === null ? 'completed' : 'incomplete',
    incompleteReason,
    output,
    usage: reply.usage === null ? null : responsesUsage(reply.usage),
  }
}

/**
 * The `response` object: the whole answer (`done`), or the in-progress snapshot a stream opens
 * with (no output, no usage yet).
 */
export function responseBody(
  response: ResolvedResponse,
  requestBody: unknown,
  stage: 'in_progress' | 'done',
): Record<string, unknown> {
  const done = stage === 'done'
  return {
    id: response.id,
    object: 'response',
    created_at: response.created,
    status: done ? response.status : 'in_progress',
    background: false,
    error: null,
    incomplete_details:
      done && response.incompleteReason !== null ? { reason: response.incompleteReason } : null,
    model: response.model,
    output: done ? response.output : [],
    parallel_tool_calls: true,
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    store: true,
    top_p: 1,
    truncation: 'disabled',
    usage: done ? response.usage : null,
    user: null,
    ...echoed(requestBody),
  }
}
