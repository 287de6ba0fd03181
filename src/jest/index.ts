// biome-ignore-all assist/source/organizeImports: grouped by topic
// vitest-scenario/jest — `scenario()` for Jest 30 on the same engine as the Vitest one, and the
// matcher types for Jest's `expect`. It imports nothing from Vitest. The engine itself (build a
// scenario, run it, check it) is `vitest-scenario/core`; `vitest-scenario/jest/setup` registers
// the matchers and the conversation snapshot serializer (Jest's `setupFilesAfterEnv`).

// ─── scenario() tests ────────────────────────────────────────────────────────────────────────
export { type JestScenarioAPI, type JestTestContext, scenario } from './scenario.js'
export type {
  SamplesOf,
  ScenarioAPIOf,
  ScenarioBodyOf,
  ScenarioBuild,
  ScenarioFunctionOf,
  ScenarioOptions,
  ScenarioRun,
  ScenarioRunOptions,
  ScenarioRunResult,
} from '../scenario-test/api-types.js'

// ─── Matchers' types (for Jest's `expect`) ───────────────────────────────────────────────────
export type { JestScenarioMatchers } from '../../matchers/jest-matchers.js'
