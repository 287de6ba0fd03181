import type { ReceivedRequest, ReplySource, ScriptedReply } from './types.js'

/** The reply for one request, or why there is none. */
export type NextReply =
  | { readonly ok: true; readonly reply: ScriptedReply }
  | { readonly ok: false; readonly message: string }

/** Describes a request in one line for messages: `#3 POST /v1/messages (model "x")`. */
export function describeRequest(request: ReceivedRequest): string {
  const model: unknown =
    typeof request.body === 'object' && request.body !== null
      ? Reflect.get(request.body, 'model')
      : undefined
  const suffix = typeof model === 'string' ? ` (model "${model}")` : ''
  return `#${request.index} ${request.method} ${request.path}${suffix}`
}

/** Scripted replies consumed in order, one per request, with an optional default. */
export class ReplyQueue {
  #entries: ReplySource[] = []
  #queuedTotal = 0
  #fallback: ReplySource | undefined

  /** `fallback` answers when the queue is empty. */
  constructor(fallback: ReplySource | undefined) {
    this.#fallback = fallback
  }

  /** Replies not consumed yet. */
  get pending(): number {
    return this.#entries.length
  }

  /** Appends replies (or reply functions). */
  push(...sources: readonly ReplySource[]): void {
    this.#entries.push(...sources)
    this.#queuedTotal += sources.length
  }

  /** Sets or removes the default reply. */
  setFallback(source: ReplySource | undefined): void {
    this.#fallback = source
  }

  /** Empties the queue (the default reply stays). */
  clear(): void {
    this.#entries = []
    this.#queuedTotal = 0
  }

  /** Takes the next reply for `request`, evaluating a reply function; a failure names the request. */
  async next(request: ReceivedRequest): Promise<NextReply> {
    const source = this.#entries.shift() ?? this.#fallback
    if (source === undefined) {
      return {
        ok: false,
        message:
          `[anthropic-server] no scripted reply for request ${describeRequest(request)}: ` +
          `${this.#queuedTotal} replies were scripted and all are used. ` +
          'Queue one with server.reply(...) or server.replyWith(...), or set a default reply.',
      }
    }
    if (typeof source !== 'function') return { ok: true, reply: source }
    try {
      return { ok: true, reply: await source(request) }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return {
        ok: false,
        message: `[anthropic-server] the reply function for request ${describeRequest(request)} threw: ${reason}`,
      }
    }
  }
}
