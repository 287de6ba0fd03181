import { isPlainObject } from '../../internal/is-plain-object.js'
import type { RecordingSession } from '../../recordings/session.js'
import type { RunOptions } from '../../runner/run-options.js'

/**
 * The run options with `recording` (the test's, or one of its samples'), unless they give one of
 * their own. Anything but a plain options object is left to runScenario's own checks and messages.
 */
export function withRecording(
  options: RunOptions,
  recording: RecordingSession | undefined,
): RunOptions {
  if (recording === undefined || !isPlainObject(options) || Object.hasOwn(options, 'recording')) {
    return options
  }
  return { ...options, recording }
}
