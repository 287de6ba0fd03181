// A scenario graph as inline SVG, the path the runs took highlighted. Classes carry the styling
// (the report's stylesheet) and data-* attributes carry the facts, so a test can check them.
import { END } from '../scenario/end.js'
import { clip } from './describe-when.js'
import { nodeName } from './format.js'
import { type GraphLayout, type LayoutNodeInput, layoutGraph } from './graph-layout.js'
import { escapeHtml } from './html-escape.js'
import type { PathHighlight } from './path-highlight.js'
import type { ScenarioGraphMeta } from './scenario-meta.js'

const NODE_HEIGHT = 36
const NODE_CHARS = 26
const LABEL_CHARS = 34
// Width estimates for the report's sans-serif font: generous, so text never spills its box.
const NODE_CHAR_WIDTH = 7.6
const LABEL_CHAR_WIDTH = 6.4

/** The node ids of a graph as drawn: its nodes, then END when an edge goes there. */
export function drawnNodes(graph: ScenarioGraphMeta): string[] {
  const ids = [...graph.nodes]
  for (const edge of graph.edges) {
    for (const id of [edge.from, edge.to]) if (!ids.includes(id)) ids.push(id)
  }
  // END last, whatever order the edges name it in.
  const end = ids.indexOf(END)
  if (end !== -1) ids.push(...ids.splice(end, 1))
  return ids
}

/** The text drawn beside an edge: its condition, and how often the runs took it when more than once. */
export function edgeLabelText(label: string | undefined, taken: number): string | undefined {
  if (label === undefined) return taken > 1 ? `×${taken}` : undefined
  return clip(label, LABEL_CHARS) + (taken > 1 ? ` ×${taken}` : '')
}

function labelWidth(text: string): number {
  return Math.round(text.length * LABEL_CHAR_WIDTH + 10)
}

/** Lays out a scenario graph with the box sizes its SVG uses; `taken` counts go into the labels. */
export function layoutScenarioGraph(
  graph: ScenarioGraphMeta,
  taken: readonly number[] = [],
): GraphLayout {
  const nodes: LayoutNodeInput[] = drawnNodes(graph).map((id) => ({
    id,
    width:
      id === END
        ? 64
        : Math.max(64, Math.round(clip(id, NODE_CHARS).length * NODE_CHAR_WIDTH + 28)),
    height: NODE_HEIGHT,
  }))
  return layoutGraph({
    nodes,
    entry: graph.entry,
    sinks: nodes.some((n) => n.id === END) ? [END] : [],
    edges: graph.edges.map((edge, i) => {
      const text = edgeLabelText(edge.label, taken[i] ?? 0)
      return {
        from: edge.from,
        to: edge.to,
        labelWidth: text === undefined ? undefined : labelWidth(text),
      }
    }),
  })
}

/**
 * The SVG of a scenario graph. Nodes and edges on the path get the class `on-path`, with
 * `data-visits` / `data-taken` counts; back edges `back`; the node a run failed at `failed`.
 * `prefix` keeps marker ids unique when a page holds several graphs.
 */
export function graphSvg(
  graph: ScenarioGraphMeta,
  highlight: PathHighlight,
  prefix: string,
  title: string,
): string {
  const layout = layoutScenarioGraph(graph, highlight.taken)
  const id = escapeHtml(prefix)
  const out: string[] = [
    `<svg class="graph" xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" role="img" aria-label="${escapeHtml(title)}" data-nodes="${layout.nodes.length}" data-edges="${layout.edges.length}">`,
    '<defs>',
    marker(`${id}-arrow`, 'arrow'),
    marker(`${id}-arrow-on`, 'arrow on-path'),
    '</defs>',
  ]
  const entry = layout.nodes.find((n) => n.id === graph.entry)
  if (entry !== undefined) {
    const top = entry.y - entry.height / 2
    out.push(
      `<path class="start" d="M${entry.x},${top - 24} L${entry.x},${top - 2}" marker-end="url(#${id}-arrow)"/>`,
    )
  }
  // Off-path edges first, so highlighted ones are drawn on top where they cross.
  const order = layout.edges.map((_, i) => i)
  order.sort(
    (a, b) => Number((highlight.taken[a] ?? 0) > 0) - Number((highlight.taken[b] ?? 0) > 0),
  )
  for (const i of order) {
    const edge = layout.edges[i]
    const meta = graph.edges[i]
    if (edge === undefined || meta === undefined || edge.path === '') continue
    const taken = highlight.taken[i] ?? 0
    const classes = [
      'edge',
      taken > 0 ? 'on-path' : '',
      edge.back ? 'back' : '',
      edge.self ? 'self' : '',
    ]
      .filter(Boolean)
      .join(' ')
    const tip = `${nodeName(edge.from)} → ${nodeName(edge.to)}${meta.label === undefined ? '' : ` when ${meta.label}`}${taken > 0 ? ` (taken ${taken}×)` : ''}`
    out.push(
      `<g class="${classes}" data-edge="${i}" data-from="${escapeHtml(edge.from)}" data-to="${escapeHtml(edge.to)}" data-taken="${taken}">`,
      `<title>${escapeHtml(tip)}</title>`,
      `<path class="edge-line" d="${edge.path}" marker-end="url(#${id}-${taken > 0 ? 'arrow-on' : 'arrow'})"/>`,
    )
    const text = edgeLabelText(meta.label, taken)
    if (text !== undefined && edge.label !== undefined) {
      const width = labelWidth(text)
      out.push(
        `<rect class="edge-label-bg" x="${r(edge.label.x - width / 2)}" y="${r(edge.label.y - 8)}" width="${width}" height="16" rx="3"/>`,
        `<text class="edge-label" x="${r(edge.label.x)}" y="${r(edge.label.y)}">${escapeHtml(text)}</text>`,
      )
    }
    out.push('</g>')
  }
  for (const node of layout.nodes) {
    const visits = highlight.visits.get(node.id) ?? 0
    const isEnd = node.id === END
    const classes = [
      'node',
      visits > 0 ? 'on-path' : '',
      node.id === graph.entry ? 'entry' : '',
      isEnd ? 'end' : '',
      highlight.failed.has(node.id) ? 'failed' : '',
    ]
      .filter(Boolean)
      .join(' ')
    const x = node.x - node.width / 2
    const y = node.y - node.height / 2
    const name = nodeName(node.id)
    out.push(
      `<g class="${classes}" data-node="${escapeHtml(node.id)}" data-visits="${visits}">`,
      `<title>${escapeHtml(`${name}${visits > 0 ? ` (visited ${visits}×)` : ' (not visited)'}`)}</title>`,
      `<rect x="${r(x)}" y="${r(y)}" width="${node.width}" height="${node.height}" rx="${isEnd ? node.height / 2 : 6}"/>`,
      `<text x="${r(node.x)}" y="${r(node.y)}">${escapeHtml(clip(name, NODE_CHARS))}</text>`,
    )
    if (visits > 1 && !isEnd) {
      const bx = x + node.width - 2
      out.push(
        `<circle class="visits" cx="${r(bx)}" cy="${r(y + 2)}" r="9"/>`,
        `<text class="visits" x="${r(bx)}" y="${r(y + 2)}">${visits}</text>`,
      )
    }
    out.push('</g>')
  }
  out.push('</svg>')
  return out.join('\n')
}

function marker(id: string, className: string): string {
  return `<marker id="${id}" class="${className}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>`
}

function r(value: number): number {
  return Math.round(value * 10) / 10
}
