// The Jest host's options in a worker: what `withScenario(jestConfig, options)` resolved in the
// main process and put in the Jest config's `globals` (plain JSON: Jest copies it into every test
// environment, where it is a property of the global object).
import type { HostOptions } from '../core/host-options.js'

/** The key of the Jest config's `globals` under which `withScenario` hands its options over. */
export const JEST_GLOBALS_KEY = 'vitest-scenario'

/** The options `withScenario()` put in the Jest config, or `undefined` when it was not used. */
export function providedJestOptions(): HostOptions | undefined {
  const value = (globalThis as Record<string, unknown>)[JEST_GLOBALS_KEY]
  return typeof value === 'object' && value !== null ? (value as HostOptions) : undefined
}
