// withScenario adds the setup entry, which seals each test; SEAL_ALLOW_NETWORK (comma-separated)
// stands for a project's own allowNetwork list.
import { withScenario } from 'vitest-scenario/jest'

const allow = process.env.SEAL_ALLOW_NETWORK

/** @type {import('jest').Config} */
export default withScenario(
  {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  },
  allow === undefined ? {} : { allowNetwork: allow.split(',') },
)
