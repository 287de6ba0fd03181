// withScenario adds the setup entry and hands the default model to every test file. The scripted
// server's URL while recording; a closed port when replaying (nothing listens there).
import { withScenario } from 'vitest-scenario/jest'

/** @type {import('jest').Config} */
export default withScenario(
  {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  },
  {
    model: {
      model: 'test-model',
      baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
    },
    // The test files load the hook from this module (resolved against Jest's rootDir).
    recordings: { redact: './redact.ts' },
    parsingModel: {
      model: 'judge-model',
      baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
    },
    // VITEST_SCENARIO_CANDIDATE=next runs candidate.test.ts with another model.
    candidates: {
      next: {
        model: {
          model: 'next-model',
          baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
        },
      },
    },
  },
)
