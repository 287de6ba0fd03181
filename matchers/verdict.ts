import type { ScenarioExecutionResult } from '../src/state/types.js'

/** What a matcher concluded about one result, and what its message shows. */
export interface Verdict {
  pass: boolean
  /** What the run did, in a line or two; shown whether the assertion was positive or `.not`. */
  summary: string[]
  /** The turns the transcript shows, by index; `undefined` shows every turn. */
  turns?: readonly number[] | undefined
  /** Why a check read no value or could not compare it (the engine's diagnostics). */
  notes?: readonly string[] | undefined
  /** The compared values, for the runner's diff of a failed positive assertion. */
  diff?: { expected: unknown; actual: unknown } | undefined
}

/** Judges one result. */
export type Judge = (result: ScenarioExecutionResult) => Verdict
