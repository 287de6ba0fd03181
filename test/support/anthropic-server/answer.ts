import type { ServerResponse } from 'node:http'
import { resetConnection, sendBody, waitOpen } from '../scripted-http/send.js'
import { errorResponse, requestId } from './error-body.js'
import { messageBody, resolveMessage, wantsStream } from './message.js'
import { messageEvents } from './message-events.js'
import type { RequestRecord } from './read-request.js'
import type { TaggedReply } from './reply-kind.js'
import { sendMessageEvents } from './send-events.js'
import type { ErrorReply, MessageReply } from './types.js'

/** What `answerReply` needs besides the reply. */
export interface AnswerContext {
  /** The request being answered; its `status` and `outcome` are updated. */
  readonly record: RequestRecord
  readonly response: ServerResponse
  /** Aborted when the connection closes (client abort, reset, server close). */
  readonly closed: AbortSignal
  /** The server's fixed latency, waited before the reply's own `delayMs`. */
  readonly latencyMs: number
  /** Gives the next `toolu_scripted_<n>` id. */
  readonly nextToolId: () => string
}

/** Headers sent with every answer (`request-id` becomes the SDK's `_request_id`). */
export function baseHeaders(index: number): Record<string, string> {
  return { 'request-id': requestId(index), 'anthropic-organization-id': 'org-scripted' }
}

/** Sends an error in Anthropic's shape and records it. */
export function sendError(
  context: Pick<AnswerContext, 'record' | 'response'>,
  reply: ErrorReply,
  outcome: 'answered' | 'rejected',
): void {
  const { record, response } = context
  const error = errorResponse(reply, record.index)
  record.status = reply.status
  record.outcome = outcome
  sendBody(response, reply.status, error.body, { ...baseHeaders(record.index), ...error.headers })
}

/** Answers one request with its scripted reply, after the latency and the reply's delay. */
export async function answerReply(tagged: TaggedReply, context: AnswerContext): Promise<void> {
  const { record, response, closed } = context
  if (tagged.kind === 'hang') return // stays `pending` until the connection closes
  if (!(await waitOpen(context.latencyMs + (tagged.reply.delayMs ?? 0), closed))) return
  switch (tagged.kind) {
    case 'reset':
      record.outcome = 'reset'
      resetConnection(response)
      return
    case 'error':
      sendError(context, tagged.reply, 'answered')
      return
    case 'raw': {
      const status = tagged.reply.raw.status ?? 200
      record.status = status
      record.outcome = 'answered'
      sendBody(response, status, tagged.reply.raw.body, {
        ...baseHeaders(record.index),
        ...tagged.reply.raw.headers,
      })
      return
    }
    case 'answer':
      return answerMessage(tagged.reply, context)
  }
}

async function answerMessage(reply: MessageReply, context: AnswerContext): Promise<void> {
  const { record, response, closed } = context
  const message = resolveMessage(reply, record.body, record.index, context.nextToolId)
  const headers = { ...baseHeaders(record.index), ...reply.headers }
  record.status = 200
  if (!wantsStream(record.body)) {
    record.outcome = 'answered'
    sendBody(response, 200, messageBody(message), headers)
    return
  }
  record.outcome = 'streamed'
  const streamError = reply.streamError
  const ended = await sendMessageEvents(
    response,
    messageEvents(message, reply.chunkSize ?? 4),
    headers,
    {
      chunkDelayMs: reply.chunkDelayMs ?? 0,
      cutAfterEvents: reply.cutAfterEvents,
      error:
        streamError === undefined
          ? undefined
          : {
              afterEvents: streamError.afterEvents,
              event: {
                event: 'error',
                data: {
                  type: 'error',
                  error: {
                    type: streamError.type ?? 'overloaded_error',
                    message: streamError.message ?? 'Overloaded',
                  },
                },
              },
            },
    },
    closed,
  )
  if (ended === 'cut') record.outcome = 'reset'
  if (ended === 'aborted') record.outcome = 'aborted'
}
