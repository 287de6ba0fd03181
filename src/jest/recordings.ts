// The Jest host's recordings: one session per test (and per sample), found from Jest's
// `expect.getState()`. (Being written: see the lead's work in progress.)
import type { RecordingSession } from '../recordings/session.js'

/**
 * The recording session of the Jest test running in this async context (or of its sample), or
 * `undefined` when recordings are off or no test is running.
 */
export function currentJestRecording(): RecordingSession | undefined {
  return undefined
}
