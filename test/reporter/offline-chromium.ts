// Opens a report in headless Chromium the way a reader would, offline: every request but the
// report itself is recorded and refused, and console errors (a CSP violation, a script error)
// are collected. Outside CI a missing Chromium skips the test; in CI it fails it.
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { inflateSync } from 'node:zlib'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import type { TestContext } from 'vitest'

const CHROMIUM = '/usr/bin/chromium'
// Any non-empty CI counts, as for Vitest itself (std-env reads CI=false as CI too).
const inCI = (process.env.CI ?? '') !== ''

/** Skips the test when Chromium is not installed (outside CI; in CI that is an error). */
export function needChromium(context: TestContext): void {
  if (existsSync(CHROMIUM)) return
  if (inCI) {
    throw new Error(`Chromium is missing at ${CHROMIUM}; CI installs it (apt-get install chromium)`)
  }
  context.skip(
    `Chromium is not installed at ${CHROMIUM} (CI installs it; locally: apt-get install chromium)`,
  )
}

/** A page with the report open, and what it tried to fetch or complained about. */
export interface OfflinePage {
  page: Page
  browser: BrowserContext
  /** URLs the page asked for, other than the report. */
  attempted: string[]
  /** Console errors and uncaught page errors. */
  problems: string[]
}

/**
 * Launches Chromium with a fresh profile under `dir`, light colour scheme, 1200×900, and opens
 * `file` (plus `hash`) with every other request refused; `scripts: false` turns scripting off.
 * Close `browser` when done.
 */
export async function openOffline(
  file: string,
  dir: string,
  { hash = '', scripts = true }: { hash?: string; scripts?: boolean } = {},
): Promise<OfflinePage> {
  const profile = join(dir, 'profile')
  rmSync(profile, { recursive: true, force: true })
  mkdirSync(profile, { recursive: true })
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1200, height: 900 },
    colorScheme: 'light',
    javaScriptEnabled: scripts,
  })
  const href = pathToFileURL(file).href
  const attempted: string[] = []
  const problems: string[] = []
  try {
    await browser.route('**/*', (route) => {
      const url = route.request().url()
      if (url === href) return route.continue()
      attempted.push(url)
      return route.abort()
    })
    const page = browser.pages()[0] ?? (await browser.newPage())
    page.on('request', (request) => {
      if (request.url() !== href) attempted.push(request.url())
    })
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(href + hash, { waitUntil: 'load', timeout: 120_000 })
    return { page, browser, attempted, problems }
  } catch (error) {
    await browser.close()
    throw error
  }
}

/**
 * The colour Chromium painted at page coordinates `x`, `y`, as `[r, g, b]`: a 1×1 screenshot.
 * In a one-pixel PNG the pixel's bytes follow the row's filter byte unchanged, whatever the
 * filter (every predictor of the first pixel of the first row is 0).
 */
export async function pixelAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({
    clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 },
    fullPage: true,
  })
  const idat: Buffer[] = []
  let colorType = 0
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    const data = png.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') colorType = data[9] ?? 0
    if (type === 'IDAT') idat.push(data)
    at += 12 + length
  }
  if (colorType !== 2 && colorType !== 6) throw new Error(`unexpected PNG colour type ${colorType}`)
  const row = inflateSync(Buffer.concat(idat))
  return [row[1] ?? 0, row[2] ?? 0, row[3] ?? 0]
}

/** Whether two colours are the same up to anti-aliasing (each channel within 12). */
export function sameColour(a: readonly number[], hex: string): boolean {
  const b = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
  return a.every((value, i) => Math.abs(value - (b[i] ?? 0)) <= 12)
}
