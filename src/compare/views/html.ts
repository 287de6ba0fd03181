// compare.html: the comparison as one self-contained page (inline CSS, one inline script allowed
// by its hash, nothing fetched; a Content-Security-Policy says so to the browser, as the HTML
// report's does). The first screen is the runs, a filter chip per bucket with its count, the
// gates and the totals; then one line per test, worst first. A test's details (html-pair.ts: its
// sample pairs side by side, the first differing turn marked) open on click; until then they sit
// in the page as inert text (html-script.ts), and off-screen blocks of lines are not laid out
// (`content-visibility`), so 10,000 tests stay usable. Every piece of user text goes through
// escapeHtml.
import { formatCost, formatCount, formatDuration } from '../../reporter/format.js'
import { escapeHtml as esc } from '../../reporter/html-escape.js'
import { offlinePage } from '../../reporter/html-page.js'
import { BUCKETS, type Comparison, type TestComparison } from '../comparison.js'
import {
  BUCKET_LABELS,
  type ComparedSide,
  capitalized,
  comparedSideName,
  percentText,
  pValueText,
  runLabel,
  sideText,
  signedCost,
  signedCount,
  signedDuration,
  statisticsText,
} from './describe.js'
import { testDetailsHtml } from './html-pair.js'
import { COMPARE_SCRIPT } from './html-script.js'
import { COMPARE_STYLE } from './html-style.js'

/** Lines per block: a block off screen is not laid out, its height estimated from its lines. */
const BLOCK = 100
/** The height of one line, for that estimate (px). */
const ROW_HEIGHT = 48

/**
 * compare.html: the comparison as one offline page.
 *
 * @example
 * writeFileSync('test-results/compare.html', comparisonHtml(comparison))
 */
export function comparisonHtml(comparison: Comparison): string {
  const name = comparison.candidate.candidate
  const title = `Comparison${name === undefined ? '' : `: candidate ${name}`}`
  const body = [
    '<header>',
    `<h1>${esc(title)}</h1>`,
    `<p class="runs"><b>Baseline</b> ${esc(runLabel(comparison.baseline))}<br><b>${name === undefined ? 'This run' : 'Candidate'}</b> ${esc(runLabel(comparison.candidate))}</p>`,
    filtersHtml(comparison),
    '<div class="panels">',
    totalsHtml(comparison),
    gatesHtml(comparison),
    '</div>',
    '</header>',
    '<main>',
    testsHtml(comparison.tests, comparedSideName(comparison.candidate)),
    '</main>',
    `<footer>vitest-scenario · offline comparison · created ${esc(comparison.createdAt)}</footer>`,
  ]
  return offlinePage({ title, style: COMPARE_STYLE, script: COMPARE_SCRIPT, body })
}

/** A checkbox per bucket with its count: unchecking one hides its tests. */
function filtersHtml(comparison: Comparison): string {
  const chips = BUCKETS.map(
    (bucket) =>
      `<label class="chip ${bucket}"><input type="checkbox" data-bucket="${bucket}" checked><b>${comparison.counts[bucket]}</b> ${BUCKET_LABELS[bucket]}</label>`,
  )
  return `<div class="filters" role="group" aria-label="Show buckets">${chips.join('')}</div>`
}

function totalsHtml(comparison: Comparison): string {
  const { baseline, candidate, costChange, latencyChange } = comparison.totals
  const rows: string[] = []
  if (baseline.cost !== undefined && candidate.cost !== undefined) {
    rows.push(
      `<tr><th>Cost</th><td class="num">${formatCost(baseline.cost)}</td><td class="num">${formatCost(candidate.cost)}</td><td class="num">${percentText(costChange)}</td></tr>`,
    )
  }
  const tokenChange =
    baseline.tokens === 0 ? undefined : (candidate.tokens / baseline.tokens - 1) * 100
  rows.push(
    `<tr><th>Tokens</th><td class="num">${formatCount(baseline.tokens)}</td><td class="num">${formatCount(candidate.tokens)}</td><td class="num">${percentText(tokenChange)}</td></tr>`,
    `<tr><th>Latency</th><td class="num">${formatDuration(baseline.latencyMs)}</td><td class="num">${formatDuration(candidate.latencyMs)}</td><td class="num">${percentText(latencyChange)}</td></tr>`,
  )
  const stats = comparison.statistics
  if (stats !== undefined) {
    const verdict = stats.verdict === 'worse' ? 'bad' : stats.verdict === 'better' ? 'ok' : 'sub'
    rows.push(
      `<tr><th>Sample pairs passed</th><td class="num">${stats.baselinePasses}/${stats.n}</td><td class="num">${stats.candidatePasses}/${stats.n}</td><td class="num ${verdict}">${esc(stats.verdict)}</td></tr>`,
      `<tr><td colspan="4" class="sub">${esc(statisticsText(stats))}</td></tr>`,
    )
  }
  return [
    '<section class="panel totals"><h2>Totals</h2><table>',
    `<thead><tr><th></th><th class="num">Baseline</th><th class="num">${capitalized(comparedSideName(comparison.candidate))}</th><th class="num">Change</th></tr></thead>`,
    `<tbody>${rows.join('')}</tbody></table></section>`,
  ].join('')
}

