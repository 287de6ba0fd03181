import { expect, test } from '@jest/globals'
import type { ScenarioAPIOf, ScenarioBuild, ScenarioOptions } from '../scenario-test/api-types.js'
import { LIVE_TIMEOUT_MS } from '../scenario-test/live-timeout.js'
import { runScenarioBody } from '../scenario-test/run-scenario-body.js'
import { checkEachRows, checkScenarioName } from '../scenario-test/scenario-options.js'
import { type ScenarioParts, scenarioParts } from '../scenario-test/scenario-parts.js'
import { declarer, type Flags, type JestTest } from './jest-test.js'
import { ensureJestMatchers } from './register-matchers.js'

/** What a Jest test body gets besides `run()`: nothing (Jest passes no test context). */
export type JestTestContext = Record<never, never>

/** `scenario()` for Jest, with its modifiers. */
export type JestScenarioAPI = ScenarioAPIOf<JestTestContext>

const NO_MODEL_FIX =
  'Set `model` in the scenario options, scenario(name, { model }, build, body), or pass run({ model }). An agent function (your app) works as the model too.'

/**
 * Every scenario call under Jest may reach the network (recordings are not wired into Jest yet),
 * so its test timeout is 60 s unless the scenario sets `timeout`.
 */
function timeoutOf(options: ScenarioOptions): number {
  return options.timeout ?? LIVE_TIMEOUT_MS
}

/** Runs one declared scenario in the Jest test that declares it. */
function runInJest<Args extends unknown[]>(
  [name, options, build, body]: ScenarioParts<JestTestContext, Args>,
  args: Args,
): Promise<void> {
  ensureJestMatchers()
  return runScenarioBody(
    {
      name,
      context: {},
      signal: undefined,
      defaults: undefined,
      noModelFix: NO_MODEL_FIX,
      expect: (value) => expect(value),
      recording: () => undefined,
      inSample: (_, fn) => fn(undefined),
      publish: () => {},
    },
    options,
    build as ScenarioBuild<Args>,
    body,
    args,
  )
}

/**
 * The rows as Jest's `test.each` should see them to pass each row to the test as one argument:
 * Jest spreads the rows of a table whose rows are all arrays, so those are wrapped; any other
 * table (objects with `$field` names, primitives) Jest already passes row by row.
 */
function jestTable<Row>(rows: readonly Row[]): readonly unknown[] {
  return rows.every(Array.isArray) ? rows.map((row) => [row]) : rows
}

function createScenarioApi(jest: JestTest, flags: Flags): JestScenarioAPI {
  const api = (...args: unknown[]): void => {
    const parts = scenarioParts<JestTestContext, []>(args)
    declarer(jest, flags)(parts[0], () => runInJest(parts, []), timeoutOf(parts[1]))
  }
  const skip = (): JestScenarioAPI => createScenarioApi(jest, { ...flags, mode: 'skip' })
  const self = (): JestScenarioAPI => createScenarioApi(jest, flags)
  return Object.defineProperties(api, {
    skip: { get: skip },
    // `skip` wins over `only`, whichever comes first in the chain, as in Jest.
    only: {
      get: () =>
        createScenarioApi(jest, { ...flags, mode: flags.mode === 'skip' ? 'skip' : 'only' }),
    },
    concurrent: { get: () => createScenarioApi(jest, { ...flags, concurrent: true }) },
    // As Vitest's: the condition is read once, when the scenario is declared (truthiness).
    skipIf: { value: (condition: unknown) => (condition ? skip() : self()) },
    runIf: { value: (condition: unknown) => (condition ? self() : skip()) },
    todo: { value: (name: string) => jest.todo(checkScenarioName(name, 'scenario.todo(name)')) },
    each: {
      value: <Row>(rows: readonly Row[]) => {
        checkEachRows(rows)
        return (...args: unknown[]): void => {
          const parts = scenarioParts<JestTestContext, [Row]>(args)
          declarer(jest, flags).each(jestTable(rows))(
            parts[0],
            (row) => runInJest(parts, [row as Row]),
            timeoutOf(parts[1]),
          )
        }
      },
    },
  }) as JestScenarioAPI
}

/**
 * Declares a scenario test under Jest 30: `build` draws the graph on a fresh builder, `body` runs
 * it with `run()` and asserts; boolean outcome criteria are asserted after the body. Modifiers:
 * `.skip`, `.only`, `.concurrent`, `.skipIf`, `.runIf`, `.todo`, `.each`.
 *
 * @example
 * import { expect } from '@jest/globals'
 * import { scenario } from 'vitest-scenario/jest'
 * scenario('answers', (s) => { s.addNode('ask', { question: 'Capital of France?' }) },
 *   async ({ run }) => {
 *     expect(await run()).toHaveStatus('completed')
 *   })
 */
export const scenario: JestScenarioAPI = createScenarioApi(test as JestTest, {
  mode: 'run',
  concurrent: false,
})
