// No scenarioPlugin() on purpose: the host layer is missing.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { include: ['*.test.ts'] },
})
