/** Response headers a reply adds or overrides (names are sent as given; values as strings). */
export type ReplyHeaders = Readonly<Record<string, string>>

/** What one scripted tool call in an assistant message looks like. */
export interface ToolCallSpec {
  /** The function name the model "calls". */
  readonly name: string
  /** The arguments: a JSON string sent as is, or any other value sent as `JSON.stringify(value)`. */
  readonly arguments: unknown
  /** The call id; defaults to `call_<n>` from a per-server counter. */
  readonly id?: string
}

/**
 * Token counts of a reply; any field left out is estimated from the request and the reply. The
 * Responses API sends them as `input_tokens` (cached included), `output_tokens`,
 * `input_tokens_details.cached_tokens` and `output_tokens_details.reasoning_tokens`.
 */
export interface UsageSpec {
  /** `usage.prompt_tokens`; default: about one token per 4 characters of the request messages. */
  readonly promptTokens?: number
  /** `usage.completion_tokens`; default: about one token per 4 characters of the reply. */
  readonly completionTokens?: number
  /** `usage.prompt_tokens_details.cached_tokens`; default 0. */
  readonly cachedTokens?: number
  /** `usage.completion_tokens_details.reasoning_tokens`; default 0. */
  readonly reasoningTokens?: number
}

/** Chat Completions `finish_reason` values. */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call'

/** Options every kind of reply takes. */
export interface ReplyTiming {
  /** Wait this long before answering (after the server's `latencyMs`). */
  readonly delayMs?: number
}

/**
 * A successful model reply. To `POST …/chat/completions` it is a Chat Completions answer; to
 * `POST …/responses` a Responses API answer (a message item with the text or refusal, one
 * `function_call` item per tool call; `finishReason: 'length'` or `'content_filter'` makes the
 * response `incomplete`). Answered as one JSON body, or as SSE events when the request says
 * `stream: true`. Give `content`, `json` (structured output, sent as its JSON text), `toolCalls`,
 * `refusal`, or a mix.
 */
export interface ChatReply extends ReplyTiming {
  /** The assistant text. */
  readonly content?: string | null
  /** Structured content: sent as `JSON.stringify(json)` in `message.content`. */
  readonly json?: unknown
  /** Tool calls of the assistant message; `finish_reason` then defaults to `tool_calls`. */
  readonly toolCalls?: readonly ToolCallSpec[]
  /** `message.refusal` (structured outputs refusing). */
  readonly refusal?: string
  /** Default: `tool_calls` with tool calls, else `stop`. */
  readonly finishReason?: FinishReason
  /** Token counts; `null` sends no `usage` at all. */
  readonly usage?: UsageSpec | null
  /** Response `id`; default `chatcmpl-scripted-<n>` (Responses API: `resp_scripted_<n>`). */
  readonly id?: string
  /** Response `model`; default: the request's `model`. */
  readonly model?: string
  /** Response `created` (Unix seconds); default: the server's `created` option, else now. */
  readonly created?: number
  /** Extra response headers (e.g. `x-request-id`). */
  readonly headers?: ReplyHeaders
  /** Streaming only: characters per content or arguments delta (default 4). */
  readonly chunkSize?: number
  /** Streaming only: pause between SSE events. */
  readonly chunkDelayMs?: number
  /** Streaming only: destroy the connection after this many `data:` events (a broken stream). */
  readonly cutAfterEvents?: number
}

