import { defineConfig } from 'vitest/config'

// The live benchmarks talk to the scripted OpenAI-compatible server of the test suite, which is
// TypeScript; Vitest runs them so no loader is needed. One file, one worker, no timeout.
export default defineConfig({
  test: {
    include: ['bench/live.run.ts'],
    testTimeout: 0,
    pool: 'forks',
    maxWorkers: 1,
  },
})
