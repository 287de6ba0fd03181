// The HTML report: one self-contained page (inline CSS and SVG, one inline script allowed by its
// hash, nothing fetched; a Content-Security-Policy says so to the browser). It stays usable with
// 10,000 scenarios: the first screen is the summary and the failed scenarios; then one line per
// scenario, grouped by file, whose details (graph, facts, transcripts; html-scenario.ts) open on
// click. The details sit in the page as inert text until then (html-script.ts), each distinct
// graph is drawn once (graph-drawings.ts), and off-screen groups are not laid out
// (`content-visibility`). Every piece of user text goes through escapeHtml.
import type { RunCalibration } from '../calibration/run-calibration.js'
import { calibrationHtml } from './calibration-html.js'
import { formatCount, formatDuration, formatPercent, formatUsage } from './format.js'
import { GraphDrawings } from './graph-drawings.js'
import { ARROW_MARKERS } from './graph-svg.js'
import { escapeHtml } from './html-escape.js'
import { offlinePage } from './html-page.js'
import { scenarioDetails } from './html-scenario.js'
import { REPORT_SCRIPT } from './html-script.js'
import { HTML_STYLE } from './html-style.js'
import { type RunSummary, scenarioUsage } from './run-summary.js'
import type { ScenarioEntry } from './scenario-entry.js'

/** Up to this many scenarios, every scenario's details are open when the page opens. */
export const OPEN_ALL_UP_TO = 50
/**
 * Lines per block of the failure list and of a file's scenarios: a block off screen is not laid
 * out, and its height is estimated from its line count until it is.
 */
const BLOCK = 100
/** The height of one scenario line and one failure line, for those estimates (px). */
const ROW_HEIGHT = 34
const FAILURE_HEIGHT = 24

/**
 * The HTML report of a run's scenario tests, as one page; with `calibration`, its calibration
 * section follows the failed scenarios.
 */
export function htmlReport(
  entries: readonly ScenarioEntry[],
  summary: RunSummary,
  calibration?: RunCalibration,
): string {
  const drawings = new GraphDrawings()
  const body = [
    '<svg class="defs" width="0" height="0" aria-hidden="true"><defs>',
    ARROW_MARKERS,
    '</defs></svg>',
    '<header>',
    '<h1>Scenario report</h1>',
    `<p class="summary">${summaryHtml(summary)}</p>`,
    '</header>',
    '<main>',
  ]
  if (entries.length === 0) body.push('<p>No scenario tests ran.</p>')
  else {
    const open = entries.length <= OPEN_ALL_UP_TO
    body.push(failureList(entries))
    if (calibration !== undefined) body.push(calibrationHtml(calibration))
    body.push(...fileGroups(entries, drawings, open))
  }
  body.push('</main>', '<footer>vitest-scenario · offline report</footer>')
  // The drawings come last: nothing on the first screen needs them.
  for (const { id, svg } of drawings.svg()) {
    body.push(
      `<noscript data-drawing="${id}"><svg class="defs" width="0" height="0" aria-hidden="true"><defs>${svg}</defs></svg></noscript>`,
    )
  }
  return offlinePage({
    title: 'Scenario report',
    style: HTML_STYLE,
    script: REPORT_SCRIPT,
    body,
    dataImages: true,
  })
}

function summaryHtml(summary: RunSummary): string {
  const counts = [`<span class="ok">${summary.passed} passed</span>`]
  if (summary.failed > 0) counts.push(`<span class="bad">${summary.failed} failed</span>`)
  const other = summary.scenarios - summary.passed - summary.failed
  if (other > 0) counts.push(`${other} skipped`)
  const parts = [
    `<b>${summary.scenarios} ${summary.scenarios === 1 ? 'scenario' : 'scenarios'}</b>: ${counts.join(', ')}`,
    `${formatCount(summary.turns)} turns`,
    `tokens ${escapeHtml(formatUsage(summary.recorded))} recorded, ${escapeHtml(formatUsage(summary.now))} spent now`,
  ]
  if (summary.recordings) {
    const { replayed, recorded, misses } = summary.calls
    parts.push(
      `calls ${replayed} replayed, ${recorded} recorded${misses > 0 ? `, <span class="bad">${misses} missed</span>` : ''}`,
    )
  }
  return parts.join(' · ')
}

/** What a scenario's result column says: the run's status, or the samples' pass rate. */
function resultText(entry: ScenarioEntry): string {
  const samples = entry.scenario.samples
  return samples === undefined
    ? (entry.scenario.runs[0]?.status ?? '—')
    : `${samples.passes}/${samples.n} samples, ${formatPercent(samples.passRate)}`
}

