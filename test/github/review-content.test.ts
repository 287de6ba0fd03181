import { describe, expect, test } from 'vitest'
import {
  CHECK_TEXT_LIMIT,
  COMMENT_LIMIT,
  checkRunName,
  clip,
  reviewContent,
} from '../../src/github/review-content.js'
import { compare } from '../compare/support/compare-helpers.js'
import { reportOf, runOf, testOf } from '../compare/support/report-builder.js'

const MARKER = '<!-- vitest-scenario:review:default -->'
const pass = (name: string) => testOf({ test: name, runs: [runOf({ passed: true })] })
const failing = (name: string) => testOf({ test: name, runs: [runOf({ passed: false })] })

describe('reviewContent', () => {
  test('no gate failed: success, the counts as the title, the comparison in the comment and the check text', () => {
    const comparison = compare([failing('a'), pass('b')], [pass('a'), pass('b')])
    const content = reviewContent({
      marker: MARKER,
      report: reportOf([pass('a'), pass('b')]),
      comparison,
    })
    expect(content.conclusion).toBe('success')
    expect(content.checkName).toBe('vitest-scenario')
    expect(content.title).toBe('1 fixed, 1 still passing')
    expect(content.body.split('\n')[0]).toBe(MARKER)
    expect(content.body).toContain('## ✅ vitest-scenario: success')
    expect(content.body).toContain('# Comparison')
    expect(content.text).toContain('# Comparison')
    expect(content.summary).toContain('| fixed | 1 |')
    expect(content.summary).toContain('compare.html')
  })

  test('a failed gate: failure, the gate named in the title area and the summary', () => {
    const comparison = compare([pass('a')], [failing('a')], { regressed: 0 })
    const content = reviewContent({
      suite: 'e2e',
      marker: '<!-- vitest-scenario:review:e2e -->',
      report: reportOf([failing('a')]),
      comparison,
    })
    expect(content.conclusion).toBe('failure')
    expect(content.checkName).toBe('vitest-scenario (e2e)')
    expect(content.title).toBe('Gate failed · 1 regressed')
    expect(content.summary).toContain(
      '**A gate failed.** 1 test regressed; failOn.regressed allows 0.',
    )
    expect(content.body).toContain('## ❌ vitest-scenario (e2e): failure')
  })

  test('no baseline: neutral with the reason, this run shown alone with its failed tests', () => {
    const content = reviewContent({
      marker: MARKER,
      report: reportOf([pass('a'), failing('b')], { branch: 'feature', commit: 'f'.repeat(40) }),
      neutral: { title: 'No baseline', detail: 'There is no baseline report at x.json.' },
    })
    expect(content.conclusion).toBe('neutral')
    expect(content.title).toBe('No baseline · 2 tests: 1 passed, 1 failed')
    expect(content.text).toBeUndefined()
    expect(content.summary).toContain('**No baseline.** There is no baseline report at x.json.')
    expect(content.body).toContain('### This run (feature, fffffff)')
    expect(content.body).toContain('- test/agent.test.ts &gt; b')
  })

  test('a stale baseline: neutral even with a failed gate, the comparison still shown; notes follow the reason', () => {
    const comparison = compare([pass('a')], [failing('a')], { regressed: 0 })
    const content = reviewContent({
      marker: MARKER,
      report: reportOf([failing('a')]),
      comparison,
      neutral: { title: 'Baseline 9 days old', detail: 'Refresh it.' },
      notes: ['The baseline was written at commit 1234567.'],
    })
    expect(content.conclusion).toBe('neutral')
    expect(content.title).toBe('Baseline 9 days old · 1 regressed')
    expect(content.body).toContain('# Comparison')
    expect(content.summary).toContain('_The baseline was written at commit 1234567._')
  })

  test('a huge suite stays within GitHub’s limits, cut with a line saying where the rest is', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      failing(`test number ${i} ${'x'.repeat(40)}`),
    )
    const content = reviewContent({
      marker: MARKER,
      report: reportOf(many),
      neutral: { title: 'No baseline', detail: 'none' },
    })
    expect(content.body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(content.summary.length).toBeLessThanOrEqual(CHECK_TEXT_LIMIT)
    expect(content.body).toContain('and 2980 more')
    const big = compare(
      many.map((t) => pass(t.test)),
      many,
    )
    const compared = reviewContent({ marker: MARKER, report: reportOf(many), comparison: big })
    expect(compared.body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect((compared.text ?? '').length).toBeLessThanOrEqual(CHECK_TEXT_LIMIT)
  })
})

describe('clip', () => {
  test('cuts at a line end and says it was cut and where the whole comparison is', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n')
    const cut = clip(text, 2000, 'comment')
    expect(cut.length).toBeLessThanOrEqual(2000)
    expect(cut).toMatch(
      /line \d+\n\n_The comment was cut here: GitHub takes at most 2,000 characters\. The full comparison is compare\.html/,
    )
    expect(clip('short', 2000, 'comment')).toBe('short')
  })

  test('names the check', () => {
    expect(checkRunName(undefined)).toBe('vitest-scenario')
    expect(checkRunName('smoke')).toBe('vitest-scenario (smoke)')
  })
})
