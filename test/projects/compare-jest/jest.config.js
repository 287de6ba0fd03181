// The baseline model and candidate `next`, each on its own scripted server while recording (a
// closed port when replaying: nothing listens there), and the scenario reporter beside Jest's own,
// which writes the JSON report `vitest-scenario compare` reads.
import { withScenario } from 'vitest-scenario/jest'

const closed = 'http://127.0.0.1:9/v1'

/** @type {import('jest').Config} */
export default withScenario(
  {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    reporters: ['default', 'vitest-scenario/jest/reporter'],
  },
  {
    model: { model: 'base-model', baseURL: process.env.SCENARIO_BASE_URL ?? closed },
    candidates: {
      next: {
        model: { model: 'next-model', baseURL: process.env.SCENARIO_CANDIDATE_URL ?? closed },
      },
    },
    failOn: { regressed: 0 },
  },
)
