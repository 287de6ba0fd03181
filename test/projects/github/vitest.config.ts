import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// The reporter posts the review itself when SAMPLE_GITHUB says so (the test sets it with the
// Actions environment); otherwise `vitest-scenario github` does, as a later workflow step.
const github = process.env.SAMPLE_GITHUB === '1' ? { suite: 'reporter' } : undefined

export default defineConfig({
  plugins: [scenarioPlugin({ failOn: { regressed: 0 } })],
  test: {
    include: ['*.test.ts'],
    reporters: ['default', ['vitest-scenario/reporter', github === undefined ? {} : { github }]],
  },
})
