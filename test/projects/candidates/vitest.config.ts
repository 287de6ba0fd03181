import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// The scripted servers' URLs while recording; a closed port when replaying (nothing listens).
const closed = 'http://127.0.0.1:9/v1'
const next = { model: 'next-model', baseURL: process.env.SAMPLE_NEXT_URL ?? closed }

export default defineConfig({
  plugins: [
    scenarioPlugin({
      model: { model: 'base-model', baseURL: process.env.SAMPLE_BASE_URL ?? closed },
      candidates: {
        next: { model: next, systemPrompt: 'Answer in capitals.' },
        forked: { model: next, fork: 1 },
      },
    }),
  ],
  test: { include: ['*.test.ts'] },
})
