// The Jest scenario reporter beside Jest's own: a terminal summary of the scenarios, a Markdown
// and an HTML report, and the JSON report by default (with the `failOn` gates). ESM TypeScript
// through ts-jest, as Jest documents it.
import { withScenario } from 'vitest-scenario/jest'

/** @type {import('jest').Config} */
export default withScenario(
  {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    reporters: [
      'default',
      [
        'vitest-scenario/jest/reporter',
        { markdown: 'test-results/scenarios.md', html: 'test-results/scenarios.html' },
      ],
    ],
  },
  { failOn: { costIncrease: 25 } },
)
