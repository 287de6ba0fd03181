// The Jest host's options in a worker: what `withScenario(jestConfig, options)` resolved in the
// main process and handed over in Jest's `globals` (plain JSON, as Jest copies it into every test
// environment). (Being written: see the lead's work in progress.)
import type { ProvidedOptions } from '../plugin/provided.js'

/** The options `withScenario()` put in the Jest config, or `undefined` when it was not used. */
export function providedJestOptions(): ProvidedOptions | undefined {
  return undefined
}
