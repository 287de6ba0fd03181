// Opens the HTML report in headless Chromium and checks what a reader sees: every graph drawn,
// the path taken painted in other colours than the rest, and not a single network request.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { htmlReport } from '../../src/reporter/html.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { resultsDir } from '../support/paths.js'
import { needChromium, openOffline, pixelAt, sameColour } from './offline-chromium.js'
import { sampleEntries } from './sample-results.js'

const dir = join(resultsDir, 'reporter-browser')
/** The light scheme's colours (html-style.ts): the path's fill and line, a node's fill, a failed node's. */
const PATH_BG = '#dbeafe'
const PATH = '#2563eb'
const NODE = '#ffffff'
const FAIL_BG = '#fee2e2'

test('the HTML report renders offline in Chromium: graphs drawn, path highlighted, nothing fetched', {
  timeout: 90_000,
}, async (context) => {
  needChromium(context)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const entries = await sampleEntries()
  const file = join(dir, 'report.html')
  writeFileSync(file, htmlReport(entries, runSummary(entries)))

  const { page, browser, attempted, problems } = await openOffline(file, dir)
  try {
    const graphs = await page.$$eval('svg.graph', (svgs) => {
      // The page's own document; the test's tsconfig has no DOM lib to name it.
      const doc = (globalThis as unknown as { document: { getElementById(id: string): unknown } })
        .document
      type Box = { left: number; top: number; width: number; height: number }
      type Element = {
        getAttribute(name: string): string | null
        getBoundingClientRect(): Box
        querySelector(selector: string): Element | null
        querySelectorAll(selector: string): Element[]
        getTotalLength(): number
        getPointAtLength(at: number): { x: number; y: number }
      }
      const view = globalThis as unknown as { scrollX: number; scrollY: number }
      return (svgs as unknown as Element[]).map((svg) => {
        const drawing = doc.getElementById(svg.getAttribute('data-graph') ?? '') as Element | null
        const frame = svg.getBoundingClientRect()
        // Drawing coordinates (the viewBox is the SVG's size) to page coordinates.
        const at = (x: number, y: number) => ({
          x: frame.left + view.scrollX + x,
          y: frame.top + view.scrollY + y,
        })
        const rectOf = (id: string) => {
          const rect = drawing?.querySelector(`[id="${id}"] > rect`)
          const n = (name: string) => Number(rect?.getAttribute(name) ?? 0)
          // Inside the box, left of its centred name.
          return at(n('x') + 8, n('y') + n('height') / 2)
        }
        const overlay = [...svg.querySelectorAll('g.path > use')]
        const drawn = new Set(overlay.map((use) => use.getAttribute('href')?.slice(1)))
        const nodes = drawing === null ? [] : [...drawing.querySelectorAll('g.node')]
        const onNode = overlay.find((use) =>
          /^node on-path(?! .*(failed|end))/.test(use.getAttribute('class') ?? ''),
        )
        const failedNode = overlay.find((use) => /\bfailed\b/.test(use.getAttribute('class') ?? ''))
        const offNode = nodes.find(
          (node) =>
            !drawn.has(node.getAttribute('id') ?? undefined) &&
            !/\bend\b/.test(node.getAttribute('class') ?? ''),
        )
        const onEdge = overlay.find((use) => /^edge on-path/.test(use.getAttribute('class') ?? ''))
        const line = drawing?.querySelector(
          `[id="${onEdge?.getAttribute('href')?.slice(1)}"] > path.edge-line`,
        )
        const length = line?.getTotalLength() ?? 0
        return {
          declared: Number(svg.getAttribute('data-nodes')),
          declaredEdges: Number(svg.getAttribute('data-edges')),
          nodes: nodes.length,
          edges: drawing?.querySelectorAll('g.edge > path.edge-line').length ?? 0,
          // The drawing as painted (through <use>) and each node drawn again on the path.
          drawn: svg.querySelector(':scope > use')?.getBoundingClientRect() ?? null,
          onPath: overlay
            .filter((use) => /^node/.test(use.getAttribute('class') ?? ''))
            .map((use) => use.getBoundingClientRect()),
          onNode: onNode === undefined ? null : rectOf(onNode.getAttribute('href')?.slice(1) ?? ''),
          failedNode:
            failedNode === undefined
              ? null
              : rectOf(failedNode.getAttribute('href')?.slice(1) ?? ''),
          offNode: offNode === undefined ? null : rectOf(offNode.getAttribute('id') ?? ''),
          onEdge:
            line === null || line === undefined
              ? []
              : [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((f) => {
                  const p = line.getPointAtLength(length * f)
                  return at(p.x, p.y)
                }),
        }
      })
    })
    expect(graphs).toHaveLength(entries.length)
    for (const graph of graphs) {
      expect(graph.nodes).toBe(graph.declared)
      expect(graph.edges).toBe(graph.declaredEdges)
      expect(graph.drawn?.width).toBeGreaterThan(50)
      expect(graph.drawn?.height).toBeGreaterThan(50)
      expect(graph.onPath.length).toBeGreaterThan(0)
      for (const box of graph.onPath) {
        expect(box.width).toBeGreaterThan(0)
        expect(box.height).toBeGreaterThan(0)
      }
    }
    // What Chromium painted: the path's nodes and edges in the path's colours, the others not.
    const mixed = graphs.filter((g) => g.offNode !== null && g.onNode !== null)
    expect(mixed.length).toBeGreaterThanOrEqual(3)
    for (const graph of mixed) {
      if (graph.onNode === null || graph.offNode === null) continue
      expect(sameColour(await pixelAt(page, graph.onNode.x, graph.onNode.y), PATH_BG)).toBe(true)
      expect(sameColour(await pixelAt(page, graph.offNode.x, graph.offNode.y), NODE)).toBe(true)
      const line = await Promise.all(graph.onEdge.map((p) => pixelAt(page, p.x, p.y)))
      expect(line.some((colour) => sameColour(colour, PATH))).toBe(true)
    }
    const failed = graphs.find((g) => g.failedNode !== null)?.failedNode
    expect(failed).toBeTruthy()
    if (failed) expect(sameColour(await pixelAt(page, failed.x, failed.y), FAIL_BG)).toBe(true)

    // The hostile scenario's markup is shown as text, not run; the one script is the report's.
    expect(await page.locator('h3', { hasText: '<script>alert("test")</script>' }).count()).toBe(1)
    expect(await page.locator('script').count()).toBe(1)

    await page.screenshot({ path: join(dir, 'report.png'), fullPage: true })
    expect(attempted).toEqual([])
    expect(problems).toEqual([])
  } finally {
    await browser.close()
  }
})

test('with scripting off, the report shows every scenario all the same', {
  timeout: 90_000,
}, async (context) => {
  needChromium(context)
  mkdirSync(dir, { recursive: true })
  const entries = await sampleEntries()
  const file = join(dir, 'report-no-script.html')
  writeFileSync(file, htmlReport(entries, runSummary(entries)))
  // The <noscript> content is markup then: the details and the drawings the graphs show.
  const { page, browser, attempted, problems } = await openOffline(file, join(dir, 'no-script'), {
    scripts: false,
  })
  try {
    expect(await page.locator('svg.graph').count()).toBe(entries.length)
    expect(await page.locator('g.drawing').count()).toBe(3)
    const graph = page.locator('svg.graph').nth(1)
    expect((await graph.locator(':scope > use').boundingBox())?.height).toBeGreaterThan(50)
    // The loop's entry node, visited twice, painted in the path's colour.
    const entry = await page.$eval('[id="g1-n0"] > rect', (rect) => ({
      x: Number(rect.getAttribute('x')),
      y: Number(rect.getAttribute('y')),
      height: Number(rect.getAttribute('height')),
    }))
    const frame = await graph.boundingBox()
    if (frame === null) throw new Error('the graph is not drawn')
    const scrollY = await page.evaluate(
      () => (globalThis as unknown as { scrollY: number }).scrollY,
    )
    const colour = await pixelAt(
      page,
      frame.x + entry.x + 8,
      frame.y + scrollY + entry.y + entry.height / 2,
    )
    expect(sameColour(colour, PATH_BG)).toBe(true)
    expect(await page.locator('.error-box', { hasText: 'ECONNRESET' }).first().isVisible()).toBe(
      true,
    )
    expect(attempted).toEqual([])
    expect(problems).toEqual([])
  } finally {
    await browser.close()
  }
})
