import { describe, expect, test } from 'vitest'
import { scenarioMetaSchema } from '../../src/hosts/core/meta/meta-schema.js'
import { judgementOf, reportOf, runOf, testOf } from './support/report-builder.js'

describe('the comparison fixtures builder', () => {
  test('builds scenario meta the meta schema reads', () => {
    const entries = [
      testOf(),
      testOf({
        runs: [
          runOf({
            path: ['ask', 'tool', 'confirm'],
            verify: [true, null, false],
            tools: [[], ['lookup', 'book'], []],
            answers: ['a', null, 'c'],
            outcomes: { polite: true, score: 0.5 },
            judgements: { polite: judgementOf(['met', 'unmet']) },
            cost: 0.01,
            recordedTokens: { input: 5, output: 1 },
            recordedDurationMs: 40,
          }),
          runOf({ error: { category: 'server_error', message: 'HTTP 503' } }),
          runOf({ outcomeErrors: { polite: { category: 'timeout', message: 'judge timed out' } } }),
        ],
      }),
      testOf({ runs: [], state: 'failed', errors: ['boom'], definition: null }),
    ]
    for (const entry of entries) {
      const parsed = scenarioMetaSchema.safeParse(entry.scenario)
      expect(parsed.error?.issues ?? []).toEqual([])
    }
    expect(entries[1]?.scenario.samples).toMatchObject({ n: 3, passes: 2 })
    expect(reportOf(entries).tests).toHaveLength(3)
  })

  test('a failing sample fails its test by default', () => {
    expect(testOf({ runs: [runOf(), runOf({ passed: false })] }).state).toBe('failed')
    expect(testOf({ runs: [runOf()] }).state).toBe('passed')
  })
})
