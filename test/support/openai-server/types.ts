import type {
  BaseOutcome,
  CredentialState,
  HangReply,
  HttpErrorReply,
  RawReply,
  RecordedRequest,
  ReplyHeaders,
  ReplyTiming,
  ResetReply,
  ScriptedHttpOptions,
  ScriptedHttpServer,
  ReplySource as ScriptedReplySource,
} from '../scripted-http/types.js'

// The reply kinds and fields both servers share live in `scripted-http`; re-exported here for the
// tests that import them from this file.
export type {
  HangReply,
  RawReply,
  ReplyHeaders,
  ReplyTiming,
  ResetReply,
} from '../scripted-http/types.js'

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
export interface ErrorReply extends HttpErrorReply {
  /** `error.type`; default: typical of the status (`requests` for 429, `server_error` for 5xx…). */
  readonly type?: string
  /** `error.code`; default: typical of the status (`rate_limit_exceeded` for 429…). */
  readonly code?: string | null
  /** `error.param`; default `null`. */
  readonly param?: string | null
  /** `retry-after-ms` header, in milliseconds. */
  readonly retryAfterMs?: number
}

/** Everything a test can script for one request. */
export type ScriptedReply = ChatReply | ErrorReply | ResetReply | HangReply | RawReply

/**
 * How a request's credential (`Authorization: Bearer …`, or Azure's `api-key` header) compared with
 * the server's `apiKey` option.
 */
export type AuthorizationState = CredentialState

/** What became of a request. `pending` until the server answers or the connection closes. */
export type RequestOutcome = BaseOutcome | 'rate-limited' | 'unauthorized'

/** One request the server received, as tests see it. The API key is never stored. */
export interface ReceivedRequest extends RecordedRequest<RequestOutcome> {
  /** How the credential (`Authorization` or `api-key` header) compared with the `apiKey` option. */
  readonly authorization: AuthorizationState
  /** Epoch milliseconds when the request's body was complete. */
  readonly receivedAt: number
  /** Milliseconds since the server started (monotonic clock). */
  readonly sinceStartMs: number
}

/** A reply, or a function of the request that returns one. */
export type ReplySource = ScriptedReplySource<ScriptedReply, ReceivedRequest>

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

/**
 * Options of `startOpenAIServer`. With `apiKey`, requests must carry `Authorization: Bearer
 * <apiKey>` (or `api-key: <apiKey>`), else 401; `latencyMs` is not added to rate-limit rejections.
 */
export interface OpenAIServerOptions extends ScriptedHttpOptions<ReplySource> {
  /** Answer 429 to requests above this rate (token bucket), before consuming any reply. */
  readonly rateLimit?: RateLimitOptions
  /** Model ids of `GET /v1/models`; default `gpt-4.1-mini`, `gpt-4.1`, `gpt-4o-mini`. */
  readonly models?: readonly string[]
  /** `created` (Unix seconds) of every completion; default: the current time. */
  readonly created?: number
  /**
   * A server with Chat Completions only, as Ollama and llama-server are: `POST …/responses`
   * answers 404 with Go's plain-text `404 page not found` (what Ollama sends), before the
   * scripted queue is consulted. Default false: both APIs are served.
   */
  readonly chatOnly?: boolean
}

/** The running server: where to point the SDK, what it received, what to answer next. */
export interface ScriptedServer
  extends ScriptedHttpServer<ScriptedReply, ReceivedRequest, ScriptedServer> {
  /** `http://127.0.0.1:<port>/v1`: pass it as the SDK's `baseURL`. */
  readonly baseURL: string
  /** Requests being handled right now. */
  readonly inFlight: number
  /** The most requests handled at the same time since start (or the last `reset()`). */
  readonly maxInFlight: number
  /**
   * Clears the queue, the request log, the counters and the rate-limit bucket: the server then
   * behaves like a fresh one (request indexes, hence ids, start at 1 again). Keeps the default
   * reply.
   */
  reset(): void
}
