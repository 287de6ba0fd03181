// An ESM TypeScript project the way Jest documents it: ts-jest with `useESM`, run with
// `node --experimental-vm-modules node_modules/jest/bin/jest.js`.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  setupFilesAfterEnv: ['vitest-scenario/jest/setup'],
}
