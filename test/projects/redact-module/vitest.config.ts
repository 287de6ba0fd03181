import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  plugins: [
    scenarioPlugin({
      model: {
        model: 'test-model',
        baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
      },
      // A TypeScript module, resolved against the Vitest root: the workers import it through
      // Vitest's module runner, so it may import helpers and close over what it likes.
      recordings: { redact: './support/redact.ts' },
    }),
  ],
  test: { include: ['*.test.ts'] },
})
