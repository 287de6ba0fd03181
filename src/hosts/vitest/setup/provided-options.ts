import { inject } from 'vitest'
import { PROVIDED_KEY, type ProvidedOptions } from '../plugin/provided.js'

/**
 * The plugin's options in this worker, as the plugin resolved them in the main process, or
 * `undefined` when the plugin is not in the config (or outside a Vitest worker).
 */
export function providedOptions(): ProvidedOptions | undefined {
  try {
    return inject(PROVIDED_KEY)
  } catch {
    return undefined
  }
}
