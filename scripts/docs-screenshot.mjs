// Makes docs/html-report.png, the README's picture of the HTML report: runs the examples (replayed
// from fixtures/, so no model, no key and no network) with the scenario reporter, opens the report
// in headless Chromium with every request blocked, and saves the top of the page, 1200 px wide.
//
//   npm run docs:screenshot             (builds first; needs Chromium at /usr/bin/chromium)
//   CHROMIUM=/path/to/chrome node scripts/docs-screenshot.mjs [--allow-failures]
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const work = join(root, 'test-results/docs-screenshot')
const report = join(work, 'report.html')
const target = join(root, 'docs/html-report.png')
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium'
const allowFailures = process.argv.includes('--allow-failures')
const WIDTH = 1200
// A full page of every example would be a tall, heavy image for a README: the picture shows the
// scenario sections that fit in this height, from the first one with a loop taken (a back edge on
// the path), else from the first one.
const MAX_HEIGHT = 1400

function fail(message) {
  console.error(`[docs:screenshot] ${message}`)
  process.exit(1)
}

if (!existsSync(join(root, 'dist/src/hosts/vitest/reporter/index.js'))) {
  fail('dist/ is missing: run `npm run build` first (npm run docs:screenshot does).')
}
if (!existsSync(chromiumPath)) {
  fail(`Chromium is not at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM.`)
}

rmSync(work, { recursive: true, force: true })
mkdirSync(work, { recursive: true })

// Replay only: a missing recording fails instead of calling a model.
process.env.VITEST_SCENARIO_RECORD = 'replay'
const { startVitest } = await import('vitest/node')
const { ScenarioReporter } = await import('vitest-scenario/reporter')
const vitest = await startVitest('test', [], {
  config: join(root, 'examples/vitest.config.ts'),
  configLoader: 'runner',
  watch: false,
  reporters: ['default', new ScenarioReporter({ html: report })],
})
const failed = vitest.state.getCountOfFailedTests()
await vitest.close()
if (!existsSync(report)) fail('the examples run wrote no report.')
if (failed > 0 && !allowFailures) {
  fail(
    `${failed} example test(s) failed; a screenshot of failures does not belong in the README. ` +
      'Fix them, or pass --allow-failures to look at the report anyway.',
  )
}
process.exitCode = 0

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
  const href = pathToFileURL(report).href
  const blocked = []
  await browser.route('**/*', (route) => {
    if (route.request().url() === href) return route.continue()
    blocked.push(route.request().url())
    return route.abort()
  })
  const page = browser.pages()[0] ?? (await browser.newPage())
  await page.goto(href, { waitUntil: 'load' })
  const clip = await page.evaluate((maxHeight) => {
    const sections = [...document.querySelectorAll('div.scenario')]
    const first =
      sections.findIndex(
        (s) => s.dataset.state === 'passed' && s.querySelector('use.edge.back.on-path') !== null,
      ) + 1 || 1
    const top = (s) => s.getBoundingClientRect().top + window.scrollY
    const bottom = (s) => s.getBoundingClientRect().bottom + window.scrollY
    const start = sections[first - 1]
    if (start === undefined)
      return { y: 0, height: Math.min(maxHeight, document.body.scrollHeight) }
    const y = Math.max(0, top(start))
    let end = bottom(start)
    for (const next of sections.slice(first)) {
      if (bottom(next) - y > maxHeight) break
      end = bottom(next)
    }
    return { y, height: Math.min(maxHeight, end - y + 16) }
  }, MAX_HEIGHT)
  mkdirSync(join(root, 'docs'), { recursive: true })
  await page.screenshot({ path: target, fullPage: true, clip: { x: 0, width: WIDTH, ...clip } })
  if (blocked.length > 0) fail(`the report tried to fetch ${blocked.join(', ')}`)
} finally {
  await browser.close()
}
const size = statSync(target).size
console.log(
  `[docs:screenshot] ${relative(root, target)} (${WIDTH}px wide, ${Math.round(size / 1024)} KB) from ${relative(root, report)}`,
)
