// biome-ignore-all assist/source/organizeImports: grouped by topic
// vitest-scenario — what a test author imports: the whole engine (`vitest-scenario/core`), the
// `scenario()` test function, and the types of the matchers the setup entry registers.

// ─── The engine ──────────────────────────────────────────────────────────────────────────────
export * from './core.js'

// ─── Bound to the running test's recording ─────────────────────────────────────────────────────
// These take precedence over the core's `runScenario`, `judgeConversation` and `wrap` (an
// explicit export shadows the same name from `export *`): inside a test they record to and
// replay from its recording.
export { judgeConversation, recordedFetch, runScenario, wrap } from './setup/test-bound.js'

// ─── scenario() tests ────────────────────────────────────────────────────────────────────────
export { scenario } from './scenario-test/scenario.js'
export { LIVE_TIMEOUT_MS } from './scenario-test/scenario-timeout.js'
export type {
  SamplesOf,
  ScenarioAPI,
  ScenarioBody,
  ScenarioBuild,
  ScenarioContext,
  ScenarioFunction,
  ScenarioOptions,
  ScenarioRunOptions,
  ScenarioRunResult,
} from './scenario-test/types.js'
export type {
  ScenarioAPIOf,
  ScenarioBodyOf,
  ScenarioFunctionOf,
  ScenarioRun,
} from './scenario-test/api-types.js'

// ─── Matchers' types (for `expect`) ──────────────────────────────────────────────────────────
export type { ScenarioMatchers } from '../matchers/vitest-matchers.js'
