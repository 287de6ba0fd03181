import { withSecretSettings } from '../../secrets/current-settings.js'
import type { ScenarioAPIOf, ScenarioBuild, ScenarioOptions } from '../core/api-types.js'
import { LIVE_TIMEOUT_MS } from '../core/live-timeout.js'
import { runScenarioBody } from '../core/run-scenario-body.js'
import { checkEachRows, checkScenarioName } from '../core/scenario-options.js'
import { type ScenarioParts, scenarioParts } from '../core/scenario-parts.js'
import { testFailure } from '../core/test-failure.js'
import { jestGate } from './host-presence.js'
import { jestGlobals } from './jest-globals.js'
import { declarer, type Flags, type JestTest } from './jest-test.js'
import { providedJestOptions } from './options.js'
import {
  annotateJestTest,
  currentJestRecording,
  finishJestRecordings,
  inJestSample,
  jestBaseline,
  jestModeNow,
  jestSecretSettings,
  jestTestNow,
  takeJestMeta,
  willFinish,
} from './recordings.js'
import { ensureJestMatchers } from './register-matchers.js'
import { appendScenarioRecord } from './results-channel.js'

/** What a Jest test body gets besides `run()`: nothing (Jest passes no test context). */
export type JestTestContext = Record<never, never>

/** `scenario()` for Jest, with its modifiers. */
export type JestScenarioAPI = ScenarioAPIOf<JestTestContext>

const NO_MODEL_FIX =
  'Set `model` in withScenario(jestConfig, { model }) in jest.config.js, in the scenario options, scenario(name, { model }, build, body), or pass run({ model }). An agent function (your app) works as the model too.'

/**
 * A scenario's Jest test timeout: its own `timeout`, else 60 s when a model call may go out live
 * (any mode but `replay`), else Jest's `testTimeout` (replayed calls take milliseconds). The
 * mode is read when the scenario is declared, from Jest's snapshot state (`--ci`, `-u`).
 */
function timeoutOf(options: ScenarioOptions): number | undefined {
  if (options.timeout !== undefined) return options.timeout
  return jestModeNow() === 'replay' ? undefined : LIVE_TIMEOUT_MS
}

/**
 * Runs one declared scenario in the Jest test that declares it, with the test's recordings; at
 * the end it finishes them (so `scenario.concurrent` records too: Jest runs no `afterEach` for
 * concurrent tests), hands the scenario's report data to the Jest reporter, and fails the test
 * with its recording failures first.
 */
async function runInJest<Args extends unknown[]>(
  [name, options, build, body]: ScenarioParts<JestTestContext, Args>,
  args: Args,
): Promise<void> {
  ensureJestMatchers()
  const { expect } = jestGlobals()
  const test = jestTestNow()
  if (test !== undefined) willFinish(test)
  let failed = false
  let error: unknown
  try {
    // Reporter meta and messages pass the same redact hook as the recordings.
    await withSecretSettings(jestSecretSettings, () =>
      runScenarioBody(
        {
          name,
          context: {},
          signal: undefined,
          defaults: providedJestOptions(),
          noModelFix: NO_MODEL_FIX,
          expect: (value) => expect(value),
          recording: currentJestRecording,
          gate: jestGate,
          inSample: (i, fn) => (test === undefined ? fn(undefined) : inJestSample(test, i, fn)),
          baseline: (i) => (test === undefined ? undefined : jestBaseline(test, i)),
          // Built when the body ends (Jest has no hook that outlives a timed-out test body).
          annotate: (built) => {
            if (test !== undefined) annotateJestTest(test, built)
          },
        },
        options,
        build as ScenarioBuild<Args>,
        body,
        args,
      ),
    )
  } catch (thrown) {
    failed = true
    error = thrown
  }
  if (test === undefined) {
    if (failed) throw error
    return
  }
  const { summary, failures } = await finishJestRecordings(test, failed)
  const meta = takeJestMeta(test)
  if (meta !== undefined) {
    appendScenarioRecord(test.testPath, {
      test: test.fullName,
      scenario: meta,
      ...(summary === undefined ? {} : { recording: summary }),
    })
  }
  if (failures.length > 0) throw testFailure(failures, failed ? error : undefined)
  if (failed) throw error
}

/**
 * The rows as Jest's `test.each` should see them to pass each row to the test as one argument:
 * Jest spreads the rows of a table whose rows are all arrays, so those are wrapped; any other
 * table (objects with `$field` names, primitives) Jest already passes row by row.
 */
function jestTable<Row>(rows: readonly Row[]): readonly unknown[] {
  return rows.every(Array.isArray) ? rows.map((row) => [row]) : rows
}

function createScenarioApi(jest: () => JestTest, flags: Flags): JestScenarioAPI {
  const api = (...args: unknown[]): void => {
    const parts = scenarioParts<JestTestContext, []>(args)
    declarer(jest(), flags)(parts[0], () => runInJest(parts, []), timeoutOf(parts[1]))
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
    todo: { value: (name: string) => jest().todo(checkScenarioName(name, 'scenario.todo(name)')) },
    each: {
      value: <Row>(rows: readonly Row[]) => {
        checkEachRows(rows)
        return (...args: unknown[]): void => {
          const parts = scenarioParts<JestTestContext, [Row]>(args)
          declarer(jest(), flags).each(jestTable(rows))(
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
export const scenario: JestScenarioAPI = createScenarioApi(() => jestGlobals().test, {
  mode: 'run',
  concurrent: false,
})
