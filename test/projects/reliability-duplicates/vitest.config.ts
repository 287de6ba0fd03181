import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  plugins: [
    scenarioPlugin({
      // The scripted server's URL while recording; a closed port when replaying.
      model: { model: 'steady', baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1' },
    }),
  ],
  test: { include: ['*.test.ts'] },
})