/** The failed scenarios first, each a link to its line (which opens it), with file and result. */
function failureList(entries: readonly ScenarioEntry[]): string {
  const failed = entries.flatMap((entry, i) => (entry.state === 'failed' ? [{ entry, i }] : []))
  if (failed.length === 0) return ''
  const out = [
    '<section class="failures">',
    `<h2>Failed <span class="count">${failed.length}</span></h2>`,
  ]
  for (let start = 0; start < failed.length; start += BLOCK) {
    const block = failed.slice(start, start + BLOCK)
    out.push(
      `<ul class="block" style="contain-intrinsic-size: auto ${block.length * FAILURE_HEIGHT}px">`,
      ...block.map(
        ({ entry, i }) =>
          `<li><a href="#s${i}">${escapeHtml(entry.test)}</a> <span class="mono">${escapeHtml(entry.file)}</span> <span class="sub">${escapeHtml(resultText(entry))}</span></li>`,
      ),
      '</ul>',
    )
  }
  out.push('</section>')
  return out.join('\n')
}

/** The scenarios grouped by file (and project), in the order the files first appear. */
function fileGroups(
  entries: readonly ScenarioEntry[],
  drawings: GraphDrawings,
  open: boolean,
): string[] {
  const groups = new Map<string, { entry: ScenarioEntry; i: number }[]>()
  entries.forEach((entry, i) => {
    const key = JSON.stringify([entry.project ?? null, entry.file])
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [{ entry, i }])
    else group.push({ entry, i })
  })
  const out: string[] = []
  let g = 0
  for (const members of groups.values()) {
    const first = members[0]?.entry
    if (first === undefined) continue
    const failed = members.filter(({ entry }) => entry.state === 'failed').length
    const passed = members.filter(({ entry }) => entry.state === 'passed').length
    const other = members.length - failed - passed
    const counts = [`<span class="ok">${passed} passed</span>`]
    if (failed > 0) counts.push(`<span class="bad">${failed} failed</span>`)
    if (other > 0) counts.push(`${other} skipped`)
    const project =
      first.project === undefined
        ? ''
        : ` <span class="tag">project ${escapeHtml(first.project)}</span>`
    out.push(
      `<details class="file" id="f${g++}" open>`,
      `<summary><h2 class="mono">${escapeHtml(first.file)}${project}</h2><span class="counts">${counts.join(', ')}</span></summary>`,
      '<div class="row head"><span></span><span>Scenario</span><span>Result</span><span class="num">Turns</span><span class="num">Tokens recorded</span><span class="num">Tokens now</span><span class="num">Time</span></div>',
    )
    for (let start = 0; start < members.length; start += BLOCK) {
      const block = members.slice(start, start + BLOCK)
      out.push(
        `<div class="block" style="contain-intrinsic-size: auto ${block.length * ROW_HEIGHT}px">`,
        ...block.map(({ entry, i }) => scenarioLine(entry, i, drawings, open)),
        '</div>',
      )
    }
    out.push('</details>')
  }
  return out
}

/**
 * A scenario as one line (state, name, result, turns, tokens, time) that opens on its details.
 * The line is a link to the scenario, not a `<details>`: ten thousand of those (each with its
 * shadow tree) cost Chromium a second of style work. The details are inside a `<noscript>`: inert
 * text the page's script turns into markup when the line is opened; with scripting off they are
 * markup in a closed `<details>` of their own.
 */
function scenarioLine(
  entry: ScenarioEntry,
  index: number,
  drawings: GraphDrawings,
  open: boolean,
): string {
  const meta = entry.scenario
  const usage = scenarioUsage(meta)
  const state = escapeHtml(entry.state)
  const turns = meta.runs.reduce((sum, run) => sum + run.turnCount, 0)
  const time = entry.durationMs === undefined ? '' : formatDuration(entry.durationMs)
  return [
    `<div class="scenario ${state}${open ? ' open' : ''}" id="s${index}" data-scenario="${escapeHtml(meta.name)}" data-state="${state}">`,
    `<a class="row" href="#s${index}"><span class="badge ${state}">${state}</span><h3>${escapeHtml(entry.test)}</h3><span>${escapeHtml(resultText(entry))}</span><span class="num">${turns}</span><span class="num">${escapeHtml(formatUsage(usage.recorded))}</span><span class="num">${escapeHtml(formatUsage(usage.now))}</span><span class="num">${time}</span></a>`,
    `<noscript><details class="more"${open ? ' open' : ''}><summary>Details</summary>${scenarioDetails(entry, drawings)}</details></noscript>`,
    '</div>',
  ].join('')
}
