import type { ScenarioFunctionOf } from './api-types.js'
import { eachName } from './each-name.js'
import { checkEachRows, checkScenarioName } from './scenario-options.js'
import { type ScenarioParts, scenarioParts } from './scenario-parts.js'

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

/** The modifiers a declaration carries: `.skip`, `.only`. */
export interface BasicFlags {
  skip?: true
  only?: true
}

/** How a host declares one test with its runner: the flags, the parts, the row (for `each`). */
export type DeclareScenario<Base> = <Args extends unknown[]>(
  flags: BasicFlags,
  parts: ScenarioParts<Base, Args>,
  args: Args,
) => void

/**
 * `scenario()` with `skip`, `only`, `todo` and `each` over a host's `declare` (one runner test per
 * call) and `todo`: the argument reading, the row checks and the row names are the core's, so a
 * host of a runner without `each` writes only how it declares a test.
 *
 * @example
 * const scenario = basicScenarioApi<NodeTestContext>((flags, parts, args) => void test(parts[0], flags, (t) => …), (name) => void test.todo(name))
 */
export function basicScenarioApi<Base>(
  declare: DeclareScenario<Base>,
  todo: (name: string) => void,
  flags: BasicFlags = {},
): BasicScenarioAPIOf<Base> {
  const api = (...args: unknown[]) => declare(flags, scenarioParts<Base, []>(args), [])
  return Object.defineProperties(api, {
    skip: { get: () => basicScenarioApi(declare, todo, { ...flags, skip: true }) },
    only: { get: () => basicScenarioApi(declare, todo, { ...flags, only: true }) },
    todo: { value: (name: string) => todo(checkScenarioName(name, 'scenario.todo')) },
    each: {
      value: <Row>(rows: readonly Row[]) => {
        checkEachRows(rows)
        return (...args: unknown[]) => {
          const [name, ...rest] = scenarioParts<Base, [Row]>(args)
          for (const [i, row] of rows.entries()) {
            declare(flags, [eachName(name, row, i), ...rest], [row])
          }
        }
      },
    },
  }) as BasicScenarioAPIOf<Base>
}
