// Opens the HTML report in headless Chromium and checks what a reader sees: every graph drawn,
// the path taken highlighted in another colour, and not a single network request.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { expect, test } from 'vitest'
import { htmlReport } from '../../src/reporter/html.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { resultsDir } from '../support/paths.js'
import { sampleEntries } from './sample-results.js'

const CHROMIUM = '/usr/bin/chromium'
// Any non-empty CI counts, as for Vitest itself (std-env reads CI=false as CI too).
const inCI = (process.env.CI ?? '') !== ''
const dir = join(resultsDir, 'reporter-browser')

test('the HTML report renders offline in Chromium: graphs drawn, path highlighted, nothing fetched', {
  timeout: 90_000,
}, async (context) => {
  if (!existsSync(CHROMIUM)) {
    if (inCI)
      throw new Error(
        `Chromium is missing at ${CHROMIUM}; CI installs it (apt-get install chromium)`,
      )
    context.skip(
      `Chromium is not installed at ${CHROMIUM} (CI installs it; locally: apt-get install chromium)`,
    )
  }
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const entries = await sampleEntries()
  const file = join(dir, 'report.html')
  writeFileSync(file, htmlReport(entries, runSummary(entries)))

  const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
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
  })
  try {
    const attempted: string[] = []
    const problems: string[] = []
    // Every request but the report itself is recorded and refused.
    await browser.route('**/*', (route) => {
      const url = route.request().url()
      if (url === pathToFileURL(file).href) return route.continue()
      attempted.push(url)
      return route.abort()
    })
    const page = browser.pages()[0] ?? (await browser.newPage())
    page.on('request', (request) => {
      if (request.url() !== pathToFileURL(file).href) attempted.push(request.url())
    })
    // A CSP violation or a rendering error shows up here.
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' })

    const graphs = await page.$$eval('svg.graph', (svgs) =>
      svgs.map((svg) => {
        const boxes = [...svg.querySelectorAll('g.node > rect')].map((rect) => {
          const box = rect.getBoundingClientRect()
          return { width: box.width, height: box.height }
        })
        // The page's own window; the test's tsconfig has no DOM lib to name it.
        const view = globalThis as unknown as {
          getComputedStyle(element: unknown): { stroke: string; fill: string }
        }
        const style = (selector: string, property: 'stroke' | 'fill') => {
          const element = svg.querySelector(selector)
          return element === null ? null : view.getComputedStyle(element)[property]
        }
        return {
          declared: Number(svg.getAttribute('data-nodes')),
          nodes: boxes,
          edges: svg.querySelectorAll('g.edge > path.edge-line').length,
          declaredEdges: Number(svg.getAttribute('data-edges')),
          onPathStroke: style('g.edge.on-path > path.edge-line', 'stroke'),
          offPathStroke: style('g.edge:not(.on-path) > path.edge-line', 'stroke'),
          onPathFill: style('g.node.on-path:not(.failed) > rect', 'fill'),
          offPathFill: style('g.node:not(.on-path):not(.end) > rect', 'fill'),
        }
      }),
    )
    expect(graphs).toHaveLength(entries.length)
    for (const graph of graphs) {
      expect(graph.nodes).toHaveLength(graph.declared)
      expect(graph.edges).toBe(graph.declaredEdges)
      for (const box of graph.nodes) {
        expect(box.width).toBeGreaterThan(0)
        expect(box.height).toBeGreaterThan(0)
      }
      expect(graph.onPathStroke).toBeTruthy()
    }
    // Graphs with edges and nodes off the path show the path in other colours.
    const mixed = graphs.filter((g) => g.offPathStroke !== null && g.offPathFill !== null)
    expect(mixed.length).toBeGreaterThanOrEqual(3)
    for (const graph of mixed) {
      expect(graph.onPathStroke).not.toBe(graph.offPathStroke)
      expect(graph.onPathFill).not.toBe(graph.offPathFill)
    }
    // The hostile scenario's markup is shown as text, not run.
    expect(await page.locator('h2', { hasText: '<script>alert("test")</script>' }).count()).toBe(1)
    expect(await page.locator('script').count()).toBe(0)

    await page.screenshot({ path: join(dir, 'report.png'), fullPage: true })
    expect(attempted).toEqual([])
    expect(problems).toEqual([])
  } finally {
    await browser.close()
  }
})
