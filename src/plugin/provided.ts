import type { RecordingMode } from '../recordings/mode.js'
import type { Budget } from '../runner/budget.js'
import type { ModelPrice } from '../runner/usage.js'
import type { PluginModelConfig } from './plugin-options.js'

/** The key under which the plugin hands its resolved options to the workers (`provide` / `inject`). */
export const PROVIDED_KEY = 'vitest-scenario'

/**
 * The plugin's options, resolved once in the main process (`configureVitest`) and read as they are
 * by the workers: JSON only, since it crosses processes. Nothing here is recomputed in a worker.
 */
export interface ProvidedOptions {
  /** The Vitest root, against which `recordings.dir` and messages' paths are resolved. */
  root: string
  recordings: {
    dir?: string | undefined
    allowSecrets?: string[] | undefined
    /** The absolute path of the `redact` module, which the setup entry imports in each worker. */
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
  /**
   * Vitest's snapshot update state when the run started (`none` in CI, Vitest's own rule): the
   * per-test state may differ in watch mode (`u`), and is read per test.
   */
  updateState: 'new' | 'all' | 'none'
  /** `VITEST_SCENARIO_RECORD`, read and checked once (`none` already read as `replay`). */
  modeOverride?: RecordingMode | undefined
  /**
   * The recording mode at collection time and outside any test: the override, else the update
   * state's mode. It decides `scenario()`'s default timeout.
   */
  mode: RecordingMode
  /** The project's `testTimeout`: a scenario's live default never shortens a longer one. */
  testTimeout?: number | undefined
}

declare module 'vitest' {
  /** What `inject('vitest-scenario')` returns in a worker: `undefined` without the plugin. */
  export interface ProvidedContext {
    'vitest-scenario': ProvidedOptions | undefined
  }
}
