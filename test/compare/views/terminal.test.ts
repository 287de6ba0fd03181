// The comparison's terminal text: its lines for the fixture (every bucket), the regressions worst
// first with what flipped them, bounded at 20 tests a bucket, and no escape but its own colours.
import { describe, expect, test } from 'vitest'
import { comparisonText, MAX_LISTED } from '../../../src/compare/views/terminal.js'
import { colors } from '../../../src/reporter/terminal.js'
import { comparisonFixture, hostileComparison, manyTests } from './fixtures.js'

const plain = colors(false)

describe('comparisonText', () => {
  test('the fixture: counts, regressions worst first, not comparable, flaky, fixed, totals, gates', async () => {
    const text = comparisonText(comparisonFixture(), plain)
    await expect(text).toMatchFileSnapshot('__snapshots__/compare.txt')
    const order = [
      'Regressed (2)',
      'Not comparable (1)',
      'Flaky (1)',
      'Fixed (1)',
      'Cost',
      'Suite',
      'Gates',
    ]
    const at = order.map((heading) => text.indexOf(heading))
    expect(at.every((i) => i > 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(text).toContain(
      '2 regressed · 1 fixed · 1 flaky · 1 not comparable · 1 unchanged, failing · 2 unchanged, passing (8 tests)',
    )
    // The sampled regression (largest drop) first, with its statistics and the route change.
    expect(text.indexOf('a defective charger')).toBeLessThan(text.indexOf('stays polite'))
    expect(text).toContain(
      '8/8 (100%) → 1/8 (13%) · Δ −87 pts (95% CI −97…−49 pts) · McNemar p = 0.016 · worse',
    )
    expect(text).toContain('sample 0: path: ask → escalate → END  ⟶  ask → refund → END')
    expect(text).toContain("judge 'tone: polite': met → unmet")
    expect(text).toContain('server_error (HTTP 503 Service Unavailable)')
    expect(text).toContain(' Cost      0.051 → 0.061 (+18%)')
    expect(text).toContain(' Latency   48.2s → 41.9s (−13%)')
    expect(text).toContain('✗ 2 tests regressed; at most 0 may')
    // Unchanged tests are counted, not listed.
    expect(text).not.toContain('tells where the parcel is')
  })

  test(`lists at most ${MAX_LISTED} tests a bucket and counts the rest`, () => {
    const text = comparisonText(manyTests(10_000), plain)
    const regressed = text.split('\n').filter((line) => line.startsWith('   × '))
    expect(regressed).toHaveLength(MAX_LISTED)
    expect(text).toContain(`… and ${2500 - MAX_LISTED} more regressed`)
    expect(text).toContain(`… and ${1250 - MAX_LISTED} more not comparable`)
    expect(text.split('\n').length).toBeLessThan(300)
  })

  test('hostile names, answers and reasons reach the terminal with their escapes neutralized', () => {
    const text = comparisonText(hostileComparison(), plain)
    expect(text).not.toContain('\u001b')
    expect(text).not.toContain('\u0007')
    expect(text).toContain('\\x1b]0;pwned\\x07')
    // With colours, the only escapes are the view's own colour sequences.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escapes are the subject
    const coloured = comparisonText(hostileComparison(), colors(true)).replace(/\u001b\[\d+m/g, '')
    expect(coloured).not.toContain('\u001b')
  })
})
