// The types every matcher shares. Only Vitest's `MatcherState` type is imported (erased at build
// time), so the functions run under any `expect.extend` that passes a Jest-style matcher state.
import type { MatcherState } from 'vitest'

export type { MatcherState }

/** The matcher utilities of the state (`matcherHint`, colours, `printReceived`, …). */
export type MatcherUtils = MatcherState['utils']

/** What a matcher returns: the shape both Vitest's and Jest's `expect.extend` take. */
export interface MatcherOutcome {
  pass: boolean
  message: () => string
  /** The received side of the comparison; Vitest prints a diff of `expected` and `actual`. */
  actual?: unknown
  /** The expected side of the comparison. */
  expected?: unknown
}
