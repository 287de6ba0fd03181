// biome-ignore-all assist/source/organizeImports: grouped by topic
// vitest-scenario/jest — `scenario()` for Jest 30 on the same engine as the Vitest one,
// `withScenario()` for jest.config.js, `runScenario`/`wrap`/`recordedFetch` bound to the running
// Jest test's recording, and the matcher types for Jest's `expect`. It imports nothing from
// Vitest, and nothing of Jest's test environment at load time (jest.config.js imports it in Jest's
// main process). The engine itself is `vitest-scenario/core`; `vitest-scenario/jest/setup` is the
// `setupFilesAfterEnv` entry `withScenario` adds.

// ─── scenario() tests ────────────────────────────────────────────────────────────────────────
export { type JestScenarioAPI, type JestTestContext, scenario } from './scenario.js'
// The types of a scenario test's API, its options and its body, as every host names them.
export type * from '../core/api-types.js'

// ─── jest.config.js ──────────────────────────────────────────────────────────────────────────
export { type JestConfigLike, type WithScenarioOptions, withScenario } from './with-scenario.js'

// ─── Model calls bound to the running test's recording ───────────────────────────────────────
export { calibrateJudge, judgeConversation, recordedFetch, runScenario, wrap } from './bound.js'

// ─── Matchers' types (for Jest's `expect`) ───────────────────────────────────────────────────
export type { JestScenarioMatchers } from '../../../matchers/jest-matchers.js'
