import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// The scripted server's URL while recording; a closed port when replaying.
const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'

export default defineConfig({
  plugins: [
    scenarioPlugin({
      // The judges' model (the parsing model judges when a judge names none).
      parsingModel: { model: 'judge', baseURL },
      // The simulated users' model.
      userModel: { model: 'user', baseURL },
    }),
  ],
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
