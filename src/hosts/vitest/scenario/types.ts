import type { TestContext } from 'vitest'
import type { ScenarioExecutionResult } from '../../../state/types.js'
import type {
  ScenarioAPIOf,
  ScenarioBodyOf,
  ScenarioFunctionOf,
  ScenarioRun,
} from '../../core/api-types.js'

// Vitest's names for the shapes of `scenario()` (the runner-agnostic forms are in api-types.ts).
export type {
  SamplesOf,
  ScenarioBuild,
  ScenarioOptions,
  ScenarioRunOptions,
  ScenarioRunResult,
} from '../../core/api-types.js'

/** The context a scenario body receives: Vitest's test context plus `run()`. */
export interface ScenarioContext<R = ScenarioExecutionResult> extends TestContext, ScenarioRun<R> {}

/** The test body of a scenario. */
export type ScenarioBody<R = ScenarioExecutionResult, Args extends unknown[] = []> = ScenarioBodyOf<
  TestContext,
  R,
  Args
>

/** `scenario(name, build, body)` and `scenario(name, options, build, body)`. */
export type ScenarioFunction<Args extends unknown[] = []> = ScenarioFunctionOf<TestContext, Args>

/**
 * `scenario()` with Vitest's modifiers: `.skip`, `.only`, `.concurrent` (use the context's
 * `expect`), `.skipIf`, `.runIf`, `.todo`, `.each`.
 */
export type ScenarioAPI = ScenarioAPIOf<TestContext>
