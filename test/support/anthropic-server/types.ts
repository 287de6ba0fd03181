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

/** An HTTP error with Anthropic's body `{ type: 'error', error: { type, message } }` (e.g. 529). */
export interface ErrorReply extends HttpErrorReply {
  /** `error.type`; default: the API's type for the status (`rate_limit_error` for 429…). */
  readonly type?: string
}

/** Everything a test can script for one request. */
export type ScriptedReply = MessageReply | ErrorReply | ResetReply | HangReply | RawReply

/** What became of a request. `pending` until the server answers or the connection closes. */
export type RequestOutcome = BaseOutcome | 'rejected'

/**
 * One request the server received, as tests see it. The API key is never stored: `x-api-key` and
 * `authorization` are replaced by `[redacted]` in `headers`.
 */
export interface ReceivedRequest extends RecordedRequest<RequestOutcome> {
  /**
   * How the credential (`x-api-key`, or `Authorization: Bearer` as `authToken` sends it) compared
   * with the `apiKey` option.
   */
  readonly credential: CredentialState
  /** The `anthropic-version` header, `undefined` when missing. */
  readonly anthropicVersion: string | undefined
}

/** A reply, or a function of the request that returns one. */
export type ReplySource = ScriptedReplySource<ScriptedReply, ReceivedRequest>

/**
 * Options of `startAnthropicServer`. With `apiKey`, the credential must equal it, else 401 (a
 * credential is always required).
 */
export type AnthropicServerOptions = ScriptedHttpOptions<ReplySource>

/**
 * The running server: where to point the SDK, what it received, what to answer next. Replies are
 * consumed one per `POST /v1/messages`.
 */
export interface AnthropicServer
  extends ScriptedHttpServer<ScriptedReply, ReceivedRequest, AnthropicServer> {
  /** `http://127.0.0.1:<port>`: `new Anthropic({ baseURL: server.url })` (the SDK adds `/v1`). */
  readonly url: string
  /** `http://127.0.0.1:<port>/v1`: `createAnthropic({ baseURL: server.v1URL })` (AI SDK). */
  readonly v1URL: string
}
