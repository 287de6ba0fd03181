// @ts-check
// The HTML report at scale (see bench/README.md, "HTML report at scale"): reports of 1,000, 3,000
// and 10,000 realistic scenarios (run for real with scripted agents over a dozen distinct graphs
// of 5 to 30 nodes, 4 to 12 turns each (fewer when the agent crashes), about one in five failing,
// a few sampled; many share a graph, as the cases of one test file do), written as the reporter
// writes them, then opened in headless Chromium offline. Prints per size: the report's size, the time to write it, the first
// screen (first contentful paint) and the full load (the `load` event, then animation frames until
// the page's height stops changing: layout done), with the targets; and the Markdown report's size.
// Skips the browser figures, saying so, when Chromium is not at /usr/bin/chromium.
// Run with `node bench/scale-report.mjs [--quick]` after `npx tsc -p tsconfig.build.json`.

import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import {
  defineTemplate,
  END,
  exactMatch,
  runScenario,
  Scenario,
  scriptedModel,
  statusIs,
} from 'vitest-scenario/core'
import { z } from 'zod'
import { scenarioMeta } from '../dist/src/hosts/core/meta/scenario-meta.js'
import { htmlReport } from '../dist/src/reporter/html.js'
import { markdownReport } from '../dist/src/reporter/markdown.js'
import { runSummary } from '../dist/src/reporter/run-summary.js'

const CHROMIUM = '/usr/bin/chromium'
const SIZES = [1_000, 3_000, 10_000]
/** Targets, in headless Chromium: the first screen, and everything loaded and laid out. */
const FIRST_SCREEN_MS = 1_000
const FULL_LOAD_MS = 3_000
const OUT = fileURLToPath(new URL('../test-results/bench-scale-report/', import.meta.url))

/**
 * Writes the reports at each size, opens the HTML one in Chromium (the median of 3 openings, 1
 * with `quick`) and prints the figures.
 * @param {{ quick: boolean }} options
 */
export async function study({ quick }) {
  const openings = quick ? 1 : 3
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  const browserOk = existsSync(CHROMIUM)
  console.log(
    `HTML report at scale: ${SIZES.map(count).join(' / ')} scenarios${browserOk ? `, median of ${openings} opening${openings === 1 ? '' : 's'} in headless Chromium` : ''}`,
  )
  if (!browserOk) {
    console.log(
      `  Chromium figures skipped: Chromium is not installed at ${CHROMIUM} (apt-get install chromium); sizes only`,
    )
  }
  const all = await manyEntries(SIZES.at(-1) ?? 0)
  for (const size of SIZES) {
    const entries = all.slice(0, size)
    const summary = runSummary(entries)
    const start = performance.now()
    const html = htmlReport(entries, summary)
    const writeMs = performance.now() - start
    const markdown = markdownReport(entries, summary)
    const file = join(OUT, `report-${size}.html`)
    writeFileSync(file, html)
    const sizes = `HTML ${mb(html)} (written in ${ms(writeMs)}), Markdown ${mb(markdown)}`
    if (!browserOk) {
      console.log(`  ${count(size).padStart(6)}: ${sizes}`)
      continue
    }
    /** @type {{ firstScreen: number; fullLoad: number }[]} */
    const runs = []
    for (let i = 0; i < openings; i++) runs.push(await open(file))
    const firstScreen = median(runs.map((r) => r.firstScreen))
    const fullLoad = median(runs.map((r) => r.fullLoad))
    console.log(
      `  ${count(size).padStart(6)}: ${sizes}; first screen ${ms(firstScreen)} (target < ${ms(FIRST_SCREEN_MS)}: ${verdict(firstScreen < FIRST_SCREEN_MS)}), full load ${ms(fullLoad)} (target < ${ms(FULL_LOAD_MS)}: ${verdict(fullLoad < FULL_LOAD_MS)})`,
    )
  }
}

/**
 * Opens `file` in a fresh headless Chromium (as test/reporter/html-report.browser.test.ts does:
 * same flags, every request but the report refused) and times it from the start of navigation.
 * @param {string} file
 * @returns {Promise<{ firstScreen: number; fullLoad: number }>}
 */
