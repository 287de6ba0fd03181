// No scenarioPlugin() and no setup file on purpose: importing vitest-scenario must be enough.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { include: ['*.test.ts'] },
})