/** An HTTP error with an OpenAI-style body `{ error: { message, type, param, code } }`. */
export interface ErrorReply extends ReplyTiming {
  /** The HTTP status, e.g. 400, 401, 429, 500, 503. */
  readonly status: number
  /** `error.message`; default: a message typical of the status. */
  readonly message?: string
  /** `error.type`; default: typical of the status (`requests` for 429, `server_error` for 5xx…). */
  readonly type?: string
  /** `error.code`; default: typical of the status (`rate_limit_exceeded` for 429…). */
  readonly code?: string | null
  /** `error.param`; default `null`. */
  readonly param?: string | null
  /** `retry-after` header, in seconds (may be fractional, e.g. 0.2). */
  readonly retryAfter?: number
  /** `retry-after-ms` header, in milliseconds. */
  readonly retryAfterMs?: number
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

/** Any status, headers and body, sent as given (for endpoints other than Chat Completions). */
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

/** Everything a test can script for one request. */
export type ScriptedReply = ChatReply | ErrorReply | ResetReply | HangReply | RawReply

/**
 * How a request's credential (`Authorization: Bearer …`, or Azure's `api-key` header) compared with
 * the server's `apiKey` option.
 */
export type AuthorizationState = 'missing' | 'present' | 'matched' | 'mismatched'

/** What became of a request. `pending` until the server answers or the connection closes. */
export type RequestOutcome =
  | 'pending'
  | 'answered'
  | 'streamed'
  | 'rate-limited'
  | 'unauthorized'
  | 'reset'
  | 'aborted'

/** One request the server received, as tests see it. The API key is never stored. */
export interface ReceivedRequest {
  /** 1-based arrival position (since start or the last `reset()`); completion ids use it. */
  readonly index: number
  /** Upper-case HTTP method. */
  readonly method: string
  /** The path without the query string, e.g. `/v1/chat/completions`. */
  readonly path: string
  /** The query string without `?` (empty when none). */
  readonly query: string
  /** Lower-case header names; `authorization` is replaced by `[redacted]`. */
  readonly headers: Readonly<Record<string, string>>
  /** How the credential (`Authorization` or `api-key` header) compared with the `apiKey` option. */
  readonly authorization: AuthorizationState
  /** The JSON body parsed, the raw text when it is not JSON, `undefined` when empty. */
  readonly body: unknown
  /** Epoch milliseconds when the request's body was complete. */
  readonly receivedAt: number
  /** Milliseconds since the server started (monotonic clock). */
  readonly sinceStartMs: number
  /** The HTTP status answered, once answered. */
  readonly status: number | undefined
  /** What became of the request. */
  readonly outcome: RequestOutcome
}

/** A reply, or a function of the request that returns one. */
export type ReplySource =
  | ScriptedReply
  | ((request: ReceivedRequest) => ScriptedReply | Promise<ScriptedReply>)

/** The token bucket behind `rateLimit`. */
export interface RateLimitOptions {
  /** Tokens added per second. */
  readonly perSecond: number
  /** Bucket size: how many requests may arrive at once. */
  readonly burst: number
  /** `retry-after` (seconds) of the 429s; default: the time until the next token. */
  readonly retryAfter?: number
  /** Also send `retry-after-ms` with the same delay. Default false. */
  readonly retryAfterMs?: boolean
}

/** Options of `startOpenAIServer`. */
export interface OpenAIServerOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (or `api-key: <apiKey>`), else 401. */
  readonly apiKey?: string
  /** Fixed latency added to every answered request (not to rate-limit rejections). */
  readonly latencyMs?: number
  /** Answer 429 to requests above this rate (token bucket), before consuming any reply. */
  readonly rateLimit?: RateLimitOptions
  /** Used when the queue is empty; without it an empty queue answers a 500 naming the request. */
  readonly defaultReply?: ReplySource
  /** Model ids of `GET /v1/models`; default `gpt-4.1-mini`, `gpt-4.1`, `gpt-4o-mini`. */
  readonly models?: readonly string[]
  /** `created` (Unix seconds) of every completion; default: the current time. */
  readonly created?: number
}

/** The running server: where to point the SDK, what it received, what to answer next. */
export interface ScriptedServer {
  /** `http://127.0.0.1:<port>/v1`: pass it as the SDK's `baseURL`. */
  readonly baseURL: string
  /** Every request received, in arrival order (a live view). */
  readonly requests: readonly ReceivedRequest[]
  /** Requests being handled right now. */
  readonly inFlight: number
  /** The most requests handled at the same time since start (or the last `reset()`). */
  readonly maxInFlight: number
  /** Scripted replies not consumed yet. */
  readonly pendingReplies: number
  /** Queues replies, consumed one per request in order. Returns the server. */
  reply(...replies: readonly ScriptedReply[]): ScriptedServer
  /** Queues one reply computed from the request it answers. Returns the server. */
  replyWith(
    make: (request: ReceivedRequest) => ScriptedReply | Promise<ScriptedReply>,
  ): ScriptedServer
  /** Sets (or with `undefined` removes) the reply used when the queue is empty. */
  setDefaultReply(source: ReplySource | undefined): ScriptedServer
  /**
   * Clears the queue, the request log, the counters and the rate-limit bucket: the server then
   * behaves like a fresh one (request indexes, hence ids, start at 1 again). Keeps the default
   * reply.
   */
  reset(): void
  /** Stops listening and destroys open connections (hanging requests included). */
  close(): Promise<void>
}
