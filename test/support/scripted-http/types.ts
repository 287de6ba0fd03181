/** Response headers a reply adds or overrides (names are sent as given; values as strings). */
export type ReplyHeaders = Readonly<Record<string, string>>

/** Options every kind of reply takes. */
export interface ReplyTiming {
  /** Wait this long before answering (after the server's `latencyMs`). */
  readonly delayMs?: number
}

/**
 * The fields of an HTTP error reply both protocols share; each server adds its own body fields
 * (OpenAI's `code` and `param`, Anthropic's `error.type`...).
 */
export interface HttpErrorReply extends ReplyTiming {
  /** The HTTP status, e.g. 400, 401, 429, 500. */
  readonly status: number
  /** `error.message`; default: a message typical of the status. */
  readonly message?: string
  /** `retry-after` header, in seconds (may be fractional, e.g. 0.2). */
  readonly retryAfter?: number
  /** `x-should-retry: true|false` header (overrides the SDK's own retry decision). */
  readonly shouldRetry?: boolean
  /** Extra response headers. */
  readonly headers?: ReplyHeaders
}

/** Destroy the connection (TCP reset) instead of answering: the SDK sees a connection error. */
export interface ResetReply extends ReplyTiming {
  /** Marks the reply kind. */
  readonly reset: true
}

/** Never answer; the request stays open until the client aborts or the server closes. */
export interface HangReply {
  /** Marks the reply kind. */
  readonly hang: true
}

/** Any status, headers and body, sent as given (for what the protocol's own replies do not cover). */
export interface RawReply extends ReplyTiming {
  /** The response to send. */
  readonly raw: {
    /** Default 200. */
    readonly status?: number
    /** Default `content-type: application/json` when `body` is not a string. */
    readonly headers?: ReplyHeaders
    /** A string is sent as is; anything else as JSON. */
    readonly body: unknown
  }
}

/** How a request's credential compared with the server's `apiKey` option. */
export type CredentialState = 'missing' | 'present' | 'matched' | 'mismatched'

/** What became of a request, whatever the protocol; servers add their own refusals. */
export type BaseOutcome = 'pending' | 'answered' | 'streamed' | 'reset' | 'aborted'

/** The fields of a received request both servers record. The API key is never stored. */
export interface RecordedRequest<Outcome extends string> {
  /** 1-based arrival position (since start or the last `reset()`); ids use it. */
  readonly index: number
  /** Upper-case HTTP method. */
  readonly method: string
  /** The path without the query string, e.g. `/v1/chat/completions`. */
  readonly path: string
  /** The query string without `?` (empty when none). */
  readonly query: string
  /** Lower-case header names; the credential headers are replaced by `[redacted]`. */
  readonly headers: Readonly<Record<string, string>>
  /** The JSON body parsed, the raw text when it is not JSON, `undefined` when empty. */
  readonly body: unknown
  /** The HTTP status answered, once answered. */
  readonly status: number | undefined
  /** What became of the request. */
  readonly outcome: Outcome
}

/** A reply, or a function of the request that returns one. */
export type ReplySource<Reply, Request> = Reply | ((request: Request) => Reply | Promise<Reply>)

/** Options both servers take. */
export interface ScriptedHttpOptions<Source> {
  /** When set, the request's credential must equal it, else 401. */
  readonly apiKey?: string
  /** Fixed latency added to every answered request. */
  readonly latencyMs?: number
  /** Used when the queue is empty; without it an empty queue answers a 500 naming the request. */
  readonly defaultReply?: Source
}

/**
 * What a test does with either running server: read what it received, queue what it answers.
 * `Self` is the server's own interface, so the chained calls keep it.
 */
export interface ScriptedHttpServer<Reply, Request, Self> {
  /** Every request received, in arrival order (a live view). */
  readonly requests: readonly Request[]
  /** Scripted replies not consumed yet. */
  readonly pendingReplies: number
  /** Queues replies, consumed one per request in order. Returns the server. */
  reply(...replies: readonly Reply[]): Self
  /** Queues one reply computed from the request it answers. Returns the server. */
  replyWith(make: (request: Request) => Reply | Promise<Reply>): Self
  /** Sets (or with `undefined` removes) the reply used when the queue is empty. */
  setDefaultReply(source: ReplySource<Reply, Request> | undefined): Self
  /** Clears the queue, the request log and the counters (ids start at 1 again). */
  reset(): void
  /** Stops listening and destroys open connections (hanging requests included). */
  close(): Promise<void>
}

/** `T` with its fields writable: the record a server updates while tests see it read-only. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] }
