import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// The scripted servers' URLs while recording; a closed port when replaying (nothing listens).
const closed = 'http://127.0.0.1:9/v1'

export default defineConfig({
  plugins: [
    scenarioPlugin({
      // The answering model of the baseline (the e2e test edits this line after `promote`).
      model: { model: 'base-model', baseURL: process.env.SCENARIO_BASE_URL ?? closed },
      // The judge, the same in both runs.
      parsingModel: { model: 'judge-model', baseURL: process.env.SCENARIO_BASE_URL ?? closed },
      prices: {
        'base-model': { input: 1, output: 2 },
        'next-model': { input: 2, output: 4 },
        'judge-model': { input: 0.5, output: 1 },
      },
      candidates: {
        next: {
          model: { model: 'next-model', baseURL: process.env.SCENARIO_CANDIDATE_URL ?? closed },
        },
      },
      failOn: { regressed: 5 },
    }),
  ],
  test: {
    include: ['*.test.ts'],
    reporters: ['default', 'vitest-scenario/reporter'],
  },
})