function gatesHtml(comparison: Comparison): string {
  const { results, failed } = comparison.gates
  if (results.length === 0) {
    return '<section class="panel"><h2>Gates</h2><p class="sub">No failOn gates apply.</p></section>'
  }
  const items = results.map(
    (gate) =>
      `<li>${gate.passed ? '<span class="ok">✓</span>' : '<span class="bad">✗</span>'} <code>${esc(gate.gate)}</code> ${esc(gate.message)}</li>`,
  )
  return `<section class="panel gates ${failed ? 'failed' : 'passed'}"><h2>Gates: ${failed ? '<span class="bad">failed</span>' : '<span class="ok">passed</span>'}</h2><ul class="gates">${items.join('')}</ul></section>`
}

/** One line per test, worst first, in blocks that are laid out when on screen. */
function testsHtml(tests: readonly TestComparison[], side: ComparedSide): string {
  if (tests.length === 0) return '<p>No tests to compare.</p>'
  const out = [
    '<div class="list">',
    `<div class="row head"><span>Bucket</span><span>Test</span><span>Driver</span><span>Baseline → ${side}</span><span>Paired comparison</span><span class="num">Δ tokens</span><span class="num">Δ cost</span><span class="num">Δ time</span></div>`,
  ]
  for (let start = 0; start < tests.length; start += BLOCK) {
    const block = tests.slice(start, start + BLOCK)
    out.push(
      `<div class="block" style="contain-intrinsic-size: auto ${block.length * ROW_HEIGHT}px">`,
      ...block.map((test, i) => testLine(test, start + i, side)),
      '</div>',
    )
  }
  out.push('</div>')
  return out.join('\n')
}

/**
 * A test as one line that opens on its details. The line is a link, not a `<details>` (ten
 * thousand shadow trees cost Chromium seconds of style work); the details are in a `<noscript>`
 * the script unpacks (with scripting off, a closed `<details>` of their own).
 */
function testLine(test: TestComparison, index: number, side: ComparedSide): string {
  const stats = test.statistics
  const paired = stats === undefined ? '' : `${stats.verdict} · p = ${pValueText(stats.pValue)}`
  const project = test.project === undefined ? '' : `${test.project} › `
  return [
    `<div class="test ${esc(test.bucket)}" id="t${index}" data-bucket="${esc(test.bucket)}">`,
    `<a class="row" href="#t${index}"><span><span class="badge ${esc(test.bucket)}">${BUCKET_LABELS[test.bucket]}</span></span>`,
    `<span class="name"><b>${esc(test.test)}</b><span class="file mono">${esc(project + test.file)}</span></span>`,
    `<span>${esc(test.driver ?? '')}</span>`,
    `<span>${esc(`${sideText(test.baseline)} → ${sideText(test.candidate)}`)}</span>`,
    `<span>${esc(paired)}</span>`,
    `<span class="num">${signedCount(test.delta.tokens)}</span>`,
    `<span class="num">${test.delta.cost === undefined ? '' : signedCost(test.delta.cost)}</span>`,
    `<span class="num">${signedDuration(test.delta.latencyMs)}</span></a>`,
    `<noscript><details class="more"><summary>Details</summary>${testDetailsHtml(test, index, side)}</details></noscript>`,
    '</div>',
  ].join('')
}
