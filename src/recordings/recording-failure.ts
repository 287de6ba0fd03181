import { header } from '../models/classify-error.js'
import { FAILURE_HEADER } from './recorder.js'
import { recordingRouter } from './router.js'

/**
 * The recording error behind a failed model call, when the call failed because it had no
 * recording (or could not be recorded): found through the marker header of the synthetic
 * response, on the SDK error or anywhere in its `cause` chain (an agent may wrap it).
 */
export function recordingFailureOf(error: unknown): Error | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const id = header((current as { headers?: unknown }).headers, FAILURE_HEADER)
    if (id !== undefined) {
      return (
        recordingRouter()?.current()?.failureFor(id) ??
        new Error((current as { message?: string }).message ?? 'recording failure')
      )
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
