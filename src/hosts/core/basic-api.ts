import type { ScenarioFunctionOf } from './api-types.js'

/**
 * `scenario()` with the modifiers every host has (`skip`, `only`, `todo`, `each`), for a host
 * whose runner has no more (node:test); `ScenarioAPIOf` adds Vitest's and Jest's others.
 */
export interface BasicScenarioAPIOf<Base> extends ScenarioFunctionOf<Base> {
  /** Declares the scenario but does not run it (reported as skipped). */
  readonly skip: BasicScenarioAPIOf<Base>
  /** Runs only the tests marked `only` (under node:test, with `--test-only`). */
  readonly only: BasicScenarioAPIOf<Base>
  /** A scenario still to write. */
  todo(name: string): void
  /**
   * One scenario per row; `build` and `body` receive the row after their usual argument. Names
   * take `$field` (a row's field), `%#` (its index) and `%s` (the row).
   */
  each<Row>(rows: readonly Row[]): ScenarioFunctionOf<Base, [Row]>
}
