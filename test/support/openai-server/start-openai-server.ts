import type { IncomingMessage, ServerResponse } from 'node:http'
import { checkScriptedOptions } from '../scripted-http/check-options.js'
import { queueControls } from '../scripted-http/controls.js'
import { serveExchange } from '../scripted-http/exchange.js'
import { listenOnLoopback } from '../scripted-http/listen.js'
import { ReplyQueue } from '../scripted-http/reply-queue.js'
import { sendBody } from '../scripted-http/send.js'
import { type AnswerContext, answerReply, sendServerMisuse } from './answer-reply.js'
import { errorResponse } from './error-reply.js'
import { DEFAULT_MODELS, modelsRoute } from './models.js'
import { type RequestRecord, readRequest } from './read-request.js'
import { tagReply } from './reply-kind.js'
import { baseHeaders } from './send.js'
import { TokenBucket } from './token-bucket.js'
import type {
  OpenAIServerOptions,
  ReceivedRequest,
  ScriptedReply,
  ScriptedServer,
} from './types.js'

/** Names this server in its messages. */
const LABEL = 'openai-server'

/**
 * Starts a scripted OpenAI-compatible HTTP server on 127.0.0.1 (a free port) for tests. Point
 * the `openai` SDK at `server.baseURL`, queue replies with `server.reply(...)`, read what it
 * received in `server.requests`, and `await server.close()` when done.
 *
 * @example
 * const server = await startOpenAIServer()
 * server.reply({ content: 'Paris' }, { status: 429, retryAfter: 1 })
 * const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake', maxRetries: 0 })
 * const completion = await client.chat.completions.create({ model: 'gpt-4.1-mini', messages })
 * completion.choices[0]?.message.content // 'Paris'
 */
export async function startOpenAIServer(
  options: OpenAIServerOptions = {},
): Promise<ScriptedServer> {
  checkScriptedOptions(options, LABEL)
  const startedAt = performance.now()
  const queue = new ReplyQueue<ScriptedReply, ReceivedRequest>(LABEL, options.defaultReply)
  const bucket =
    options.rateLimit === undefined
      ? undefined
      : new TokenBucket(options.rateLimit.perSecond, options.rateLimit.burst)
  const requests: ReceivedRequest[] = []
  let arrivals = 0
  let inFlight = 0
  let maxInFlight = 0

  /** Auth, rate limit, model list, then the scripted queue. */
  async function handle(record: RequestRecord, context: AnswerContext): Promise<void> {
    const headers = baseHeaders(record.index)
    if (options.apiKey !== undefined && record.authorization !== 'matched') {
      const { body } = errorResponse({
        status: 401,
        message:
          record.authorization === 'missing'
            ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
            : 'Incorrect API key provided.',
      })
      record.status = 401
      record.outcome = 'unauthorized'
      sendBody(context.response, 401, body, headers)
      return
    }
    const taken = bucket?.take()
    if (taken !== undefined && !taken.ok) {
      const seconds = options.rateLimit?.retryAfter ?? Math.ceil(taken.waitMs) / 1000
      const withMs = options.rateLimit?.retryAfterMs === true
      const error = errorResponse({
        status: 429,
        retryAfter: seconds,
        ...(withMs ? { retryAfterMs: Math.round(seconds * 1000) } : {}),
      })
      record.status = 429
      record.outcome = 'rate-limited'
      sendBody(context.response, 429, error.body, { ...headers, ...error.headers })
      return
    }
    const model = modelsRoute(record.method, record.path, options.models ?? DEFAULT_MODELS)
    if (model !== undefined) {
      const tagged = tagReply({ raw: { status: model.status, body: model.body } })
      await answerReply(tagged, context)
      return
    }
    if (
      options.chatOnly === true &&
      record.method === 'POST' &&
      record.path.endsWith('/responses')
    ) {
      const notFound = { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } }
      await answerReply(tagReply({ raw: { ...notFound, body: '404 page not found' } }), context)
      return
    }
    const next = await queue.next(record)
    if (!next.ok) {
      sendServerMisuse(context, 500, next.message)
      return
    }
    await answerReply(tagReply(next.reply), context)
  }

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    arrivals += 1
    const index = arrivals
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    const context = (record: RequestRecord, closed: AbortSignal): AnswerContext => ({
      record,
      response,
      closed,
      latencyMs: options.latencyMs ?? 0,
      created: options.created,
    })
    await serveExchange(response, LABEL, {
      read: () => readRequest(request, { index, apiKey: options.apiKey, startedAt }),
      async handle(record, closed) {
        requests.push(record)
        await handle(record, context(record, closed))
      },
      fail: (record, message) => sendServerMisuse({ record, response }, 500, message),
      onClose(record) {
        inFlight -= 1
        if (record?.outcome === 'pending') record.outcome = 'aborted'
      },
    })
  }

  const listener = await listenOnLoopback(onRequest)
  const scripted: ScriptedServer = {
    baseURL: `http://127.0.0.1:${listener.port}/v1`,
    requests,
    get inFlight() {
      return inFlight
    },
    get maxInFlight() {
      return maxInFlight
    },
    get pendingReplies() {
      return queue.pending
    },
    // Tagging a queued reply makes a non-object fail here, at the test's line.
    ...queueControls(queue, tagReply, () => scripted),
    reset() {
      queue.clear()
      requests.length = 0
      arrivals = 0
      maxInFlight = inFlight
      bucket?.reset()
    },
    close: listener.close,
  }
  return scripted
}
