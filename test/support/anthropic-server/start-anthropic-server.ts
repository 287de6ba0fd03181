import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AnswerContext, answerReply, sendError } from './answer.js'
import { rejection } from './check-request.js'
import { type RequestRecord, readRequest } from './read-request.js'
import { tagReply } from './reply-kind.js'
import { ReplyQueue } from './reply-queue.js'
import type {
  AnthropicServer,
  AnthropicServerOptions,
  ReceivedRequest,
  ScriptedReply,
} from './types.js'

/** Checks options a typo would otherwise turn into a silent misbehaviour. */
function checkOptions(options: AnthropicServerOptions): void {
  if (options.latencyMs !== undefined && !(options.latencyMs >= 0)) {
    throw new RangeError(`[anthropic-server] latencyMs must be >= 0, got ${options.latencyMs}`)
  }
  if (options.apiKey === '') {
    throw new RangeError(
      '[anthropic-server] apiKey must not be empty; leave it out to accept any key',
    )
  }
}

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
  checkOptions(options)
  const queue = new ReplyQueue(options.defaultReply)
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
    const connection = new AbortController()
    let record: RequestRecord | undefined
    response.once('close', () => {
      if (record?.outcome === 'pending') record.outcome = 'aborted'
      connection.abort()
    })
    try {
      record = await readRequest(request, index, options.apiKey)
      requests.push(record)
      await handle(record, {
        record,
        response,
        closed: connection.signal,
        latencyMs: options.latencyMs ?? 0,
        nextToolId,
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (record !== undefined && !response.headersSent && !connection.signal.aborted) {
        const message = `[anthropic-server] internal error: ${reason}`
        sendError({ record, response }, { status: 500, message, shouldRetry: false }, 'answered')
      } else {
        response.destroy()
      }
    }
  }

  const server = createServer((request, response) => void onRequest(request, response))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined

  const scripted: AnthropicServer = {
    url: `http://127.0.0.1:${port}`,
    v1URL: `http://127.0.0.1:${port}/v1`,
    requests,
    get pendingReplies() {
      return queue.pending
    },
    reply(...replies: readonly ScriptedReply[]) {
      replies.forEach(tagReply) // a non-object fails here, at the test's line
      queue.push(...replies)
      return scripted
    },
    replyWith(make) {
      queue.push(make)
      return scripted
    },
    setDefaultReply(source) {
      queue.setFallback(source)
      return scripted
    },
    reset() {
      queue.clear()
      requests.length = 0
      arrivals = 0
      toolIds = 0
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)))
        server.closeAllConnections()
      })
      return closing
    },
  }
  return scripted
}
