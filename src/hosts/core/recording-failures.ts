// Which of a test's failures are recording failures: printed before the others, since they
// explain them. Read from the error's `code` (data every error of the library carries, kept when a
// runner serializes the error), never from its class name or message.
import type { ScenarioErrorCode } from '../../errors/index.js'

/** The codes of the recording failures and of the seal's refusals. */
const RECORDING_CODES: ReadonlySet<string> = new Set<ScenarioErrorCode>([
  'recording_missing',
  'recording_secret',
  'recording_failed',
  'bad_response',
  'network_blocked',
  'unrecorded_call',
])

/** Whether `error` (an error or a runner's serialized copy of one) is a recording failure. */
export function isRecordingFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code: unknown = Reflect.get(error, 'code')
  return typeof code === 'string' && RECORDING_CODES.has(code)
}

/**
 * The errors with the recording failures first, each group in its order.
 *
 * @example
 * recordingFailuresFirst([assertionError, missError]) // [missError, assertionError]
 */
export function recordingFailuresFirst<E>(errors: readonly E[]): E[] {
  return [...errors.filter(isRecordingFailure), ...errors.filter((e) => !isRecordingFailure(e))]
}