async function open(file) {
  const profile = join(OUT, 'profile')
  rmSync(profile, { recursive: true, force: true })
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
  })
  try {
    const href = pathToFileURL(file).href
    /** @type {string[]} */
    const fetched = []
    await browser.route('**/*', (route) => {
      if (route.request().url() === href) return route.continue()
      fetched.push(route.request().url())
      return route.abort()
    })
    const page = browser.pages()[0] ?? (await browser.newPage())
    await page.goto(href, { waitUntil: 'load', timeout: 600_000 })
    const timing = await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
      // Layout is done when the page's height holds still over two frames.
      let height = -1
      for (let i = 0; i < 100 && height !== document.body.scrollHeight; i++) {
        height = document.body.scrollHeight
        await frame()
        await frame()
      }
      const paint = performance
        .getEntriesByType('paint')
        .find((entry) => entry.name === 'first-contentful-paint')
      return { firstScreen: paint?.startTime ?? Number.NaN, fullLoad: performance.now() }
    })
    if (fetched.length > 0) {
      throw new Error(`BENCHMARK INVALID: the report asked for ${fetched.join(', ')}`)
    }
    return timing
  } finally {
    await browser.close()
  }
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
/** @param {string} text */
const mb = (text) => `${(Buffer.byteLength(text, 'utf8') / 1e6).toFixed(1)} MB`
/** @param {number} n */
const count = (n) => n.toLocaleString('en-US')
/** @param {number} n */
const ms = (n) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`)
/** @param {boolean} met */
const verdict = (met) => (met ? 'MET' : 'NOT MET')

// ─── The entries ─────────────────────────────────────────────────────────────────────────────

/** The node counts of the distinct graphs. */
const GRAPH_SIZES = [5, 6, 7, 8, 9, 10, 12, 14, 17, 20, 25, 30]
const STEPS = [
  'ask',
  'challenge',
  'clarify',
  'verify',
  'escalate',
  'confirm',
  'summarize',
  'follow-up',
]

const template = defineTemplate({
  schema: z.object({ drug: z.string() }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch() },
  parse: (raw) => ({ drug: (raw.split(/[\s.,]/)[0] ?? '').toLowerCase() }),
})

/**
 * A small deterministic random source (mulberry32): every run of the study reports the same
 * entries.
 * @param {number} seed
 */
function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A graph of `n` nodes: each goes on when the answer is right, every other one skips ahead after
 * three visits, each goes back a step otherwise (the first node retries itself), and every third
 * node can end the conversation when the answer says `done`.
 * @param {number} k
 * @param {number} n
 */
function graph(k, n) {
  const id = (/** @type {number} */ i) => `${STEPS[i % STEPS.length]}-${k}.${i}`
  const s = new Scenario(`graph ${k}`, {
    description: `A ${n}-step consultation that must keep the right drug.`,
  })
  for (let i = 0; i < n; i++) {
    s.addNode(id(i), {
      question: {
        question: `Step ${i} of ${n}: which drug inhibits BCL-2, and are you sure after what we discussed so far?`,
        template,
      },
    })
  }
  for (let i = 0; i < n; i++) {
    const last = i === n - 1
    if (i % 3 === 2 || last) s.addEdge(id(i), END, { when: { 'parsed.drug': 'done' } })
    s.addEdge(id(i), last ? END : id(i + 1), { when: { verifyResult: true } })
    if (i % 2 === 0) {
      s.addEdge(id(i), i + 2 < n ? id(i + 2) : END, {
        when: { [`nodeVisits.${id(i)}`]: { gte: 3 } },
      })
    }
    s.addEdge(id(i), id(Math.max(0, i - 1)))
  }
  return s
    .setEntry(id(0))
    .addOutcome('completed', statusIs('completed'), {
      description: 'The conversation ended through END',
    })
    .validate()
}

const RIGHT =
  'Venetoclax. It selectively inhibits BCL-2 and is approved for CLL and AML in combination; navitoclax also hits BCL-xL, which causes thrombocytopenia.'
const WRONG =
  'Navitoclax, I think: it binds BCL-2 as well. Sorry for the confusion earlier, I may have mixed the two up.'

/**
 * One run: right answers with probability 3/4, `done` once the target length is reached on a
 * node that can end, a crash in one run of 16, the turn limit (12) when the walk goes long.
 * @param {import('vitest-scenario/core').ScenarioDefinition} definition
 * @param {() => number} rand
 */
async function run(definition, rand) {
  const target = 4 + Math.floor(rand() * 9)
  const crashAt = rand() < 1 / 16 ? Math.floor(rand() * target) : -1
  const model = scriptedModel((_conversation, context) => {
    if (context.turn === crashAt) return new Error('agent crashed: ECONNRESET')
    const content =
      context.turn >= target - 1 && rand() < 0.8
        ? 'done'
        : rand() < 0.75
          ? RIGHT.slice(0, 20 + Math.floor(rand() * 130))
          : WRONG.slice(0, 20 + Math.floor(rand() * 90))
    return {
      content,
      usage: {
        input: 120 + Math.floor(rand() * 400),
        output: 20 + Math.floor(rand() * 80),
        cached: 0,
      },
    }
  })
  return runScenario(definition, { model, turnLimit: 12 })
}

/**
 * `count` report entries: scenario tests spread over files of 50, each on one of the graphs,
 * one in 40 run as 3 samples.
 * @param {number} count
 * @returns {Promise<import('vitest-scenario/reporter').ScenarioEntry[]>}
 */
async function manyEntries(count) {
  const rand = random(17)
  const graphs = GRAPH_SIZES.map((n, k) => graph(k, n))
  /** @type {import('vitest-scenario/reporter').ScenarioEntry[]} */
  const entries = []
  for (let i = 0; i < count; i++) {
    const file = Math.floor(i / 50)
    const definition = /** @type {import('vitest-scenario/core').ScenarioDefinition} */ (
      graphs[(file * 7 + Math.floor(rand() * 3)) % graphs.length]
    )
    const sampled = i % 40 === 39
    const results = []
    for (let s = 0; s < (sampled ? 3 : 1); s++) results.push(await run(definition, rand))
    const meta = scenarioMeta(definition, results, sampled ? { samples: 3 } : {})
    const passed = meta.runs.every((r) => r.passed)
    entries.push({
      test: `consultation ${file}.${i % 50} keeps the drug under pushback`,
      file: `test/consultations/batch-${file}.test.ts`,
      state: passed ? 'passed' : 'failed',
      durationMs: 3 + Math.floor(rand() * 40),
      errors: passed ? [] : ['expected the scenario to pass: outcome completed is false'],
      scenario: meta,
    })
  }
  return entries
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await study({ quick: process.argv.includes('--quick') })
}
