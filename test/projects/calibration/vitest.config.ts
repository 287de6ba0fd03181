import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// The scripted server's URL while recording; a closed port when replaying (nothing listens).
const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'

export default defineConfig({
  plugins: [
    scenarioPlugin({
      // The judges' model.
      parsingModel: { model: 'judge', baseURL },
    }),
  ],
  test: {
    include: ['test/*.test.ts'],
    // The reporter writes test-results/results.json, the run `vitest-scenario label` walks; the
    // Markdown report shows the judge's calibration once there are labels.
    reporters: ['default', ['vitest-scenario/reporter', { markdown: 'test-results/scenarios.md' }]],
  },
})
