// compare.html's stylesheet: inline, no fonts or images to fetch (the page's CSP forbids it).
// The colours are the HTML report's; selectors stay simple, since a page can hold 10,000 lines.
import { BUCKETS } from '../comparison.js'

/** The bucket filters: a class on `main` hides the bucket's lines. */
const FILTERS = BUCKETS.map((bucket) => `main.hide-${bucket} .test.${bucket}`).join(',\n')

/** The `<style>` content of compare.html. */
export const COMPARE_STYLE = `
:root {
  --bg: #f8fafc; --card: #ffffff; --text: #0f172a; --muted: #64748b; --line: #e2e8f0;
  --pass: #059669; --pass-bg: #d1fae5; --fail: #dc2626; --fail-bg: #fee2e2; --warn: #b45309; --warn-bg: #fef3c7;
  --info: #2563eb; --info-bg: #dbeafe; --mark: #7c3aed; --mark-bg: #ede9fe;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0b1120; --card: #111827; --text: #e5e7eb; --muted: #94a3b8; --line: #1f2937;
    --pass: #34d399; --pass-bg: #064e3b; --fail: #f87171; --fail-bg: #450a0a; --warn: #fbbf24; --warn-bg: #451a03;
    --info: #60a5fa; --info-bg: #1e3a8a; --mark: #c4b5fd; --mark-bg: #2e1065;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header, main, footer { max-width: 1280px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 20px; }
h1 { font-size: 22px; margin: 0 0 4px; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.runs { color: var(--muted); margin: 0 0 12px; overflow-wrap: anywhere; }
.runs b { color: var(--text); }
.filters { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 12px; }
.chip { display: inline-flex; gap: 6px; align-items: center; border: 1px solid var(--line); background: var(--card);
  border-radius: 999px; padding: 3px 12px 3px 8px; cursor: pointer; user-select: none; }
.chip b { font-variant-numeric: tabular-nums; }
.chip.regressed b, .badge.regressed { color: var(--fail); }
.chip.fixed b, .badge.fixed { color: var(--pass); }
.chip.flaky b, .badge.flaky, .chip.not-comparable b, .badge.not-comparable { color: var(--warn); }
.panels { display: flex; flex-wrap: wrap; gap: 16px; margin-bottom: 16px; }
.panel { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; flex: 1 1 380px; }
.panel h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); margin: 0 0 6px; }
.panel.failed { border-left: 4px solid var(--fail); }
.panel.passed { border-left: 4px solid var(--pass); }
ul.gates { list-style: none; margin: 0; padding: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { font-weight: 600; color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .03em; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.ok { color: var(--pass); font-weight: 600; }
.bad { color: var(--fail); font-weight: 600; }
.warn { color: var(--warn); font-weight: 600; }
.sub, .reason { color: var(--muted); }
.list { background: var(--card); border: 1px solid var(--line); border-radius: 8px; margin-bottom: 18px; }
.block { content-visibility: auto; }
.row { display: grid; grid-template-columns: 118px minmax(0, 1fr) 100px 170px 190px 80px 80px 70px; gap: 10px;
  align-items: baseline; padding: 6px 14px; min-height: 34px; }
.row.head { color: var(--muted); font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .03em;
  min-height: 0; }
.row .name { overflow-wrap: anywhere; }
.row .file { display: block; color: var(--muted); }
.test { border-top: 1px solid var(--line); border-left: 4px solid transparent; }
.test.regressed { border-left-color: var(--fail); }
.test.fixed { border-left-color: var(--pass); }
.test.flaky, .test.not-comparable { border-left-color: var(--warn); }
a.row { color: inherit; text-decoration: none; cursor: pointer; }
a.row:hover, .test.open > a.row { background: var(--bg); }
.badge { display: inline-block; border-radius: 999px; padding: 1px 9px; font-size: 12px; font-weight: 600;
  background: var(--bg); border: 1px solid var(--line); }
${FILTERS} { display: none; }
details.more > summary { padding: 0 14px 6px; cursor: pointer; }
details.more.live > summary, .test:not(.open) > details.more.live { display: none; }
.details { padding: 4px 14px 16px; }
.flip b { color: var(--text); }
section.pair { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; margin: 10px 0; background: var(--bg); }
section.pair h4 { margin: 0 0 6px; font-size: 14px; }
table.sides th:first-child { width: 150px; color: var(--muted); font-weight: 500; }
table.sides td, table.transcript td { width: 45%; overflow-wrap: anywhere; }
tr.criterion th { padding-left: 20px; font-weight: 400; }
.reasoning { color: var(--muted); white-space: pre-wrap; margin-top: 2px; }
.v-met, .v-pass { color: var(--pass); font-weight: 600; }
.v-unmet, .v-fail { color: var(--fail); font-weight: 600; }
.v-inconclusive { color: var(--warn); font-weight: 600; }
ul.changes { margin: 6px 0; padding-left: 20px; }
table.transcript { margin-top: 8px; }
table.transcript td.idx { width: 90px; font-variant-numeric: tabular-nums; color: var(--muted); }
.turn-head { margin-bottom: 2px; }
.q, .a { white-space: pre-wrap; }
.tools { color: var(--muted); font-size: 12.5px; }
.tag { display: inline-block; font-size: 11px; border: 1px solid var(--line); border-radius: 4px; padding: 0 5px; color: var(--muted); }
tr.first-diff td { background: var(--mark-bg); }
tr.first-diff td.idx { border-left: 4px solid var(--mark); }
.marker { display: block; color: var(--mark); font-weight: 700; font-size: 12px; white-space: nowrap; }
a.jump { color: var(--mark); }
ul.rest { color: var(--muted); margin: 6px 0; }
footer { padding: 6px 20px 24px; color: var(--muted); font-size: 12px; }
@media (max-width: 860px) {
  .row { grid-template-columns: 118px minmax(0, 1fr); }
  .row > :nth-child(n+3) { grid-column: 2; text-align: left; }
  .row.head { display: none; }
}
`
