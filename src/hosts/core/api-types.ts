import type { z } from 'zod'
import type { RunOptions } from '../../runner/index.js'
import type { ScenarioResultSet } from '../../samples/index.js'
import type { Scenario } from '../../scenario/index.js'
import type { ScenarioExecutionResult } from '../../state/types.js'
import type { scenarioOptionsSchema } from './scenario-options.js'

// The shape of `scenario()` for any test runner: `Base` is what the runner gives a test body
// (Vitest's test context; nothing under Jest), and the body receives it plus `run()`. Each host
// names its own aliases (`ScenarioAPI` for Vitest, `JestScenarioAPI` for Jest).

/**
 * Per-scenario options, the second argument of `scenario(name, options, build, body)`: `model`,
 * `parsingModel`, `userModel`, `turnLimit`, `turnTimeoutMs`, `seed`, `budget`, `timeout`,
 * `samples`, `assertOutcomes`. The type
 * is the schema's (`scenarioOptionsSchema`).
 */
export type ScenarioOptions = z.input<typeof scenarioOptionsSchema>

/** Options `run()` takes: any `runScenario` option, over the scenario's and the plugin's. */
export type ScenarioRunOptions = Partial<RunOptions>

/** The `samples` option's type in a scenario's options (`undefined` when absent). */
export type SamplesOf<O> = 'samples' extends keyof O ? O['samples' & keyof O] : undefined

/** What `run()` returns for given options: a result set when `samples` is set. */
export type ScenarioRunResult<O> = [SamplesOf<O>] extends [number]
  ? ScenarioResultSet
  : [SamplesOf<O>] extends [undefined]
    ? ScenarioExecutionResult
    : ScenarioExecutionResult | ScenarioResultSet

/** What every host adds to a scenario body's context: `run()` and the candidate run's name. */
export interface ScenarioRun<R = ScenarioExecutionResult> {
  /** Runs the scenario with this test's model config and recordings. */
  run(options?: ScenarioRunOptions): Promise<R>
  /**
   * The candidate this run is for (`VITEST_SCENARIO_CANDIDATE`), or `undefined` in a baseline
   * run: a test that builds its own agent picks the candidate's variant by it.
   */
  candidate: string | undefined
}

/**
 * Builds the scenario graph on the builder it is given. It may return nothing, the builder, or a
 * validated definition (`Scenario | ScenarioDefinition | void`).
 */
export type ScenarioBuild<Args extends unknown[] = []> = (s: Scenario, ...args: Args) => unknown

/** A scenario body under a host whose test bodies receive `Base`. */
export type ScenarioBodyOf<Base, R = ScenarioExecutionResult, Args extends unknown[] = []> = (
  context: Base & ScenarioRun<R>,
  ...args: Args
) => unknown

/** `scenario(name, build, body)` and `scenario(name, options, build, body)` under a host. */
export interface ScenarioFunctionOf<Base, Args extends unknown[] = []> {
  (
    name: string,
    build: ScenarioBuild<Args>,
    body: ScenarioBodyOf<Base, ScenarioExecutionResult, Args>,
  ): void
  <const O extends ScenarioOptions>(
    name: string,
    options: O,
    build: ScenarioBuild<Args>,
    body: ScenarioBodyOf<Base, ScenarioRunResult<O>, Args>,
  ): void
}

/** `scenario()` with its modifiers, under a host whose test bodies receive `Base`. */
export interface ScenarioAPIOf<Base> extends ScenarioFunctionOf<Base> {
  /** Collects the scenario but does not run it. */
  readonly skip: ScenarioAPIOf<Base>
  /** Runs only the scenarios (and tests) marked `only` in the file. */
  readonly only: ScenarioAPIOf<Base>
  /** Runs the scenario concurrently with the file's other concurrent tests. */
  readonly concurrent: ScenarioAPIOf<Base>
  /**
   * Skips the scenario when `condition` is truthy (reported as skipped); chains like the other
   * modifiers.
   *
   * @example
   * scenario.skipIf(!process.env.OPENAI_API_KEY)('answers live', build, body)
   */
  skipIf(condition: unknown): ScenarioAPIOf<Base>
  /**
   * Runs the scenario only when `condition` is truthy; otherwise it is reported as skipped.
   *
   * @example
   * scenario.runIf(process.platform === 'linux').concurrent('uses the local server', build, body)
   */
  runIf(condition: unknown): ScenarioAPIOf<Base>
  /** A scenario still to write. */
  todo(name: string): void
  /**
   * One scenario per row; `build` and `body` receive the row after their usual argument. Names
   * take the runner's `%s` / `$field` formatting.
   */
  each<Row>(rows: readonly Row[]): ScenarioFunctionOf<Base, [Row]>
}
