import { sendLive } from '../seal/live-send.js'
import { rememberLiveKey } from '../secrets/live-keys.js'
import { type AnswerProblem, answerProblem } from './answer-check.js'
import type { SessionAnswer, SessionCall } from './call-answer.js'
import type { CallFailures } from './call-failures.js'
import type { Call, CallLog } from './call-log.js'
import { answered, callId, type Decided, failedAnswer, unkeptAnswer } from './decision.js'
import { transient } from './exchange.js'
import type { RecordedRequest } from './normalize-request.js'
import { isEventStream, type RecordedResponse, recordBody } from './recorded-response.js'
import type { RecordedInteraction } from './recording-file.js'
import { requestCredentials } from './request-credentials.js'
import { badResponseError, needsKeyError } from './session-errors.js'
import type { CheckedSessionOptions } from './session-options.js'

/** What recording a live call changes in its session. */
export interface LiveState {
  options: CheckedSessionOptions
  log: CallLog
  failures: CallFailures
  /** The keys live calls carried: the secret scan and the miss reports look for them. */
  liveKeys: Set<string>
}

/**
 * Calls the model live and keeps the answer (see docs/design.md, Recordings): a connection failure
 * throws and a transient answer (429, 5xx) is returned unkept, so the retry is the same call again
 * with the counter unmoved; a 2xx that is no usable answer is left out and refused; an event stream
 * is kept when it ends.
 */
export async function recordLive(
  state: LiveState,
  call: SessionCall,
  decided: Decided,
  previous: RecordedInteraction | undefined,
): Promise<SessionAnswer> {
  const request = decided.request as RecordedRequest
  // A call repeated after its answer was refused (an agent's loop asking again) fails as that
  // call did: the same server would answer the same way, and nothing is paid for twice.
  const failed = state.failures.of(callId(decided))
  if (failed !== undefined) return failedAnswer(state.failures.fail(failed))
  const headers = new Headers(call.init.headers)
  const credentials = requestCredentials(call.url, headers, call.init.body)
  if (credentials.empty !== undefined) {
    const header = credentials.empty
    return failedAnswer(
      state.failures.failOnce(callId(decided), () => needsKeyError(state.options, request, header)),
    )
  }
  for (const key of credentials.keys) {
    state.liveKeys.add(key)
    rememberLiveKey(key)
  }
  let { init } = call
  if (credentials.placeholders.length > 0) {
    // The placeholder stands for "no key": the live call goes without one.
    for (const name of credentials.placeholders) headers.delete(name)
    init = { ...init, headers }
  }
  const keyless = credentials.keys.length === 0
  const slot = state.log.live()
  const started = performance.now()
  // A connection failure throws here and a transient answer (429, 5xx) is returned unkept: the
  // retry is the same call again, and the counter has not moved for it.
  // Marked as the library's own live send: the network seal lets it out (it is recorded).
  const response = await sendLive(() => call.live(call.url, init))
  if (transient(response)) return unkeptAnswer(response)
  // A call without a key that the server refuses for it is no exchange of a keyless endpoint:
  // kept, it would replay the refusal after the key is set.
  if (keyless && (response.status === 401 || response.status === 403)) {
    return unkeptAnswer(response)
  }
  const keep = (recorded: RecordedResponse) => {
    const problem = answerProblem(request, recorded)
    if (problem !== undefined) {
      // A 2xx that is no answer (no choices, an empty output, an HTML page) is never recorded:
      // replayed, it would stand in for the model forever. The caller has the response; the
      // test fails with the refusal.
      refuse(state, slot, decided, problem)
      return
    }
    // Re-recording an unchanged exchange keeps its old duration: an unchanged conversation
    // rewrites no byte.
    const same = previous !== undefined && sameJson(previous.response, recorded)
    const durationMs = Math.round(performance.now() - started)
    state.log.kept(slot, decided.key, {
      request,
      response: recorded,
      durationMs: same ? previous.durationMs : durationMs,
    })
  }
  if (isEventStream(response.headers) && response.body !== null) {
    const [forCaller, forRecording] = response.body.tee()
    slot.pending = new Response(forRecording)
      .text()
      .then((text) => keep(recordBody(response.status, response.headers, text)))
      .catch(() => {
        // A stream cut midway is no answer: the caller gets the error, the recording nothing.
        state.log.leaveOut(slot)
      })
    const streamed = new Response(forCaller, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
    return answered(streamed, undefined, slot, state)
  }
  const text = await response.text()
  keep(recordBody(response.status, response.headers, text))
  const forCaller = new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
  return answered(forCaller, undefined, slot, state)
}

/**
 * Leaves a live answer that is no usable answer out of the recording, and keeps the refusal for
 * the test (and for a repeat of the same call).
 */
function refuse(state: LiveState, slot: Call, decided: Decided, problem: AnswerProblem): void {
  state.log.leaveOut(slot)
  const request = decided.request as RecordedRequest
  const id = callId(decided)
  const error = state.failures.failOnce(id, () => badResponseError(state.options, request, problem))
  slot.refused = { error, id }
}

/**
 * Whether two responses are the same JSON. One too deep to print (the write refuses it, naming
 * the path) is not the same as any.
 */
function sameJson(a: RecordedResponse, b: RecordedResponse): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return false
  }
}
