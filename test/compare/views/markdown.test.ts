// compare.md: the fixture's Markdown, the 60 KB bound at 10,000 tests (and any smaller limit),
// and hostile text that neither breaks a table nor becomes markup.
import { Buffer } from 'node:buffer'
import { describe, expect, test } from 'vitest'
import { COMPARE_MARKDOWN_LIMIT, comparisonMarkdown } from '../../../src/compare/views/markdown.js'
import { comparisonFixture, hostileComparison, manyTests } from './fixtures.js'

const bytes = (text: string) => Buffer.byteLength(text, 'utf8')

/** The `|` of a table row that are not escaped: its cell borders. */
const borders = (row: string) => row.replace(/\\\\/g, '').replace(/\\\|/g, '').split('|').length - 1

describe('comparisonMarkdown', () => {
  test('the fixture: title, buckets, gates, totals, then each bucket with its tests folded', async () => {
    const markdown = comparisonMarkdown(comparisonFixture())
    await expect(markdown).toMatchFileSnapshot('__snapshots__/compare.md')
    expect(markdown.startsWith('# Comparison: candidate gpt-next\n')).toBe(true)
    expect(markdown).toContain('| 🔴 regressed | 2 |')
    expect(markdown).toContain('- ❌ 2 tests regressed; at most 0 may')
    expect(markdown).toContain('| Cost | 0.051 | 0.061 | +18% |')
    const headings = markdown.split('\n').filter((line) => line.startsWith('## '))
    expect(headings).toEqual([
      '## 🔴 Regressed (2)',
      '## 🟢 Fixed (1)',
      '## 🟡 Flaky (1)',
      '## ⚪ Not comparable (1)',
      '## ⚫ Unchanged, failing (1)',
      '## ✅ Unchanged, passing (2)',
    ])
    // Both judge reasonings side by side, and the first differing turn.
    expect(markdown).toContain(
      '| ↳ polite | met: The agent apologises and stays courteous although the customer shouts. | unmet: The agent answers "Calm down, rules are rules", which dismisses the customer. |',
    )
    expect(markdown).toContain(
      '**Sample 0**: baseline ✅ passed, candidate ❌ failed · first differing turn #1',
    )
    expect(markdown).toContain('_5 more sample pairs in compare.html._')
    expect(markdown.split('<details>').length).toBe(markdown.split('</details>').length)
  })

  test(`10,000 tests stay within ${COMPARE_MARKDOWN_LIMIT} bytes, regressions first, the rest counted`, () => {
    const markdown = comparisonMarkdown(manyTests(10_000))
    expect(bytes(markdown)).toBeLessThanOrEqual(COMPARE_MARKDOWN_LIMIT)
    expect(bytes(markdown)).toBeGreaterThan(COMPARE_MARKDOWN_LIMIT * 0.8)
    expect(markdown.split('<details>').length).toBe(markdown.split('</details>').length)
    // Every bucket keeps its heading and says how many it left out, and where they all are.
    for (const heading of [
      'Regressed (2500)',
      'Fixed (1250)',
      'Flaky (1250)',
      'Not comparable (1250)',
    ]) {
      expect(markdown).toContain(heading)
    }
    const notes = markdown.split('\n').filter((line) => line.includes('left out here'))
    expect(notes).toHaveLength(6)
    for (const note of notes)
      expect(note).toContain('compare.html and compare.json have all of them')
    expect(markdown.indexOf('<summary><b>case 0:')).toBeGreaterThan(0)
  })

  test('a smaller limit is honoured; one too small for the summary is refused', () => {
    for (const limit of [5_000, 12_000, 30_000]) {
      expect(bytes(comparisonMarkdown(manyTests(2_000), { limit }))).toBeLessThanOrEqual(limit)
      expect(bytes(comparisonMarkdown(comparisonFixture(), { limit }))).toBeLessThanOrEqual(limit)
    }
    expect(() => comparisonMarkdown(comparisonFixture(), { limit: 100 })).toThrow(
      /^\[vitest-scenario\] comparisonMarkdown\(\) got the limit 100/,
    )
  })

  test('hostile names, answers and reasoning are escaped: no markup, no broken table, no escapes', () => {
    const markdown = comparisonMarkdown(hostileComparison())
    expect(markdown).not.toMatch(/<script|<img|<\/noscript/i)
    expect(markdown).not.toContain('\u001b')
    expect(markdown).not.toMatch(/[^\\]\]\(http/)
    expect(markdown).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    // Each row of a sample pair's table has exactly three cells.
    const pairRows = markdown
      .split('\n')
      .filter((line) => /^\| (Status|Path|Outcomes|Tools|Usage|Judge|↳) /.test(line))
    expect(pairRows.length).toBeGreaterThan(10)
    for (const row of pairRows) expect(borders(row), row).toBe(4)
  })
})
