import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// Every artifact a user may commit or publish is written here: recordings, snapshots, the
// Markdown and HTML reports, the GitHub step summary, Vitest's JSON report (with task meta).
export default defineConfig({
  plugins: [
    scenarioPlugin({
      model: {
        model: 'test-model',
        baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
      },
      recordings: {
        // Sent to the workers as source text: self-contained on purpose.
        redact: (value) => value.replace(/tenant-[0-9]{6}/g, '<tenant>'),
      },
    }),
  ],
  test: {
    include: ['*.test.ts'],
    reporters: [
      'verbose',
      [
        'vitest-scenario/reporter',
        { markdown: 'reports/scenarios.md', html: 'reports/scenarios.html' },
      ],
      ['json', { outputFile: 'reports/results.json' }],
    ],
  },
})
