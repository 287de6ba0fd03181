import {
  isScenarioError,
  type RecordingBadResponseError,
  type RecordingError,
  type RecordingMissingError,
} from '../errors/index.js'

/** The codes of the errors a recording session fails a call with. */
const RECORDING_CODES: ReadonlySet<string> = new Set(['recording_missing', 'recording_failed'])

/**
 * The recording error behind a failed call (a miss, or a call that could not be recorded), on
 * the error itself or anywhere in its `cause` chain: an SDK wraps what its `fetch` threw (openai:
 * `APIConnectionError` with `cause`), and an agent may wrap that again. Found by `code`.
 */
export function recordingErrorOf(
  error: unknown,
): RecordingError | RecordingMissingError | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if (isScenarioError(current) && RECORDING_CODES.has(current.code)) {
      return current as RecordingError | RecordingMissingError
    }
    try {
      current = (current as { cause?: unknown }).cause
    } catch {
      // A cause getter that throws ends the chain.
      return undefined
    }
  }
  return undefined
}

/**
 * The session's refusal of a 2xx that was no usable answer (`bad_response`), on the error or in its
 * `cause` chain: an agent that asks again for an answer the session refused gets the refusal
 * thrown from its client's `fetch`, wrapped by its SDK.
 */
export function badResponseOf(error: unknown): RecordingBadResponseError | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if (isScenarioError(current) && current.code === 'bad_response') {
      return current as RecordingBadResponseError
    }
    try {
      current = (current as { cause?: unknown }).cause
    } catch {
      return undefined
    }
  }
  return undefined
}
