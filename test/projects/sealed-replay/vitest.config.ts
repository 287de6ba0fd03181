import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// SEAL_ALLOW_NETWORK (comma-separated) stands for a project's own allowNetwork list.
const allow = process.env.SEAL_ALLOW_NETWORK

export default defineConfig({
  plugins: [scenarioPlugin(allow === undefined ? {} : { allowNetwork: allow.split(',') })],
  test: { include: ['*.test.ts'] },
})
