import { providedOptions } from '../setup/provided-options.js'

/** The timeout of a scenario test whose calls may go out live (recorded, or with recordings off). */
export const LIVE_TIMEOUT_MS = 60_000

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
