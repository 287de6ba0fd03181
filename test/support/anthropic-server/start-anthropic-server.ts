import type { IncomingMessage, ServerResponse } from 'node:http'
import { checkScriptedOptions } from '../scripted-http/check-options.js'
import { queueControls } from '../scripted-http/controls.js'
import { serveExchange } from '../scripted-http/exchange.js'
import { listenOnLoopback } from '../scripted-http/listen.js'
import { ReplyQueue } from '../scripted-http/reply-queue.js'
import { type AnswerContext, answerReply, sendError } from './answer.js'
import { rejection } from './check-request.js'
import { type RequestRecord, readRequest } from './read-request.js'
import { tagReply } from './reply-kind.js'
import type {
  AnthropicServer,
  AnthropicServerOptions,
  ReceivedRequest,
  ScriptedReply,
} from './types.js'

/** Names this server in its messages. */
const LABEL = 'anthropic-server'

/**
 * Starts a scripted Anthropic Messages API server on 127.0.0.1 (a free port) for tests. Point
 * `@anthropic-ai/sdk` at `server.url` (or `@ai-sdk/anthropic` at `server.v1URL`), queue replies
 * with `server.reply(...)`, read what it received in `server.requests`, and `await
 * server.close()` when done. Requests without a credential or an `anthropic-version` header, or
 * without `model`/`max_tokens`/`messages`, are refused as the API refuses them, before any
 * scripted reply is used.
 *
 * @example
 * const server = await startAnthropicServer()
 * server.reply({ text: 'Paris', usage: { cacheReadTokens: 20 } })
 * const client = new Anthropic({ baseURL: server.url, apiKey: 'test-key-fake', maxRetries: 0 })
 * const message = await client.messages.create({ model, max_tokens: 100, messages })
 */
export async function startAnthropicServer(
  options: AnthropicServerOptions = {},
): Promise<AnthropicServer> {
  checkScriptedOptions(options, LABEL)
  const queue = new ReplyQueue<ScriptedReply, ReceivedRequest>(LABEL, options.defaultReply)
  const requests: ReceivedRequest[] = []
  let arrivals = 0
  let toolIds = 0
  const nextToolId = () => {
    toolIds += 1
    return `toolu_scripted_${toolIds}`
  }

  async function handle(record: RequestRecord, context: AnswerContext): Promise<void> {
    const refused = rejection(record, options.apiKey)
    if (refused !== undefined) {
      sendError(context, refused, 'rejected')
      return
    }
    const next = await queue.next(record)
    if (!next.ok) {
      sendError(context, { status: 500, message: next.message, shouldRetry: false }, 'answered')
      return
    }
    await answerReply(tagReply(next.reply), context)
  }

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    arrivals += 1
    const index = arrivals
    await serveExchange(response, LABEL, {
      read: () => readRequest(request, index, options.apiKey),
      async handle(record, closed) {
        requests.push(record)
        await handle(record, {
          record,
          response,
          closed,
          latencyMs: options.latencyMs ?? 0,
          nextToolId,
        })
      },
      fail(record, message) {
        sendError({ record, response }, { status: 500, message, shouldRetry: false }, 'answered')
      },
      onClose(record) {
        if (record?.outcome === 'pending') record.outcome = 'aborted'
      },
    })
  }

  const listener = await listenOnLoopback(onRequest)
  const scripted: AnthropicServer = {
    url: `http://127.0.0.1:${listener.port}`,
    v1URL: `http://127.0.0.1:${listener.port}/v1`,
    requests,
    get pendingReplies() {
      return queue.pending
    },
    // Tagging a queued reply makes a non-object fail here, at the test's line.
    ...queueControls(queue, tagReply, () => scripted),
    reset() {
      queue.clear()
      requests.length = 0
      arrivals = 0
      toolIds = 0
    },
    close: listener.close,
  }
  return scripted
}
