import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  plugins: [scenarioPlugin()],
  test: { include: ['*.test.ts'] },
})
