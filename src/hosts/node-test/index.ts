// vitest-scenario/node-test — `scenario()` for Node's built-in test runner, the scenario assertions
// as functions, and `wrap` / `recordedFetch` bound to the running scenario's recording; built on
// the host core alone, with nothing of Vitest or Jest. Its reporter: `/node-test/reporter`.
import { type HostBound, hostBound, TestRecordings } from '../../host.js'

export type { BasicScenarioAPIOf } from '../../host.js'
// The types of `scenario()`'s signatures (the host core's, as every host names them).
export type * from '../core/api-types.js'
export type { ScenarioAssertions } from '../core/assertion-functions.js'
export { assertScenario, type ScenarioAssert } from './assert.js'
export { assertAgreesWithLabels } from './assert-agrees.js'
export {
  type NodeScenarioAPI,
  type NodeScenarioOptions,
  type NodeTestContext,
  scenario,
  scenarioWith,
} from './scenario.js'

// Every model call of a scenario test goes through its recording: there is no host layer to miss.
const bound = hostBound(TestRecordings.current, { check: () => {} })

/**
 * A copy of your own `openai` client whose calls go through the recording of the scenario test
 * that makes them (built with the SDK's `withOptions({ fetch })`; nothing global is patched).
 *
 * @example
 * const client = wrap(new OpenAI())
 */
export function wrap<T extends object>(client: T): T {
  return bound.wrap(client)
}

/**
 * A `fetch` for any SDK's `fetch` option: each call goes through the recording of the scenario
 * test that makes it, with the same matching, modes and secret rules as `wrap()`.
 *
 * @example
 * const openai = createOpenAI({ baseURL, fetch: recordedFetch })
 */
export const recordedFetch: typeof fetch = (input, init) => bound.recordedFetch(input, init)

/**
 * Measures a conversation judge against human labels (see `calibrateJudge` in
 * `vitest-scenario/core`); with `judge`, the labelled transcripts are judged again and those
 * calls go through the running scenario test's recording. A `recording` given in the options wins.
 *
 * @example
 * const calibration = await calibrateJudge('test/__labels__/refunds.test.ts.labels.json')
 */
export const calibrateJudge: HostBound['calibrateJudge'] = (labels, options) =>
  bound.calibrateJudge(labels, options)
