import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  plugins: [scenarioPlugin()],
  // The guide's test file, written by the driving test.
  test: { include: ['*.test.ts'] },
})
