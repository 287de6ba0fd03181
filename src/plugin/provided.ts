import type { ModelConfig } from '../models/types.js'

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
  /** The default model config of `scenario()` tests (JSON fields only). */
  model?: Omit<ModelConfig, 'client'> | undefined
}
