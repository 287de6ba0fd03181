import type { TestContext } from 'vitest'
import type { z } from 'zod'
import type { RunOptions } from '../runner/index.js'
import type { ScenarioResultSet } from '../samples/index.js'
import type { Scenario } from '../scenario/index.js'
import type { ScenarioExecutionResult } from '../state/types.js'
import type { scenarioOptionsSchema } from './scenario-options.js'

/**
 * Per-scenario options, the second argument of `scenario(name, options, build, body)`: `model`,
 * `parsingModel`, `userModel`, `turnLimit`, `turnTimeoutMs`, `seed`, `budget`, `timeout`,
 * `samples`, `assertOutcomes`. The type
 * is the schema's (`scenarioOptionsSchema`).
 */
export type ScenarioOptions = z.input<typeof scenarioOptionsSchema>

/** The `samples` option's type in a scenario's options (`undefined` when absent). */
export type SamplesOf<O> = 'samples' extends keyof O ? O['samples' & keyof O] : undefined

/** What `run()` returns for given options: a result set when `samples` is set. */
export type ScenarioRunResult<O> = [SamplesOf<O>] extends [number]
  ? ScenarioResultSet
  : [SamplesOf<O>] extends [undefined]
    ? ScenarioExecutionResult
    : ScenarioExecutionResult | ScenarioResultSet

/** Options `run()` takes: any `runScenario` option, over the scenario's and the plugin's. */
export type ScenarioRunOptions = Partial<RunOptions>

/** The context a scenario body receives: Vitest's test context plus `run()`. */
export interface ScenarioContext<R = ScenarioExecutionResult> extends TestContext {
  /** Runs the scenario with this test's model config and recordings. */
  run(options?: ScenarioRunOptions): Promise<R>
}

/**
 * Builds the scenario graph on the builder it is given. It may return nothing, the builder, or a
 * validated definition (`Scenario | ScenarioDefinition | void`).
 */
export type ScenarioBuild<Args extends unknown[] = []> = (s: Scenario, ...args: Args) => unknown

/** The test body of a scenario. */
export type ScenarioBody<R = ScenarioExecutionResult, Args extends unknown[] = []> = (
  context: ScenarioContext<R>,
  ...args: Args
) => unknown

/** `scenario(name, build, body)` and `scenario(name, options, build, body)`. */
export interface ScenarioFunction<Args extends unknown[] = []> {
  (
    name: string,
    build: ScenarioBuild<Args>,
    body: ScenarioBody<ScenarioExecutionResult, Args>,
  ): void
  <const O extends ScenarioOptions>(
    name: string,
    options: O,
    build: ScenarioBuild<Args>,
    body: ScenarioBody<ScenarioRunResult<O>, Args>,
  ): void
}

/** `scenario()` with Vitest's modifiers. */
export interface ScenarioAPI extends ScenarioFunction {
  /** Collects the scenario but does not run it. */
  readonly skip: ScenarioAPI
  /** Runs only the scenarios (and tests) marked `only` in the file. */
  readonly only: ScenarioAPI
  /** Runs the scenario concurrently with the file's other concurrent tests (use the context's `expect`). */
  readonly concurrent: ScenarioAPI
  /**
   * Skips the scenario when `condition` is truthy, as Vitest's `test.skipIf` (reported as
   * skipped); chains like the other modifiers.
   *
   * @example
   * scenario.skipIf(!process.env.OPENAI_API_KEY)('answers live', build, body)
   */
  skipIf(condition: unknown): ScenarioAPI
  /**
   * Runs the scenario only when `condition` is truthy, as Vitest's `test.runIf`; otherwise it is
   * reported as skipped.
   *
   * @example
   * scenario.runIf(process.platform === 'linux').concurrent('uses the local server', build, body)
   */
  runIf(condition: unknown): ScenarioAPI
  /** A scenario still to write. */
  todo(name: string): void
  /**
   * One scenario per row; `build` and `body` receive the row after their usual argument. Names
   * take Vitest's `%s` / `$field` formatting.
   */
  each<Row>(rows: readonly Row[]): ScenarioFunction<[Row]>
}
