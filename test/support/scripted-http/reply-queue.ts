import type { ReplySource } from './types.js'

/** The parts of a request `describeRequest` names. */
export interface RequestLine {
  /** 1-based arrival position. */
  readonly index: number
  /** Upper-case HTTP method. */
  readonly method: string
  /** The path without the query string. */
  readonly path: string
  /** The parsed body; its `model`, when a string, is named. */
  readonly body: unknown
}

/** The reply for one request, or why there is none. */
export type NextReply<Reply> =
  | { readonly ok: true; readonly reply: Reply }
  | { readonly ok: false; readonly message: string }

/** Describes a request in one line for messages: `#3 POST /v1/chat/completions (model "x")`. */
export function describeRequest(request: RequestLine): string {
  const model: unknown =
    typeof request.body === 'object' && request.body !== null
      ? Reflect.get(request.body, 'model')
      : undefined
  const suffix = typeof model === 'string' ? ` (model "${model}")` : ''
  return `#${request.index} ${request.method} ${request.path}${suffix}`
}

/**
 * Scripted replies consumed in order, one per request, with an optional default. `Request` is the
 * server's own request record, so reply functions see all of its fields.
 */
export class ReplyQueue<Reply, Request extends RequestLine = RequestLine> {
  readonly #label: string
  #entries: ReplySource<Reply, Request>[] = []
  #queuedTotal = 0
  #fallback: ReplySource<Reply, Request> | undefined

  /** `label` names the server in messages; `fallback` answers when the queue is empty. */
  constructor(label: string, fallback: ReplySource<Reply, Request> | undefined) {
    this.#label = label
    this.#fallback = fallback
  }

  /** Replies not consumed yet. */
  get pending(): number {
    return this.#entries.length
  }

  /** Appends replies (or reply functions). */
  push(...sources: readonly ReplySource<Reply, Request>[]): void {
    this.#entries.push(...sources)
    this.#queuedTotal += sources.length
  }

  /** Sets or removes the default reply. */
  setFallback(source: ReplySource<Reply, Request> | undefined): void {
    this.#fallback = source
  }

  /** Empties the queue (the default reply stays). */
  clear(): void {
    this.#entries = []
    this.#queuedTotal = 0
  }

  /**
   * Takes the next reply for `request` and evaluates it when it is a function. An empty queue
   * without a default, or a reply function that throws, gives a message naming the request.
   */
  async next(request: Request): Promise<NextReply<Reply>> {
    const source = this.#entries.shift() ?? this.#fallback
    if (source === undefined) {
      return {
        ok: false,
        message:
          `[${this.#label}] no scripted reply for request ${describeRequest(request)}: ` +
          `${this.#queuedTotal} replies were scripted and all are used. ` +
          'Queue one with server.reply(...) or server.replyWith(...), or set a default reply.',
      }
    }
    if (!isReplyFunction(source)) return { ok: true, reply: source }
    try {
      return { ok: true, reply: await source(request) }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return {
        ok: false,
        message: `[${this.#label}] the reply function for request ${describeRequest(request)} threw: ${reason}`,
      }
    }
  }
}

/** Whether a source is a reply function (replies themselves are plain objects). */
function isReplyFunction<Reply, Request>(
  source: ReplySource<Reply, Request>,
): source is (request: Request) => Reply | Promise<Reply> {
  return typeof source === 'function'
}
