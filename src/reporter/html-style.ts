// The HTML report's stylesheet: inline, no fonts or images to fetch (the page's CSP forbids it).
// Selectors stay simple (classes, one or two levels): a report can hold 10,000 scenario lines.

/** The `<style>` content of the HTML report. */
export const HTML_STYLE = `
:root {
  --bg: #f8fafc; --card: #ffffff; --text: #0f172a; --muted: #64748b; --line: #e2e8f0;
  --pass: #059669; --pass-bg: #d1fae5; --fail: #dc2626; --fail-bg: #fee2e2; --skip: #b45309; --skip-bg: #fef3c7;
  --path: #2563eb; --path-bg: #dbeafe; --edge: #94a3b8; --node: #ffffff; --node-line: #cbd5e1; --end: #f1f5f9;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0b1120; --card: #111827; --text: #e5e7eb; --muted: #94a3b8; --line: #1f2937;
    --pass: #34d399; --pass-bg: #064e3b; --fail: #f87171; --fail-bg: #450a0a; --skip: #fbbf24; --skip-bg: #451a03;
    --path: #60a5fa; --path-bg: #1e3a8a; --edge: #64748b; --node: #1f2937; --node-line: #475569; --end: #0f172a;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header, main { max-width: 1200px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 20px; }
h1 { font-size: 22px; margin: 0 0 6px; }
h2 { font-size: 17px; margin: 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.summary { color: var(--muted); margin: 0 0 14px; }
.summary b { color: var(--text); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .03em; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
svg.defs { position: absolute; width: 0; height: 0; overflow: hidden; }
.failures { background: var(--card); border: 1px solid var(--line); border-left: 4px solid var(--fail);
  border-radius: 8px; padding: 10px 16px; margin-bottom: 18px; }
.failures h2 { margin: 0 0 6px; }
.failures ul { list-style: none; padding: 0; margin: 0; }
.failures li { line-height: 24px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.failures a { color: var(--fail); font-weight: 600; }
.calibration { background: var(--card); border: 1px solid var(--line); border-radius: 8px;
  padding: 10px 16px; margin-bottom: 18px; }
.calibration p { margin: 6px 0; }
.block { content-visibility: auto; }
details.file { background: var(--card); border: 1px solid var(--line); border-radius: 8px; margin-bottom: 18px; }
details.file > summary { display: flex; gap: 12px; align-items: baseline; padding: 10px 16px; list-style: none; cursor: pointer; }
details.file > summary h2 { font-size: 14px; }
.counts { color: var(--muted); }
.row { display: grid; grid-template-columns: 84px minmax(0, 1fr) 170px 56px 120px 120px 64px; gap: 10px;
  align-items: baseline; padding: 6px 16px; min-height: 34px; }
.row.head { border-top: 1px solid var(--line); padding-top: 4px; padding-bottom: 4px; min-height: 0;
  color: var(--muted); font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .03em; }
.row h3 { font-size: 14px; margin: 0; overflow-wrap: anywhere; }
.scenario { border-top: 1px solid var(--line); border-left: 4px solid transparent; }
a.row { color: inherit; text-decoration: none; cursor: pointer; }
a.row:hover, .scenario.open > a.row { background: var(--bg); }
.scenario.passed { border-left-color: var(--pass); }
.scenario.failed { border-left-color: var(--fail); }
.scenario.skipped, .scenario.pending { border-left-color: var(--skip); }
details.more > summary { padding: 0 16px 6px; }
/* Opened by the script ("live"), the details show and hide with their line, no summary of their own. */
details.more.live > summary, .scenario:not(.open) > details.more.live { display: none; }
.details { padding: 4px 16px 14px; }
@media (max-width: 760px) {
  .row { grid-template-columns: 84px minmax(0, 1fr); }
  .row > :nth-child(n+3) { grid-column: 2; text-align: left; }
  .row.head { display: none; }
}
.sub { color: var(--muted); margin: 4px 0 12px; }
.badge { display: inline-block; border-radius: 999px; padding: 1px 9px; font-size: 12px; font-weight: 600; }
.badge.passed, .badge.completed { background: var(--pass-bg); color: var(--pass); }
.badge.failed, .badge.error { background: var(--fail-bg); color: var(--fail); }
.badge.skipped, .badge.pending, .badge.limit_reached { background: var(--skip-bg); color: var(--skip); }
.cols { display: flex; gap: 20px; flex-wrap: wrap; align-items: flex-start; }
.graph-box { flex: 0 1 auto; max-width: 100%; overflow-x: auto; border: 1px solid var(--line);
  border-radius: 6px; padding: 4px; background: var(--bg); }
.facts { flex: 1 1 300px; min-width: 280px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 0 0 10px; }
dt { color: var(--muted); }
dd { margin: 0; }
ul.outcomes { list-style: none; padding: 0; margin: 0 0 10px; }
ul.outcomes li { margin: 2px 0; }
.ok { color: var(--pass); font-weight: 600; }
.bad { color: var(--fail); font-weight: 600; }
.warn { color: var(--skip); font-weight: 600; }
ul.criteria, ul.calls { list-style: none; padding-left: 14px; margin: 2px 0 6px; }
ul.calls { padding-left: 0; font-size: 12.5px; color: var(--muted); }
.reasoning, .reason { color: var(--muted); }
.votes { color: var(--skip); font-size: 12px; margin-left: 4px; }
.reasoning { margin-left: 16px; white-space: pre-wrap; }
tr.seed td { color: var(--muted); }
.error-box { background: var(--fail-bg); color: var(--text); border-radius: 6px; padding: 8px 10px; margin: 6px 0; white-space: pre-wrap; }
details.error-rest > summary { font-weight: 400; color: var(--muted); }
details.transcript { margin-top: 12px; }
summary { cursor: pointer; font-weight: 600; }
.transcript :is(td, th):first-child { text-align: right; font-variant-numeric: tabular-nums; }
.transcript td:nth-child(2) { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px;
  white-space: nowrap; }
.transcript td:nth-child(3), .transcript td:nth-child(4) { max-width: 460px; overflow-wrap: anywhere; }
.tag { display: inline-block; font-size: 11px; border: 1px solid var(--line); border-radius: 4px; padding: 0 5px; color: var(--muted); margin-left: 4px; }
svg.graph { display: block; font-family: inherit; }
/* A drawing is shown by <use>: its copy is styled by these rules (so they name no ancestor of the
   drawing's own) and inherits the custom properties of the <use> that draws it, so a node or edge
   drawn again on the path takes the --hl-* colours and widths set below. */
.start { fill: none; stroke: var(--edge); stroke-width: 1.5; marker-end: url(#arrow); }
.node rect { fill: var(--hl-fill, var(--node-fill, var(--node))); stroke: var(--hl-line, var(--node-line));
  stroke-width: var(--hl-width, 1.5); }
.node.end { --node-fill: var(--end); }
.node text { fill: var(--text); stroke: none; font-size: 13px; text-anchor: middle; dominant-baseline: central; }
.edge-line { fill: none; stroke: var(--hl-line, var(--edge)); stroke-width: var(--hl-width, 1.5);
  marker-end: var(--hl-marker, url(#arrow)); }
.edge.back .edge-line { stroke-dasharray: 5 4; }
.edge-label { fill: var(--hl-line, var(--muted)); font-weight: var(--hl-weight, 400); font-size: 11px;
  text-anchor: middle; dominant-baseline: central; }
.edge-label-bg { fill: var(--card); opacity: .92; }
.path .edge.on-path { --hl-line: var(--path); --hl-width: 3; --hl-marker: url(#arrow-on); --hl-weight: 600; }
.path .node.on-path { --hl-fill: var(--path-bg); --hl-line: var(--path); --hl-width: 2.5; }
.path .node.failed { --hl-fill: var(--fail-bg); --hl-line: var(--fail); }
.path .visits circle { fill: var(--path); stroke: var(--card); stroke-width: 2; }
.path .visits text, .path .count text { fill: #ffffff; font-size: 10.5px; font-weight: 700; text-anchor: middle;
  dominant-baseline: central; }
.path .count rect { fill: var(--path); stroke: var(--card); stroke-width: 1.5; }
marker.arrow path { fill: var(--edge); }
marker.on-path path { fill: var(--path); }
footer { max-width: 1200px; margin: 0 auto; padding: 6px 20px 24px; color: var(--muted); font-size: 12px; }
`
