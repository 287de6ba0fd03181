// compare.html opens in headless Chromium offline, as a reviewer would open it: no request leaves
// the page, no console error or CSP violation; a test's details open from its line with the first
// differing turn marked and reachable by its link; the bucket filters hide and show lines; a
// hostile name stays text; and a comparison of 10,000 tests opens with its details still unpacked.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
import { comparisonHtml } from '../../../src/compare/views/html.js'
import { needChromium, openOffline, pixelAt, sameColour } from '../../reporter/offline-chromium.js'
import { resultsDir } from '../../support/paths.js'
import { comparisonFixture, hostileComparison, manyTests } from './fixtures.js'

const dir = join(resultsDir, 'compare-views-browser')

function write(name: string, html: string): string {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, name)
  writeFileSync(file, html)
  return file
}

test('compare.html: offline, the first differing turn marked after expanding, filters work', {
  timeout: 120_000,
}, async (context) => {
  needChromium(context)
  rmSync(dir, { recursive: true, force: true })
  const comparison = comparisonFixture()
  const file = write('compare.html', comparisonHtml(comparison))
  const { page, browser, attempted, problems } = await openOffline(file, join(dir, 'a'))
  try {
    expect(await page.locator('div.test').count()).toBe(comparison.tests.length)
    expect(await page.locator('.filters .chip.regressed').textContent()).toBe('2 regressed')
    expect(await page.locator('section.gates').textContent()).toContain('Gates: failed')
    // Closed at first: no details in the DOM yet.
    expect(await page.locator('tr.first-diff').count()).toBe(0)

    // The judge regression (the second test) opens from its line; its first differing turn is
    // turn 1, marked, with the candidate's answer beside the baseline's.
    const judged = page.locator('#t1')
    await judged.locator('a.row').click()
    expect(await judged.getAttribute('class')).toBe('test regressed open')
    const marked = page.locator('#t1-s0-first')
    await marked.waitFor({ state: 'visible', timeout: 5_000 })
    expect(await marked.locator('.marker').textContent()).toBe('◆ first difference')
    expect(await marked.locator('td').nth(0).textContent()).toMatch(/^1/)
    expect(await marked.locator('td').nth(1).textContent()).toContain('I completely understand')
    expect(await marked.locator('td').nth(2).textContent()).toContain('Calm down, rules are rules')
    expect(await judged.locator('.flip').textContent()).toContain(
      "judge 'tone: polite': met → unmet",
    )
    const polite = judged.locator('tr.criterion', { hasText: 'polite' })
    expect(await polite.locator('td').nth(0).textContent()).toContain('stays courteous')
    expect(await polite.locator('td').nth(1).textContent()).toContain('dismisses the customer')
    // The mark is painted: its row has the marker's background (in a cell's padding corner).
    const cell = await marked.locator('td').nth(1).boundingBox()
    expect(cell).not.toBeNull()
    const scroll = await page.evaluate('window.scrollY')
    const painted = await pixelAt(page, (cell?.x ?? 0) + 3, (cell?.y ?? 0) + Number(scroll) + 2)
    expect(sameColour(painted, '#ede9fe'), `painted ${painted.join(', ')}`).toBe(true)

    // The sampled route regression: its link to the first differing turn scrolls to it.
    await page.locator('#t0 a.row').click()
    await page.locator('#t0 a.jump').first().click()
    const routeTurn = page.locator('#t0-s0-first')
    await routeTurn.waitFor({ state: 'visible' })
    const box = await routeTurn.boundingBox()
    expect(box !== null && box.y >= 0 && box.y + box.height <= 900).toBe(true)
    expect(await routeTurn.locator('td').nth(2).textContent()).toContain('refund')

    // Filters: unchecking "regressed" hides both regressions and nothing else; checking shows them.
    await page.locator('input[data-bucket="regressed"]').uncheck()
    expect(await page.locator('#t0').isVisible()).toBe(false)
    expect(await page.locator('#t1').isVisible()).toBe(false)
    expect(await page.locator('#t2').isVisible()).toBe(true)
    await page.locator('input[data-bucket="unchanged-pass"]').uncheck()
    expect(await page.locator('div.test:visible').count()).toBe(comparison.tests.length - 4)
    await page.locator('input[data-bucket="regressed"]').check()
    expect(await page.locator('#t0').isVisible()).toBe(true)

    // Opening the page at a first differing turn's address opens its test there.
    await page.goto(`${pathToFileURL(file).href}#t2-s0-first`, { waitUntil: 'load' })
    await page.locator('#t2-s0-first').waitFor({ state: 'visible', timeout: 5_000 })
    expect(await page.locator('#t2').getAttribute('class')).toBe('test fixed open')

    expect(attempted).toEqual([])
    expect(problems).toEqual([])
  } finally {
    await browser.close()
  }
})

test('compare.html: hostile names and answers stay text, nothing runs', {
  timeout: 120_000,
}, async (context) => {
  needChromium(context)
  const file = write('hostile.html', comparisonHtml(hostileComparison()))
  const { page, browser, attempted, problems } = await openOffline(file, join(dir, 'b'))
  try {
    page.on('dialog', (dialog) => problems.push(`dialog: ${dialog.message()}`))
    for (const line of await page.locator('div.test a.row').all()) await line.click()
    expect(await page.locator('tr.first-diff').count()).toBeGreaterThan(0)
    expect(await page.locator('script').count()).toBe(1)
    expect(await page.locator('img').count()).toBe(0)
    expect(await page.locator('#t1 a.row b').textContent()).toContain('<script>alert(1)</script>')
    expect(attempted).toEqual([])
    expect(problems).toEqual([])
  } finally {
    await browser.close()
  }
})

test('compare.html of 10,000 tests opens offline with a light DOM; a test opens from its line', {
  timeout: 180_000,
}, async (context) => {
  needChromium(context)
  const count = 10_000
  const file = write('many.html', comparisonHtml(manyTests(count)))
  const { page, browser, attempted, problems } = await openOffline(file, join(dir, 'c'))
  try {
    expect(await page.locator('div.test').count()).toBe(count)
    // Every test's details are still inert text: no transcript is markup yet.
    expect(await page.locator('table.transcript').count()).toBe(0)
    const last = page.locator(`#t${count - 1}`)
    await last.locator('a.row').click()
    await last.locator('table.transcript').first().waitFor({ state: 'visible', timeout: 5_000 })
    expect(await page.locator('table.transcript').count()).toBeGreaterThan(0)
    await page.locator('input[data-bucket="unchanged-pass"]').uncheck()
    expect(await last.isVisible()).toBe(false)
    expect(attempted).toEqual([])
    expect(problems).toEqual([])
  } finally {
    await browser.close()
  }
})
