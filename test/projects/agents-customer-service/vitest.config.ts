import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  plugins: [scenarioPlugin()],
  // The SDK's default client (for the guardrail agent's global run()), set before any test.
  test: { include: ['*.test.ts'], setupFiles: ['./setup.ts'] },
})
