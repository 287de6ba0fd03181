import { withLinkedSignal } from '../internal/linked-signal.js'
import type { Json } from './stable-json.js'

/** A `fetch` as the SDK calls it. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** One model call a session answers: the SDK's `fetch` arguments, its base URL and its live `fetch`. */
export interface SessionCall {
  url: string
  init: RequestInit
  baseURL: string
  live: Fetch
}

/** A call the library makes itself, asked without an SDK: the JSON body it would send, and where. */
export interface DirectCall {
  url: string
  body: string
  baseURL: string
}

/**
 * How a recording session answered one call, as data the caller reads: the response, the
 * recorded latency when it was replayed, and the session's error for this call. A miss or a
 * refusal has no response; an answer the session would not record (a 2xx that is no usable
 * answer) has both the response, as it came, and the refusal.
 */
export interface SessionAnswer {
  /** The response for the caller; `undefined` when the call failed (`failure` says why). */
  readonly response: Response | undefined
  /** The duration the call had when it was recorded, when it was replayed; else `undefined`. */
  readonly replayedMs: number | undefined
  /** The session's error for this call (a miss, a refusal), kept in its `failures` too. */
  readonly failure: Error | undefined
  /**
   * Leaves this call's exchange out of the recording: the caller found the answer unusable (no
   * choices, content that is not text), which only the model layer can tell. It is never
   * written, not even to a partial recording, and the recording is marked `partial` since it
   * lacks a call the test made. When the session had refused the answer itself, the refusal is
   * taken back instead: the caller reports the bad answer, and it is not a second failure.
   */
  discard(): void
}

/**
 * How a session answered a call the library makes itself (`replayDirect`): the recorded JSON
 * body of a replayed success, or the session's error for the call.
 */
export interface DirectAnswer {
  /** The recorded body of a replayed 2xx; `undefined` when the call failed. */
  readonly body: Json | undefined
  /** The duration the call had when it was recorded; `undefined` when the call failed. */
  readonly replayedMs: number | undefined
  /** The session's error for this call (a miss, a refusal). */
  readonly failure: Error | undefined
}

/**
 * Where a recording `fetch` leaves its answer to one call for the code that made the call, when
 * an SDK stands between them and hands over only a `Response` (or nothing, when the call failed).
 * The caller makes one per call and passes it with the call (see `withAnswerSink`); nothing else
 * can see it.
 */
export interface AnswerSink {
  answer: SessionAnswer | undefined
}

/**
 * The key a call carries its `AnswerSink` under: in its `RequestInit` (the `openai` SDK spreads a
 * request's `fetchOptions` into it) or on its `AbortSignal` (the AI SDK hands the signal it was
 * given to the provider's `fetch`). Registered, so every copy of the package reads the same key.
 */
export const ANSWER_SINK: unique symbol = Symbol.for('vitest-scenario.answer-sink') as never

/** The sink one call carries, in its `RequestInit` or on its signal; `undefined` when none. */
export function answerSinkOf(init: RequestInit | undefined): AnswerSink | undefined {
  if (init === undefined) return undefined
  const own = (init as { [ANSWER_SINK]?: AnswerSink })[ANSWER_SINK]
  if (own !== undefined) return own
  const signal = init.signal as { [ANSWER_SINK]?: AnswerSink } | null | undefined
  return signal?.[ANSWER_SINK]
}

/**
 * Runs `call` with a signal of its own that carries `sink` and aborts when `signal` does: the AI
 * SDK passes the signal it is given to the provider's `fetch`, and the sink with it. The link to
 * `signal` is removed when the call settles.
 */
export function withAnswerSink<T>(
  signal: AbortSignal,
  sink: AnswerSink,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return withLinkedSignal(signal, (own) => {
    Object.defineProperty(own, ANSWER_SINK, { value: sink })
    return call(own)
  })
}
