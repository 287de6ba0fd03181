import type { RecordingMode } from '../../../recordings/mode.js'
import type { HostOptions } from '../../core/host-options.js'

/** The key under which the plugin hands its resolved options to the workers (`provide` / `inject`). */
export const PROVIDED_KEY = 'vitest-scenario'

/**
 * The plugin's options, resolved once in the main process (`configureVitest`) and read as they are
 * by the workers: JSON only, since it crosses processes. Nothing here is recomputed in a worker.
 */
export interface ProvidedOptions extends HostOptions {
  /**
   * Vitest's snapshot update state when the run started (`none` in CI, Vitest's own rule): the
   * per-test state may differ in watch mode (`u`), and is read per test.
   */
  updateState: 'new' | 'all' | 'none'
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
