import { LIVE_TIMEOUT_MS } from '../../core/live-timeout.js'
import { providedOptions } from '../setup/provided-options.js'

export { LIVE_TIMEOUT_MS }

/**
 * The default timeout of a scenario test, decided when it is collected from the mode the plugin
 * resolved: 60 s when a model call may go out live (or the project's `testTimeout` if longer),
 * else Vitest's own, since replayed calls take milliseconds. Without the plugin nothing is
 * replayed, so calls may go out live.
 */
export function defaultTimeout(): number | undefined {
  const provided = providedOptions()
  if (provided?.mode === 'replay') return undefined
  return Math.max(LIVE_TIMEOUT_MS, provided?.testTimeout ?? 0)
}
