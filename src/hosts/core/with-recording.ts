import { countAgentCalls } from '../../agent-usage/index.js'
import { isPlainObject } from '../../internal/is-plain-object.js'
import type { RecordingSession } from '../../recordings/session.js'
import type { RunOptions } from '../../runner/run-options.js'

/**
 * The run options with `recording` (the test's, or one of its samples'), unless they give one of
 * their own. Anything but a plain options object is left to runScenario's own checks and messages.
 * A run made here counts its agents' own calls (through `wrap()`ped clients) also when the agent
 * wraps its client inside its first call: the host keeps an async context for recordings anyway,
 * so the scope that finds a call's turn costs little.
 */
export function withRecording(
  options: RunOptions,
  recording: RecordingSession | undefined,
): RunOptions {
  countAgentCalls()
  if (recording === undefined || !isPlainObject(options) || Object.hasOwn(options, 'recording')) {
    return options
  }
  return { ...options, recording }
}
