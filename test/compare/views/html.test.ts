// compare.html as text: one page whose only script is the one its CSP allows by hash, a line per
// test with its details inert until opened, and hostile text escaped everywhere (also inside the
// `<noscript>` that holds the details, which a `</noscript>` of a user's must not end).
import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { comparisonHtml } from '../../../src/compare/views/html.js'
import { comparisonFixture, hostileComparison } from './fixtures.js'

describe('comparisonHtml', () => {
  test('one page: its CSP allows its one script by hash and nothing else', () => {
    const html = comparisonHtml(comparisonFixture())
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1]
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-[^']+'$/,
    )
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '')
    expect(scripts).toHaveLength(1)
    const hash = createHash('sha256')
      .update(scripts[0] ?? '', 'utf8')
      .digest('base64')
    expect(csp).toContain(`'sha256-${hash}'`)
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
  })

  test('a line per test; the details, with the first differing turn anchored, wait in a noscript', () => {
    const comparison = comparisonFixture()
    const html = comparisonHtml(comparison)
    expect(html.match(/<div class="test /g)).toHaveLength(comparison.tests.length)
    expect(html.match(/<noscript>/g)).toHaveLength(comparison.tests.length)
    expect(html).toContain('id="t1-s0-first"')
    expect(html).toContain('href="#t1-s0-first"')
    expect(html).toContain('◆ first difference')
  })

  test('hostile text is escaped everywhere, the noscript boxes end only where the page ends them', () => {
    const comparison = hostileComparison()
    const html = comparisonHtml(comparison)
    expect(html.match(/<\/noscript>/g)).toHaveLength(comparison.tests.length)
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html).not.toMatch(/<img|<\/details><img/)
    expect(html).not.toContain('\u001b')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})
