import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  // The JSON report carries the gates and a candidate run names its candidate.
  plugins: [scenarioPlugin({ failOn: { regressed: 0, worse: true }, candidates: { next: {} } })],
  test: {
    include: ['*.test.ts'],
    reporters: [
      'default',
      [
        'vitest-scenario/reporter',
        { markdown: 'reports/scenarios.md', html: 'reports/scenarios.html' },
      ],
    ],
  },
})
