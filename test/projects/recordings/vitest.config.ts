import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

export default defineConfig({
  plugins: [
    scenarioPlugin({
      recordings: {
        // Sent to the workers as source text: self-contained on purpose.
        redact: (value) => value.replace(/tenant-[0-9]{6}/g, '<tenant>'),
      },
    }),
  ],
  test: { include: ['*.test.ts'] },
})
