import { resolveChatReply } from './chat-completion.js'
import { resolveResponse, responseBody } from './responses-body.js'
import { type ResponsesEvent, responsesEvents } from './responses-events.js'
import type { ChatReply, ReceivedRequest } from './types.js'
import { estimateTokens } from './usage.js'

/** The request's `instructions` and `input` as text, for the input-token estimate. */
function inputText(requestBody: unknown): string {
  if (typeof requestBody !== 'object' || requestBody === null) return ''
  const instructions: unknown = Reflect.get(requestBody, 'instructions')
  const input: unknown = Reflect.get(requestBody, 'input')
  return (
    (typeof instructions === 'string' ? instructions : '') +
    (input === undefined ? '' : typeof input === 'string' ? input : JSON.stringify(input))
  )
}

/** What a scripted reply sends to `POST …/responses`: the JSON body, or the stream's events. */
export interface ResponsesAnswer {
  /** The whole `response` object (the non-streaming body). */
  readonly body: Record<string, unknown>
  /** The SSE events of the same response, split in pieces of `chunkSize` characters. */
  readonly events: (chunkSize: number) => ResponsesEvent[]
}

/**
 * Answers a scripted reply (the same `ChatReply` the Chat Completions route takes: `content`,
 * `json`, `toolCalls`, `refusal`, `finishReason`, `usage`) as the Responses API would. The input
 * tokens, unless scripted, are estimated from the request's `instructions` and `input`.
 */
export function responsesAnswer(
  reply: ChatReply,
  request: ReceivedRequest,
  defaultCreated: number | undefined,
): ResponsesAnswer {
  const usage =
    reply.usage === null
      ? null
      : {
          promptTokens: estimateTokens(inputText(request.body)),
          ...reply.usage,
        }
  const resolved = resolveChatReply({ ...reply, usage }, request, defaultCreated)
  const response = resolveResponse(resolved, request.index, reply.id)
  return {
    body: responseBody(response, request.body, 'done'),
    events: (chunkSize) => responsesEvents(response, request.body, chunkSize),
  }
}
