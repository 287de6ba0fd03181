// The Jest host's options in a worker: what `withScenario(jestConfig, options)` resolved in the
// main process and put in the Jest config's `globals` (plain JSON: Jest copies it into every test
// environment, where it is a property of the global object).
import type { PluginModelConfig } from '../plugin/plugin-options.js'
import type { RecordingMode } from '../recordings/mode.js'
import type { Budget } from '../runner/budget.js'
import type { ModelPrice } from '../runner/usage.js'

/** The key of the Jest config's `globals` under which `withScenario` hands its options over. */
export const JEST_GLOBALS_KEY = 'vitest-scenario'

/**
 * `withScenario`'s options, resolved once in the main process and read as they are by the test
 * files: JSON only, since they cross processes. Nothing here is recomputed in a worker.
 */
export interface JestProvidedOptions {
  /** Jest's `rootDir`, against which `recordings.dir` and messages' paths are resolved. */
  root: string
  recordings: {
    dir?: string | undefined
    allowSecrets?: string[] | undefined
    /** The absolute path of the `redact` module, which the setup entry imports in each test file. */
    redactModule?: string | undefined
  }
  /** The default answering model of `scenario()` tests. */
  model?: PluginModelConfig | undefined
  /** The default parsing model (judge) of `scenario()` tests. */
  parsingModel?: PluginModelConfig | undefined
  /** The default model of simulated users in `scenario()` tests. */
  userModel?: PluginModelConfig | undefined
  /** Model calls in flight at once in each worker (the setup entry sizes the worker's limiter). */
  maxConcurrentCalls: number
  turnTimeoutMs?: number | undefined
  prices?: Record<string, ModelPrice> | undefined
  /** The default budget of each run (a scenario's or run()'s own replaces it). */
  budget?: Budget | undefined
  /** `VITEST_SCENARIO_RECORD`, read and checked once (`none` already read as `replay`). */
  modeOverride?: RecordingMode | undefined
}

/** The options `withScenario()` put in the Jest config, or `undefined` when it was not used. */
export function providedJestOptions(): JestProvidedOptions | undefined {
  const value = (globalThis as Record<string, unknown>)[JEST_GLOBALS_KEY]
  return typeof value === 'object' && value !== null ? (value as JestProvidedOptions) : undefined
}
