import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  plugins: [
    scenarioPlugin({
      // The workers load the hook from this module (resolved against the Vitest root).
      recordings: { redact: './redact.ts' },
    }),
  ],
  test: { include: ['*.test.ts'] },
})
