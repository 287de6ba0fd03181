import type { RecordingSession } from '../recordings/session.js'
import type { Limiter } from './limiter.js'

/**
 * What every model call of one run shares, decided once by whoever starts the run and handed down
 * explicitly to each call (never looked up from a global at call time).
 */
export interface ModelCalls {
  /** The limiter each call waits in: it bounds the calls in flight and holds rate-limit pauses. */
  limiter: Limiter
  /**
   * The recording session the run's calls are answered through (the host's for the running test,
   * or the one given as `recording` in the run options); `undefined`: calls go live, unrecorded.
   */
  recording: RecordingSession | undefined
}
