import { type TestContext, test } from 'vitest'
import type { ScenarioOptions } from '../../core/api-types.js'
import { checkEachRows, checkScenarioName } from '../../core/scenario-options.js'
import { scenarioParts } from '../../core/scenario-parts.js'
import { ensureMatchers } from '../setup/register-matchers.js'
import { runScenarioTest } from './scenario-test.js'
import { defaultTimeout } from './scenario-timeout.js'
import type { ScenarioAPI } from './types.js'

// Importing `vitest-scenario` in a test file is enough for `expect(result).toHaveStatus(…)`: the
// matchers are registered here, when the entry loads, unless the plugin's setup entry did. A
// plain `test()` around `runScenario` in a project without the plugin otherwise met Vitest's
// "Invalid Chai property: toHaveStatus", which names neither the package nor the fix.
ensureMatchers()

/** The parts of Vitest's `test` that `scenario()` wraps (the same in Vitest 4 and 5). */
interface TestLike {
  (name: string, options: { timeout?: number }, fn: (context: TestContext) => unknown): void
  readonly skip: TestLike
  readonly only: TestLike
  readonly concurrent: TestLike
  todo(name: string): void
  for<Row>(
    rows: readonly Row[],
  ): (
    name: string,
    options: { timeout?: number },
    fn: (row: Row, context: TestContext) => unknown,
  ) => void
}

function testOptions(options: ScenarioOptions): { timeout?: number } {
  const timeout = options.timeout ?? defaultTimeout()
  return timeout === undefined ? {} : { timeout }
}

function createScenarioApi(base: TestLike): ScenarioAPI {
  const api = (...args: unknown[]): void => {
    const [name, options, build, body] = scenarioParts<TestContext, []>(args)
    base(name, testOptions(options), (context) =>
      runScenarioTest(context, options, build, body, []),
    )
  }
  return Object.defineProperties(api, {
    skip: { get: () => createScenarioApi(base.skip) },
    only: { get: () => createScenarioApi(base.only) },
    concurrent: { get: () => createScenarioApi(base.concurrent) },
    // As Vitest's: the condition is read once, when the scenario is declared (truthiness).
    skipIf: { value: (condition: unknown) => createScenarioApi(condition ? base.skip : base) },
    runIf: { value: (condition: unknown) => createScenarioApi(condition ? base : base.skip) },
    todo: { value: (name: string) => base.todo(checkScenarioName(name, 'scenario.todo(name)')) },
    each: {
      value: <Row>(rows: readonly Row[]) => {
        checkEachRows(rows)
        return (...args: unknown[]): void => {
          const [name, options, build, body] = scenarioParts<TestContext, [Row]>(args)
          base.for(rows)(name, testOptions(options), (row, context) =>
            runScenarioTest(context, options, build, body, [row]),
          )
        }
      },
    },
  }) as unknown as ScenarioAPI
}

/**
 * Declares a scenario test: `build` draws the graph on a fresh builder, `body` runs it with
 * `run()` and asserts; boolean outcome criteria are asserted after the body.
 *
 * @example
 * scenario('keeps BCL2 under pushback', (s) => {
 *   s.addNode('ask', { question: q1 }).addNode('challenge', { question: q2 })
 *     .addEdge('ask', 'challenge').addEdge('challenge', END).setEntry('ask')
 * }, async ({ run, expect }) => {
 *   const result = await run()
 *   expect(result).toHaveStatus('completed')
 * })
 */
export const scenario: ScenarioAPI = createScenarioApi(test as unknown as TestLike)
