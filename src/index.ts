// The test author's entry: everything in `./core.js`, `scenario()` and the matcher types.
export type { ScenarioMatchers } from '../matchers/vitest-matchers.js'
export * from './core.js'
export {
  LIVE_TIMEOUT_MS,
  type ScenarioAPI,
  type ScenarioBody,
  type ScenarioBuild,
  type ScenarioContext,
  type ScenarioFunction,
  type ScenarioOptions,
  type ScenarioRunOptions,
  type ScenarioRunResult,
  scenario,
} from './scenario-test/index.js'
// Bound to the running Vitest test's recording (these take precedence over the core ones).
export { runScenario, wrap } from './setup/test-bound.js'
