import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AnswerContext, answerReply, sendServerMisuse } from './answer-reply.js'
import { errorResponse } from './error-reply.js'
import { DEFAULT_MODELS, modelsRoute } from './models.js'
import { type RequestRecord, readRequest } from './read-request.js'
import { tagReply } from './reply-kind.js'
import { ReplyQueue } from './reply-queue.js'
import { baseHeaders, sendBody } from './send.js'
import { TokenBucket } from './token-bucket.js'
import type {
  OpenAIServerOptions,
  ReceivedRequest,
  ScriptedReply,
  ScriptedServer,
} from './types.js'

/** Checks options a typo would otherwise turn into a silent misbehaviour. */
function checkOptions(options: OpenAIServerOptions): void {
  if (options.latencyMs !== undefined && !(options.latencyMs >= 0)) {
    throw new RangeError(`[openai-server] latencyMs must be >= 0, got ${options.latencyMs}`)
  }
  if (options.apiKey === '') {
    throw new RangeError('[openai-server] apiKey must not be empty; leave it out to accept any key')
  }
}

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
  checkOptions(options)
  const startedAt = performance.now()
  const queue = new ReplyQueue(options.defaultReply)
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
    const connection = new AbortController()
    let record: RequestRecord | undefined
    response.once('close', () => {
      inFlight -= 1
      if (record?.outcome === 'pending') record.outcome = 'aborted'
      connection.abort()
    })
    const context = (current: RequestRecord): AnswerContext => ({
      record: current,
      response,
      closed: connection.signal,
      latencyMs: options.latencyMs ?? 0,
      created: options.created,
    })
    try {
      record = await readRequest(request, { index, apiKey: options.apiKey, startedAt })
      requests.push(record)
      await handle(record, context(record))
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (record !== undefined && !response.headersSent && !connection.signal.aborted) {
        sendServerMisuse(context(record), 500, `[openai-server] internal error: ${reason}`)
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

  const scripted: ScriptedServer = {
    baseURL: `http://127.0.0.1:${port}/v1`,
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
      maxInFlight = inFlight
      bucket?.reset()
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
