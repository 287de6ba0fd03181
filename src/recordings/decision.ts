import type { SessionAnswer } from './call-answer.js'
import type { CallFailures } from './call-failures.js'
import type { Call, CallLog } from './call-log.js'
import type { Decision } from './match.js'
import type { RecordedRequest } from './normalize-request.js'

/** One call, matched: what the session decided, and the request and counter it decided on. */
export interface Decided {
  decision: Decision
  request: RecordedRequest | undefined
  key: string
  occurrence: number
}

/** A call's identity for its failures: its request key and occurrence. */
export function callId(decided: Decided): string {
  return `${decided.occurrence}\u0000${decided.key}`
}

/** The answer to a call that failed: no response, the session's error. */
export function failedAnswer(failure: Error): SessionAnswer {
  return { response: undefined, replayedMs: undefined, failure, discard: () => undefined }
}

/** The answer to a live call whose response the recording does not keep (a transient status). */
export function unkeptAnswer(response: Response): SessionAnswer {
  return { response, replayedMs: undefined, failure: undefined, discard: () => undefined }
}

/**
 * The answer to a call the session handed a response: its `failure` is the refusal of a live
 * answer the session would not record (known when the answer ended, for a stream), and its
 * `discard` leaves the exchange out of the recording, once.
 */
export function answered(
  response: Response,
  replayedMs: number | undefined,
  call: Call,
  state: { log: CallLog; failures: CallFailures },
): SessionAnswer {
  let discarded = false
  return {
    response,
    replayedMs,
    get failure() {
      return call.refused?.error
    },
    discard() {
      if (discarded) return
      discarded = true
      const { refused } = call
      if (refused !== undefined) {
        // The caller reports the bad answer itself (the library's own calls end the turn with
        // `bad_response`): the session's refusal of the same answer is not a second failure.
        call.refused = undefined
        state.failures.takeBack(refused.id, refused.error)
        return
      }
      state.log.leaveOut(call)
    },
  }
}
