import { InvalidArgumentError, type RecordingError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import type { DirectAnswer, DirectCall, SessionAnswer, SessionCall } from './call-answer.js'
import { CallFailures } from './call-failures.js'
import { CallLog } from './call-log.js'
import { answered, callId, type Decided, failedAnswer } from './decision.js'
import { finishRecording, type RecordingSummary } from './finish-recording.js'
import { type LoadedRecording, loadRecording } from './load-recording.js'
import { type MatchState, match } from './match.js'
import { answerMcp, type McpAnswer } from './mcp-answer.js'
import { type McpCall, type McpOutcome, mcpCallProblem } from './mcp-interaction.js'
import { McpLog } from './mcp-log.js'
import { missError } from './miss-error.js'
import type { RenameCandidate } from './miss-report.js'
import type { RecordedRequest } from './normalize-request.js'
import { type LiveState, recordLive } from './record-live.js'
import { replayResponse } from './recorded-response.js'
import { listKeyOf } from './request-delta.js'
import { RequestKeys } from './request-key.js'
import { RequestNormalizer } from './request-normalizer.js'
import { afterFinishError, cannotKeyError } from './session-errors.js'
import { checkSessionOptions, type RecordingSessionOptions } from './session-options.js'
import { type Json, jsonEqual } from './stable-json.js'
import type { RecordingStore } from './store.js'
import { readUnowned, type Unowned } from './unowned-recordings.js'

export type {
  DirectAnswer,
  DirectCall,
  Fetch,
  SessionAnswer,
  SessionCall,
} from './call-answer.js'
export type { RecordingSummary } from './finish-recording.js'
export type { McpAnswer } from './mcp-answer.js'
export type { McpCall, McpOutcome, McpRecordedError } from './mcp-interaction.js'
export { PLACEHOLDER_KEY } from './request-credentials.js'
export type { RecordingSessionOptions } from './session-options.js'

/**
 * The recording of one test (or one sample of it): a host creates it when the test starts, every
 * model call of the test is answered through it, and the host calls `finish` when the test ends
 * (see docs/design.md, Recordings). Each call is matched by `match()` on its normalized request
 * and on how many calls with that request the test was already answered: that one counter
 * advances when an answer is handed out (replayed) or kept (recorded live), and never goes back.
 * A call is answered with data (`SessionAnswer`: the response, the recorded latency of a replayed
 * call, the session's error for the call); a miss or a refusal is kept in `failures` too, so the
 * test fails even if the app swallowed the error.
 */
export class RecordingSession {
  /** What the host gave, with the store resolved. */
  readonly options: Readonly<RecordingSessionOptions & { store: RecordingStore }>
  /** Misses and calls that could not be recorded, in order, each once; the test fails with them. */
  readonly failures: Error[]
  readonly #failures = new CallFailures()
  /** The recording file as read once (`undefined` until the first call reads it). */
  #loaded: LoadedRecording | undefined
  /** The calls answered and the one counter; a new log after `finish` lets the old one go. */
  #log = new CallLog()
  /** The MCP requests answered, with their own counter. */
  #mcpLog = new McpLog()
  #diverged = false
  #finished = false
  /** The keys this session's live calls carried (the secret scan and miss reports mask them). */
  #liveKeys = new Set<string>()
  /** The folder's recordings no test of the file owns, once a miss with no file looked. */
  #unowned: Unowned[] | undefined
  /**
   * Normalizes and keys the calls and the recorded requests: a conversation resends its growing
   * list every call, and only what is new in it is normalized and keyed (see docs/design.md,
   * Recordings, "Long conversations").
   */
  readonly #normalizer: RequestNormalizer
  readonly #keys = new RequestKeys()

  constructor(options: RecordingSessionOptions) {
    this.options = checkSessionOptions(options)
    this.#normalizer = new RequestNormalizer(this.options.redact)
    this.failures = this.#failures.list
  }

  /** Whether `finish` ran: a finished session answers no more calls. */
  get finished(): boolean {
    return this.#finished
  }

  /**
   * Answers one model call as it reaches a recording `fetch`: a replayed response (with its
   * recorded latency), the live one (recorded), or no response and the session's error (a miss,
   * a refusal). A live call whose connection fails throws that error, as `fetch` would.
   */
  async answer(call: SessionCall): Promise<SessionAnswer> {
    const decided = this.#decide(call, false)
    const { decision } = decided
    switch (decision.kind) {
      case 'refuse':
        return failedAnswer(this.#failures.fail(decision.error))
      case 'miss':
        return failedAnswer(this.#missed(decided, decision.reason))
      case 'replay': {
        const { interaction } = decision
        const response = replayResponse(interaction.response, {})
        const replayed = this.#log.replayed(decided.key, interaction)
        return answered(response, interaction.durationMs, replayed, this.#state())
      }
      case 'record':
        if (decision.diverges) this.#diverged = true
        return recordLive(this.#state(), call, decided, decision.previous)
    }
  }

  /**
   * `answer` as a `fetch` gives it: the response, or the session's error thrown (a
   * `RecordingMissingError` or another `RecordingError`).
   */
  async handle(call: SessionCall): Promise<Response> {
    const { response, failure } = await this.answer(call)
    if (response === undefined) throw failure
    return response
  }

  /**
   * Answers a call the library makes itself without an SDK: the recorded JSON body of a replayed
   * success, or the session's error for a miss or a refusal. `undefined` means the call needs the
   * SDK (it goes live, or its recorded answer is an error status or a stream) and changes
   * nothing: the SDK's request then comes to `answer` and is decided the same way.
   */
  replayDirect(call: DirectCall): DirectAnswer | undefined {
    const decided = this.#decide(call, true)
    const { decision } = decided
    switch (decision.kind) {
      case 'refuse':
        return directFailure(this.#failures.fail(decision.error))
      case 'miss':
        return directFailure(this.#missed(decided, decision.reason))
      case 'record':
        return undefined
      case 'replay': {
        const { interaction } = decision
        const { response } = interaction
        if (response.body === undefined || response.status < 200 || response.status > 299) {
          return undefined
        }
        this.#log.replayed(decided.key, interaction)
        return { body: response.body, replayedMs: interaction.durationMs, failure: undefined }
      }
    }
  }

  /**
   * Answers one MCP request (`tools/list`, `tools/call`) by the rules a model call is answered by:
   * replayed from the recording's `mcp` list, sent live through `live` and kept, or refused (a
   * miss, a refusal) with the session's error as `failure`. `live` returns the result or the
   * error the server answered with; when it throws (no answer came), so does this.
   */
  answerMcp(call: McpCall, live: () => Promise<McpOutcome>): Promise<McpAnswer> {
    // Checked here, before anything is keyed: the MCP wrappers make these calls, but the method
    // is public (vitest-scenario/host) and a wrong call must say so, not fail inside.
    const problem =
      mcpCallProblem(call) ??
      (typeof live === 'function'
        ? undefined
        : `a live of ${describeValue(live)}; expected a function that sends the request`)
    if (problem !== undefined) {
      return Promise.reject(
        new InvalidArgumentError(
          `RecordingSession#answerMcp(call, live) got ${problem}`,
          "Pass { server, method: 'tools/list' | 'tools/call', tool?, arguments? } and a function returning the server's answer, as vitest-scenario/mcp's wrappers do.",
        ),
      )
    }
    const refusal = this.#refusal()
    const loaded = this.#loaded
    return answerMcp(
      {
        options: this.options,
        failures: this.#failures,
        log: this.#mcpLog,
        liveKeys: this.#liveKeys,
        refusal,
        recording: loaded?.existing,
        byKey: loaded?.mcpByKey ?? new Map(),
        diverged: this.#diverged,
        diverge: () => {
          this.#diverged = true
        },
      },
      call,
      live,
    )
  }

  /**
   * Writes (or deletes) the recording after the test; returns what happened. Afterwards the
   * session keeps only its options and failures: a finished session may stay reachable until the
   * test file ends (a runner keeps what a test left behind), and must not keep its parsed
   * recording, calls and request caches alive with it.
   */
  async finish(testFailed: boolean): Promise<RecordingSummary> {
    this.#finished = true
    try {
      await Promise.all(this.#log.calls.map((c) => c.pending))
      return finishRecording({
        options: this.options,
        log: this.#log,
        mcpLog: this.#mcpLog,
        failures: this.failures,
        existing: this.#loaded?.existing,
        liveKeys: this.#liveKeys,
        testFailed,
      })
    } finally {
      this.#normalizer.forget()
      this.#loaded = undefined
      this.#log = new CallLog()
      this.#mcpLog = new McpLog()
      this.#liveKeys = new Set()
      this.#failures.forgetCalls()
      this.#unowned = undefined
    }
  }

  /** What a live call changes: the log, the failures, the keys it carried. */
  #state(): LiveState {
    return {
      options: this.options,
      log: this.#log,
      failures: this.#failures,
      liveKeys: this.#liveKeys,
    }
  }

  /** Matches one call against the recording; changes nothing. */
  #decide(call: SessionCall | DirectCall, direct: boolean): Decided {
    let refusal: Error | undefined = this.#refusal()
    let request: RecordedRequest | undefined
    if (refusal === undefined) {
      try {
        // A direct call is the request the SDK would send: the same JSON text, POSTed to the URL.
        request = direct
          ? this.#normalizer.normalize(
              call.url,
              { method: 'POST', body: (call as DirectCall).body },
              call.baseURL,
            )
          : this.#normalizer.normalize(call.url, (call as SessionCall).init, call.baseURL)
      } catch (error) {
        refusal = cannotKeyError(this.options, error)
      }
    }
    const key = request === undefined ? '' : this.#keyOf(request)
    const occurrence = this.#log.occurrence(key)
    const state: MatchState = {
      mode: this.options.mode,
      refusal,
      recording: this.#loaded?.existing,
      byKey: this.#loaded?.byKey ?? new Map(),
      diverged: this.#diverged,
    }
    return { decision: match(state, { key, occurrence }), request, key, occurrence }
  }

  /**
   * The key of a call's request. Requests that are equal as JSON have the same key, so a call
   * equal to the recorded request at its position (the number of calls answered so far: where a
   * conversation replayed in order finds its next call) takes that request's key, made once when
   * the file was read: a replayed call is then normalized and compared, not keyed again. Any other
   * call (out of order, concurrent, changed, not recorded) is keyed.
   */
  #keyOf(request: RecordedRequest): string {
    const loaded = this.#loaded
    const at = this.#log.calls.length
    const recorded = loaded?.existing?.interactions[at]
    const key = loaded?.keys[at]
    if (recorded !== undefined && key !== undefined && jsonEqual(request, recorded.request)) {
      shareItems(request, recorded.request)
      return key
    }
    return this.#keys.of(request)
  }

  /** Why no call may be answered: the host's refusal, a finished test, or an unreadable file. */
  #refusal(): Error | undefined {
    if (this.options.refuse !== undefined) return this.options.refuse
    if (this.#finished) return afterFinishError(this.options)
    return this.#load()
  }

  /** Reads the recording file once; a broken file is an error in the modes that would use it. */
  #load(): RecordingError | undefined {
    if (this.#loaded !== undefined) return undefined
    const loaded = loadRecording(this.options, this.#keys)
    if ('existing' in loaded) {
      this.#loaded = loaded
      return undefined
    }
    return loaded
  }

  /** The miss of a call, made and kept once per key and occurrence (an SDK retries it). */
  #missed(decided: Decided, reason: string): Error {
    return this.#failures.failOnce(callId(decided), () => {
      const existing = this.#loaded?.existing
      return missError(this.options, {
        reason,
        callIndex: this.#log.calls.length + this.failures.length,
        request: decided.request as RecordedRequest,
        unused: this.#log.unused(existing?.interactions ?? []),
        // Only when the test has no recording file at all: a file that exists but lacks this
        // request is this test's own, and its diff says what changed.
        renameCandidates: existing === undefined ? this.#renameCandidates(decided.key) : undefined,
        liveKeys: this.#liveKeys,
      })
    })
  }

  /**
   * The recordings of this test's folder that no test of its file owns (see `readUnowned`), each
   * with whether it holds the call's request (`key`).
   */
  #renameCandidates(key: string): RenameCandidate[] {
    this.#unowned ??= readUnowned(this.options)
    return this.#unowned.map((u) => ({ file: u.file, test: u.test, holdsRequest: u.keys.has(key) }))
  }
}

/**
 * Puts the recorded request's list items in place of the call's equal ones (from the end, up to
 * the first item they already share). The call's list is the one its session's normalizer keeps
 * for the next call, which takes its items as they are: the next call then shares them with the
 * next recorded request (rebuilt on this one), and comparing the two stays a comparison of the
 * new items, not of the whole conversation, however long it grows.
 */
function shareItems(call: RecordedRequest, recorded: RecordedRequest): void {
  const key = listKeyOf(call.body)
  if (key === undefined) return
  const items = (call.body as { [key: string]: Json[] })[key] as Json[]
  const same = (recorded.body as { [key: string]: Json[] })[key] as Json[]
  for (let i = items.length - 1; i >= 0 && items[i] !== same[i]; i--) items[i] = same[i] as Json
}

function directFailure(failure: Error): DirectAnswer {
  return { body: undefined, replayedMs: undefined, failure }
}

/** Whether `value` is a recording session (a Proxy that throws on inspection is not one). */
export function isRecordingSession(value: unknown): value is RecordingSession {
  try {
    return value instanceof RecordingSession
  } catch {
    return false
  }
}
