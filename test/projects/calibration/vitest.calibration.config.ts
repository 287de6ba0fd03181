import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// The calibration tests, run after the suite: the plugin registers the matchers, and without the
// scenario reporter this run leaves the suite's test-results/results.json as it was.
export default defineConfig({
  plugins: [scenarioPlugin()],
  test: { include: ['calibration/*.test.ts'] },
})
