import type { ScriptedHttpOptions } from './types.js'

/** Checks the options both servers take, which a typo would otherwise turn into a silent misbehaviour. */
export function checkScriptedOptions(options: ScriptedHttpOptions<unknown>, label: string): void {
  if (options.latencyMs !== undefined && !(options.latencyMs >= 0)) {
    throw new RangeError(`[${label}] latencyMs must be >= 0, got ${options.latencyMs}`)
  }
  if (options.apiKey === '') {
    throw new RangeError(`[${label}] apiKey must not be empty; leave it out to accept any key`)
  }
}
