import { inject } from 'vitest'
import { PROVIDED_KEY, type ProvidedOptions } from '../plugin/provided.js'

/** The plugin's options in this worker, or `undefined` when the plugin is not in the config. */
export function providedOptions(): ProvidedOptions | undefined {
  try {
    return inject(PROVIDED_KEY as never) as ProvidedOptions | undefined
  } catch {
    return undefined
  }
}

/** Whether `CI` is set (to anything but '' or 'false'): Vitest then replays and never writes snapshots. */
export function isCI(): boolean {
  const ci = process.env.CI
  return ci !== undefined && ci !== '' && ci !== 'false'
}
