import { describe, expect, test } from 'vitest'
import { noUsage } from '../../src/reporter/format.js'
import { markdownReport } from '../../src/reporter/markdown.js'
import type { RunSummary } from '../../src/reporter/run-summary.js'
import { colors, summaryLine } from '../../src/reporter/terminal.js'

function summary(turns: number): RunSummary {
  return {
    scenarios: 1,
    passed: 0,
    failed: 1,
    runs: 1,
    turns,
    now: noUsage(),
    recorded: noUsage(),
    calls: { replayed: 0, recorded: 0, misses: 0 },
    recordings: false,
  }
}

describe('the closing line counts turns in English', () => {
  test('in the terminal: 1 turn, 2 turns', () => {
    expect(summaryLine(summary(1), colors(false))).toContain(' · 1 turn · ')
    expect(summaryLine(summary(2), colors(false))).toContain(' · 2 turns · ')
  })

  test('in the Markdown report: 1 turn, 2 turns', () => {
    expect(markdownReport([], summary(1))).toContain(' · 1 turn · ')
    expect(markdownReport([], summary(2))).toContain(' · 2 turns · ')
  })
})
