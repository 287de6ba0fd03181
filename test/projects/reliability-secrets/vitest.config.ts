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
      // The workers load the hook from this module (resolved against the Vitest root).
      recordings: { redact: './redact.ts' },
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
