import type { ServerResponse } from 'node:http'
import { describeRequest } from '../scripted-http/reply-queue.js'
import { resetConnection, sendBody, waitOpen } from '../scripted-http/send.js'
import { chatCompletionChunks } from './chat-chunks.js'
import {
  chatCompletionBody,
  resolveChatReply,
  wantsStream,
  wantsStreamUsage,
} from './chat-completion.js'
import { errorResponse } from './error-reply.js'
import type { RequestRecord } from './read-request.js'
import type { TaggedReply } from './reply-kind.js'
import { responsesAnswer } from './responses.js'
import { baseHeaders, sendEventStream } from './send.js'

/** What `answerReply` needs besides the reply. */
export interface AnswerContext {
  /** The request being answered; its `status` and `outcome` are updated. */
  readonly record: RequestRecord
  readonly response: ServerResponse
  /** Aborted when the connection closes (client abort, reset, server close). */
  readonly closed: AbortSignal
  /** The server's fixed latency, waited before the reply's own `delayMs`. */
  readonly latencyMs: number
  /** The server's `created` option. */
  readonly created: number | undefined
}

/** Sends a JSON error naming the request; the SDK is told not to retry it. */
export function sendServerMisuse(
  context: Pick<AnswerContext, 'record' | 'response'>,
  status: number,
  message: string,
): void {
  const { body, headers } = errorResponse({
    status,
    message,
    type: 'scripted_server_error',
    code: 'scripted_server_error',
    shouldRetry: false,
  })
  context.record.status = status
  context.record.outcome = 'answered'
  sendBody(context.response, status, body, { ...baseHeaders(context.record.index), ...headers })
}

/** Answers one request with its scripted reply, after the latency and the reply's delay. */
export async function answerReply(tagged: TaggedReply, context: AnswerContext): Promise<void> {
  const { record, response, closed } = context
  if (tagged.kind === 'hang') return // stays `pending` until the connection closes
  if (!(await waitOpen(context.latencyMs + (tagged.reply.delayMs ?? 0), closed))) return
  const headers = baseHeaders(record.index)
  switch (tagged.kind) {
    case 'reset':
      record.outcome = 'reset'
      resetConnection(response)
      return
    case 'error': {
      const error = errorResponse(tagged.reply)
      record.status = tagged.reply.status
      record.outcome = 'answered'
      sendBody(response, tagged.reply.status, error.body, { ...headers, ...error.headers })
      return
    }
    case 'raw': {
      const status = tagged.reply.raw.status ?? 200
      record.status = status
      record.outcome = 'answered'
      sendBody(response, status, tagged.reply.raw.body, { ...headers, ...tagged.reply.raw.headers })
      return
    }
    case 'answer':
      return answerChat(tagged.reply, context, headers)
  }
}

async function answerChat(
  reply: Extract<TaggedReply, { kind: 'answer' }>['reply'],
  context: AnswerContext,
  headers: Record<string, string>,
): Promise<void> {
  const { record, response, closed } = context
  if (record.method === 'POST' && record.path.endsWith('/responses')) {
    return answerResponses(reply, context, headers)
  }
  if (record.method !== 'POST' || !record.path.endsWith('/chat/completions')) {
    sendServerMisuse(
      context,
      500,
      `[openai-server] a chat reply was scripted for request ${describeRequest(record)}, ` +
        'which is neither POST …/chat/completions nor POST …/responses; script ' +
        '{ raw: { status, body } } for other endpoints.',
    )
    return
  }
  const resolved = resolveChatReply(reply, record, context.created)
  const allHeaders = { ...headers, ...reply.headers }
  record.status = 200
  if (!wantsStream(record.body)) {
    record.outcome = 'answered'
    sendBody(response, 200, chatCompletionBody(resolved), allHeaders)
    return
  }
  const chunks = chatCompletionChunks(resolved, {
    chunkSize: reply.chunkSize ?? 4,
    includeUsage: wantsStreamUsage(record.body),
  })
  record.outcome = 'streamed'
  const ended = await sendEventStream(
    response,
    chunks,
    allHeaders,
    { chunkDelayMs: reply.chunkDelayMs ?? 0, cutAfterEvents: reply.cutAfterEvents },
    closed,
  )
  if (ended === 'cut') record.outcome = 'reset'
  if (ended === 'aborted') record.outcome = 'aborted'
}

/** Answers `POST …/responses`: a `response` object, or its named SSE events with `stream: true`. */
async function answerResponses(
  reply: Extract<TaggedReply, { kind: 'answer' }>['reply'],
  context: AnswerContext,
  headers: Record<string, string>,
): Promise<void> {
  const { record, response, closed } = context
  const answer = responsesAnswer(reply, record, context.created)
  const allHeaders = { ...headers, ...reply.headers }
  record.status = 200
  if (!wantsStream(record.body)) {
    record.outcome = 'answered'
    sendBody(response, 200, answer.body, allHeaders)
    return
  }
  record.outcome = 'streamed'
  const ended = await sendEventStream(
    response,
    answer.events(reply.chunkSize ?? 4),
    allHeaders,
    { chunkDelayMs: reply.chunkDelayMs ?? 0, cutAfterEvents: reply.cutAfterEvents },
    closed,
    'responses',
  )
  if (ended === 'cut') record.outcome = 'reset'
  if (ended === 'aborted') record.outcome = 'aborted'
}
