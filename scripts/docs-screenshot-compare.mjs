// Makes docs/compare-report.png, the guide's picture of compare.html: renders the hand-written
// comparison the views' tests use (test/compare/views/fixtures.ts: every bucket, both drivers,
// sampled statistics, failed and passed gates), opens it in headless Chromium with every request
// blocked, opens the judge regression (the second test) and saves the top of the page with its
// first differing turn, 1200 px wide. No model, no key, no network.
//
//   node scripts/docs-screenshot-compare.mjs      (needs Chromium at /usr/bin/chromium)
//   CHROMIUM=/path/to/chrome node scripts/docs-screenshot-compare.mjs
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { rolldown } from 'rolldown'

const root = fileURLToPath(new URL('..', import.meta.url))
const work = join(root, 'test-results/docs-screenshot-compare')
const page = join(work, 'compare.html')
const target = join(root, 'docs/compare-report.png')
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium'
const WIDTH = 1200
const MAX_HEIGHT = 1500

function fail(message) {
  console.error(`[docs:screenshot] ${message}`)
  process.exit(1)
}

if (!existsSync(chromiumPath)) {
  fail(`Chromium is not at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM.`)
}
rmSync(work, { recursive: true, force: true })
mkdirSync(work, { recursive: true })

// The renderer and the fixture are TypeScript: bundled here into one module, straight from src/
// and test/ (no build needed, and the picture always shows the sources as they are).
const entry = join(work, 'entry.ts')
writeFileSync(
  entry,
  [
    `export { comparisonHtml } from ${JSON.stringify(join(root, 'src/compare/views/html.ts'))}`,
    `export { comparisonFixture } from ${JSON.stringify(join(root, 'test/compare/views/fixtures.ts'))}`,
  ].join('\n'),
)
const bundle = await rolldown({
  input: entry,
  platform: 'node',
  resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
  logLevel: 'warn',
})
await bundle.write({ file: join(work, 'render.mjs'), format: 'esm' })
await bundle.close()
const { comparisonHtml, comparisonFixture } = await import(
  pathToFileURL(join(work, 'render.mjs')).href
)
writeFileSync(page, comparisonHtml(comparisonFixture()))

const { chromium } = await import('playwright-core')
const browser = await chromium.launchPersistentContext(join(work, 'profile'), {
  executablePath: chromiumPath,
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
  viewport: { width: WIDTH, height: 900 },
  colorScheme: 'light',
})
try {
  const href = pathToFileURL(page).href
  const blocked = []
  await browser.route('**/*', (route) => {
    if (route.request().url() === href) return route.continue()
    blocked.push(route.request().url())
    return route.abort()
  })
  const tab = browser.pages()[0] ?? (await browser.newPage())
  const problems = []
  tab.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  await tab.goto(href, { waitUntil: 'load' })
  await tab.locator('#t1 a.row').click()
  await tab.locator('#t1-s0-first').waitFor({ state: 'visible' })
  const height = await tab.evaluate((max) => {
    const end = document.querySelector('#t1')?.getBoundingClientRect().bottom ?? max
    return Math.min(max, Math.ceil(end + window.scrollY + 12))
  }, MAX_HEIGHT)
  mkdirSync(join(root, 'docs'), { recursive: true })
  await tab.screenshot({ path: target, fullPage: true, clip: { x: 0, y: 0, width: WIDTH, height } })
  if (blocked.length > 0) fail(`the page tried to fetch ${blocked.join(', ')}`)
  if (problems.length > 0) fail(`the page logged errors: ${problems.join('; ')}`)
} finally {
  await browser.close()
}
const size = statSync(target).size
console.log(
  `[docs:screenshot] ${relative(root, target)} (${WIDTH}px wide, ${Math.round(size / 1024)} KB) from ${relative(root, page)}`,
)
