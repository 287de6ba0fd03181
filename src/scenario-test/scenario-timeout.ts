import { RECORD_ENV, resolveRecordingMode } from '../recordings/mode.js'
import { isCI, providedOptions } from '../setup/provided-options.js'

/** The timeout of a scenario test whose calls may go out live (recorded, or with recordings off). */
export const LIVE_TIMEOUT_MS = 60_000

/**
 * The default timeout of a scenario test, decided when it is collected: 60 s when a model call
 * may go out live (or the project's `testTimeout` if longer), else Vitest's own: replayed calls
 * take milliseconds.
 */
export function defaultTimeout(): number | undefined {
  const provided = providedOptions()
  const update = provided?.updateSnapshot ?? (isCI() ? 'none' : 'new')
  const mode = resolveRecordingMode(update, process.env[RECORD_ENV])
  if (mode === 'replay') return undefined
  return Math.max(LIVE_TIMEOUT_MS, provided?.testTimeout ?? 0)
}
