import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  plugins: [scenarioPlugin()],
  // The guide's setup file (setDefaultOpenAIClient(wrap(new OpenAI()))), written by the test.
  test: { include: ['*.test.ts'], setupFiles: ['./setup.ts'] },
})
