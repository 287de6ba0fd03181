// The Jest scenario reporter beside Jest's own: each run (or shard) writes its JSON report, and
// the config's gate fails a comparison with any regression. ESM TypeScript through ts-jest, as
// Jest documents it.
import { withScenario } from 'vitest-scenario/jest'

/** @type {import('jest').Config} */
export default withScenario(
  {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    reporters: ['default', 'vitest-scenario/jest/reporter'],
  },
  { failOn: { regressed: 0 } },
)
