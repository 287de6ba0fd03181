/** Response headers a reply adds or overrides (names are sent as given; values as strings). */
export type ReplyHeaders = Readonly<Record<string, string>>

/** One scripted `tool_use` block of an assistant message. */
export interface ToolUseSpec {
  /** The tool name the model "calls". */
  readonly name: string
  /** The tool input: a JSON object (sent as `input`, and streamed as `input_json_delta` pieces). */
  readonly input: Readonly<Record<string, unknown>>
  /** The block id; defaults to `toolu_scripted_<n>` from a per-server counter. */
  readonly id?: string
}

/**
 * Token counts of a reply, in Anthropic's terms: `inputTokens` leaves out the tokens read from
 * and written to the prompt cache. A count left out is estimated (input, output) or 0 (cache).
 */
export interface UsageSpec {
  /** `usage.input_tokens`; default: about one token per 4 characters of the request's messages. */
  readonly inputTokens?: number
  /** `usage.output_tokens`; default: about one token per 4 characters of the reply. */
  readonly outputTokens?: number
  /** `usage.cache_read_input_tokens`; default 0. */
  readonly cacheReadTokens?: number
  /** `usage.cache_creation_input_tokens`; default 0. */
  readonly cacheWriteTokens?: number
}

/** Messages API `stop_reason` values. */
export type StopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal'

/** Options every kind of reply takes. */
export interface ReplyTiming {
  /** Wait this long before answering (after the server's `latencyMs`). */
  readonly delayMs?: number
}

/** An error event sent inside a stream (what the API sends when it fails mid-answer). */
export interface StreamErrorSpec {
  /** Send it after this many events (0: right after the headers). */
  readonly afterEvents: number
  /** `error.type`; default `overloaded_error`. */
  readonly type?: string
  /** `error.message`; default `Overloaded`. */
  readonly message?: string
}

/**
 * A successful Messages reply: a text block (when `text` is given, or when there are no tool
 * uses) followed by one `tool_use` block per tool use. Answered as one JSON body, or as SSE
 * events when the request says `stream: true`.
 */
export interface MessageReply extends ReplyTiming {
  /** The text block's text. */
  readonly text?: string
  /** `tool_use` blocks after the text; `stop_reason` then defaults to `tool_use`. */
  readonly toolUses?: readonly ToolUseSpec[]
  /** Default: `tool_use` with tool uses, else `end_turn`. */
  readonly stopReason?: StopReason
  /** `stop_sequence`; default `null`. */
  readonly stopSequence?: string
  /** Token counts. */
  readonly usage?: UsageSpec
  /** Message `id`; default `msg_scripted_<n>`. */
  readonly id?: string
  /** Message `model`; default: the request's `model`. */
  readonly model?: string
  /** Extra response headers. */
  readonly headers?: ReplyHeaders
  /** Streaming only: characters per `text_delta` or `input_json_delta` (default 4). */
  readonly chunkSize?: number
  /** Streaming only: pause between SSE events. */
  readonly chunkDelayMs?: number
  /** Streaming only: destroy the connection after this many events (a broken stream). */
  readonly cutAfterEvents?: number
  /** Streaming only: end the stream with an `error` event after some events. */
  readonly streamError?: StreamErrorSpec
}

/** An HTTP error with Anthropic's body `{ type: 'error', error: { type, message } }`. */
export interface ErrorReply extends ReplyTiming {
  /** The HTTP status, e.g. 400, 401, 429, 500, 529. */
  readonly status: number
  /** `error.type`; default: the API's type for the status (`rate_limit_error` for 429…). */
  readonly type?: string
  /** `error.message`; default: a message typical of the status. */
  readonly message?: string
  /** `retry-after` header, in seconds. */
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

/** Any status, headers and body, sent as given. */
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
export type ScriptedReply = MessageReply | ErrorReply | ResetReply | HangReply | RawReply

/**
 * How a request's credential (`x-api-key`, or `Authorization: Bearer` as `authToken` sends it)
 * compared with the server's `apiKey` option.
 */
export type CredentialState = 'missing' | 'present' | 'matched' | 'mismatched'

/** What became of a request. `pending` until the server answers or the connection closes. */
export type RequestOutcome = 'pending' | 'answered' | 'streamed' | 'rejected' | 'reset' | 'aborted'

/** One request the server received, as tests see it. The API key is never stored. */
export interface ReceivedRequest {
  /** 1-based arrival position (since start or the last `reset()`); ids use it. */
  readonly index: number
  /** Upper-case HTTP method. */
  readonly method: string
  /** The path without the query string, e.g. `/v1/messages`. */
  readonly path: string
  /** The query string without `?` (empty when none). */
  readonly query: string
  /** Lower-case header names; `x-api-key` and `authorization` are replaced by `[redacted]`. */
  readonly headers: Readonly<Record<string, string>>
  /** How the credential compared with the `apiKey` option. */
  readonly credential: CredentialState
  /** The `anthropic-version` header, `undefined` when missing. */
  readonly anthropicVersion: string | undefined
  /** The JSON body parsed, the raw text when it is not JSON, `undefined` when empty. */
  readonly body: unknown
  /** The HTTP status answered, once answered. */
  readonly status: number | undefined
  /** What became of the request. */
  readonly outcome: RequestOutcome
}

/** A reply, or a function of the request that returns one. */
export type ReplySource =
  | ScriptedReply
  | ((request: ReceivedRequest) => ScriptedReply | Promise<ScriptedReply>)

/** Options of `startAnthropicServer`. */
export interface AnthropicServerOptions {
  /** When set, the credential must equal it, else 401 (a credential is always required). */
  readonly apiKey?: string
  /** Fixed latency added to every answered request. */
  readonly latencyMs?: number
  /** Used when the queue is empty; without it an empty queue answers a 500 naming the request. */
  readonly defaultReply?: ReplySource
}

/** The running server: where to point the SDK, what it received, what to answer next. */
export interface AnthropicServer {
  /** `http://127.0.0.1:<port>`: `new Anthropic({ baseURL: server.url })` (the SDK adds `/v1`). */
  readonly url: string
  /** `http://127.0.0.1:<port>/v1`: `createAnthropic({ baseURL: server.v1URL })` (AI SDK). */
  readonly v1URL: string
  /** Every request received, in arrival order (a live view). */
  readonly requests: readonly ReceivedRequest[]
  /** Scripted replies not consumed yet. */
  readonly pendingReplies: number
  /** Queues replies, consumed one per `POST /v1/messages` in order. Returns the server. */
  reply(...replies: readonly ScriptedReply[]): AnthropicServer
  /** Queues one reply computed from the request it answers. Returns the server. */
  replyWith(
    make: (request: ReceivedRequest) => ScriptedReply | Promise<ScriptedReply>,
  ): AnthropicServer
  /** Sets (or with `undefined` removes) the reply used when the queue is empty. */
  setDefaultReply(source: ReplySource | undefined): AnthropicServer
  /** Clears the queue, the request log and the counters (ids start at 1 again). */
  reset(): void
  /** Stops listening and destroys open connections (hanging requests included). */
  close(): Promise<void>
}
