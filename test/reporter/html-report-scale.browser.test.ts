// A report of 10,000 scenarios opens in Chromium offline, shows the summary and the failed
// scenarios first, and a failed scenario's details open from its link or its address. What it
// checks is that the large report works; how fast it opens is bench/scale-report.mjs's business.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Locator } from 'playwright-core'
import { expect, test } from 'vitest'
import { htmlReport } from '../../src/reporter/html.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import type { ScenarioEntry } from '../../src/reporter/scenario-entry.js'
import { resultsDir } from '../support/paths.js'
import { needChromium, openOffline } from './offline-chromium.js'
import { sampleEntries } from './sample-results.js'

const dir = join(resultsDir, 'reporter-browser-scale')
const COUNT = 10_000

/** Whether an element is wholly inside the 900-pixel-high viewport. */
async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  return box !== null && box.y >= 0 && box.y + box.height <= 900
}

test('a report of 10,000 scenarios opens offline: the summary, the failures first, a failed scenario reachable', {
  timeout: 180_000,
}, async (context) => {
  needChromium(context)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  // The sample runs (passing, looping, crashing, sampled, hostile) as 10,000 tests in 200 files.
  const samples = await sampleEntries()
  const entries: ScenarioEntry[] = Array.from({ length: COUNT }, (_, i) => {
    const sample = samples[i % samples.length] as ScenarioEntry
    return {
      ...sample,
      test: `case ${i}: ${sample.test}`,
      file: `test/batch-${Math.floor(i / 50)}.test.ts`,
    }
  })
  const failed = entries.flatMap((entry, i) => (entry.state === 'failed' ? [i] : []))
  const file = join(dir, 'report.html')
  writeFileSync(file, htmlReport(entries, runSummary(entries)))

  const { page, browser, attempted, problems } = await openOffline(file, dir)
  try {
    expect(await page.locator('header .summary').textContent()).toContain(
      `${COUNT} scenarios: ${COUNT - failed.length} passed, ${failed.length} failed`,
    )
    // Every scenario has its line, all closed, none of their details turned into markup yet.
    expect(await page.locator('div.scenario').count()).toBe(COUNT)
    expect(await page.locator('div.scenario.open').count()).toBe(0)
    expect(await page.locator('svg.graph').count()).toBe(0)
    expect(await page.locator('details.file').count()).toBe(COUNT / 50)
    // The failures come first: a link to each.
    const links = page.locator('section.failures li a')
    expect(await links.count()).toBe(failed.length)
    expect(await inViewport(links.first())).toBe(true)

    // Following the last failure's link opens that scenario and shows its details.
    const last = failed.at(-1) ?? -1
    await page.locator(`section.failures a[href="#s${last}"]`).click()
    const opened = page.locator(`#s${last}`)
    expect(await opened.getAttribute('class')).toBe('scenario failed open')
    expect(await inViewport(opened.locator('a.row h3'))).toBe(true)
    await opened.locator('.facts dl').waitFor({ state: 'visible', timeout: 5_000 })
    expect(await opened.locator('.facts').textContent()).toContain('Pass rate')
    await opened.locator('svg.graph use.node.on-path').first().waitFor({ state: 'visible' })
    const drawn = await opened.locator('svg.graph > use').boundingBox()
    expect(drawn?.width).toBeGreaterThan(50)
    expect(await page.locator('svg.graph').count()).toBe(1)
    // Its line closes it and opens it again, in place.
    await opened.locator('a.row').click()
    expect(await opened.getAttribute('class')).toBe('scenario failed')
    expect(await opened.locator('.facts').isVisible()).toBe(false)
    await opened.locator('a.row').click()
    expect(await opened.getAttribute('class')).toBe('scenario failed open')
    expect(await opened.locator('.facts').isVisible()).toBe(true)

    // Opening the page at a failed scenario's address opens it too (the first one crashed).
    const first = failed[0] ?? -1
    await page.goto(`${pathToFileURL(file).href}#s${first}`, { waitUntil: 'load' })
    expect(await page.locator(`#s${first}`).getAttribute('class')).toBe('scenario failed open')
    const error = page.locator(`#s${first} .error-box`).first()
    await error.waitFor({ state: 'visible', timeout: 5_000 })
    expect(await error.textContent()).toContain('agent crashed: ECONNRESET')
    expect(await inViewport(page.locator(`#s${first} a.row h3`))).toBe(true)

    expect(attempted).toEqual([])
    expect(problems).toEqual([])
  } finally {
    await browser.close()
  }
})
