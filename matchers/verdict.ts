import type { ScenarioExecutionResult } from '../src/state/types.js'

/** What a matcher concluded about one result, and what its message shows. */
export interface Verdict {
  pass: boolean
  /** What the run did, in a line or two; shown whether the assertion was positive or `.not`. */
  summary: string[]
  /**
   * The turns the transcript shows, by index; `undefined` shows every turn. More than a
   * transcript shows whole are cut to the first and the last ones, unless `wholeTurns`.
   */
  turns?: readonly number[] | undefined
  /** `turns` is a bounded listing (the first failing turns), shown whole. */
  wholeTurns?: boolean | undefined
  /** The line after the transcript that counts the turns `turns` leaves out. */
  moreTurns?: string | undefined
  /** Why a check read no value or could not compare it (the engine's diagnostics). */
  notes?: readonly string[] | undefined
  /** The compared values, for the runner's diff of a failed positive assertion. */
  diff?: { expected: unknown; actual: unknown } | undefined
}

/** Judges one result. */
export type Judge = (result: ScenarioExecutionResult) => Verdict
