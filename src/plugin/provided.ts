import type { ModelPrice } from '../runner/usage.js'
import type { PluginModelConfig } from './plugin-options.js'

/** The key under which the plugin hands its options to the workers (`provide` / `inject`). */
export const PROVIDED_KEY = 'vitest-scenario'

/** What workers receive from `scenarioPlugin()`: JSON only, since it crosses processes. */
export interface ProvidedOptions {
  /** The Vitest root, against which `recordings.dir` and messages' paths are resolved. */
  root: string
  recordings: {
    dir?: string | undefined
    allowSecrets?: string[] | undefined
    /** The source text of a `redact` function given in the config (rebuilt in the worker). */
    redactSource?: string | undefined
  }
  /** The default answering model of `scenario()` tests. */
  model?: PluginModelConfig | undefined
  /** The default parsing model (judge) of `scenario()` tests. */
  parsingModel?: PluginModelConfig | undefined
  maxConcurrentCalls?: number | undefined
  turnTimeoutMs?: number | undefined
  prices?: Record<string, ModelPrice> | undefined
  /**
   * Vitest's snapshot update state for this run (`new`, `all` or `none`), known before any test
   * runs, so `scenario()` can pick its default timeout at collection time.
   */
  updateSnapshot?: string | undefined
  /** The project's `testTimeout`: a scenario's live default never shortens a longer one. */
  testTimeout?: number | undefined
}
