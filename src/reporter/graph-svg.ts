// A scenario graph as inline SVG, in two parts so a report of thousands of scenarios draws each
// distinct graph once: the drawing (nodes, edges, labels; `graphDrawing`, referenced by id) and
// per scenario a small SVG that shows the drawing with `<use>` and draws the path the runs took
// on top of it (`pathSvg`: a `<use>` of each node and edge taken, carrying the highlight, and
// the counts). Classes carry the styling (the report's stylesheet) and data-* attributes carry
// the facts, so a test can check them.

import { clip } from '../hosts/core/meta/describe-when.js'
import type { ScenarioGraphMeta } from '../hosts/core/meta/scenario-meta.js'
import { END } from '../scenario/end.js'
import { nodeName } from './format.js'
import { type GraphLayout, type LayoutNodeInput, layoutGraph, type Point } from './graph-layout.js'
import { escapeHtml } from './html-escape.js'
import type { PathHighlight } from './path-highlight.js'

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
 * The drawing of a graph, nothing highlighted, as a `<g>` with id `id` (to go in a `<defs>`):
 * its nodes are `<id>-n<i>` and its edges `<id>-e<i>` (in `drawnNodes` and `graph.edges` order),
 * so a scenario's SVG can draw any of them again on top with `<use>`. Colours come from custom
 * properties (`--hl-fill`, `--hl-line`, …) that a `<use>` sets: its copy inherits them.
 */
export function graphDrawing(graph: ScenarioGraphMeta, layout: GraphLayout, id: string): string {
  const key = escapeHtml(id)
  const out: string[] = [
    `<g id="${key}" class="drawing" data-nodes="${layout.nodes.length}" data-edges="${layout.edges.length}">`,
  ]
  const entry = layout.nodes.find((n) => n.id === graph.entry)
  if (entry !== undefined) {
    const top = entry.y - entry.height / 2
    out.push(`<path class="start" d="M${entry.x},${top - 24} L${entry.x},${top - 2}"/>`)
  }
  out.push('<g class="edges">')
  layout.edges.forEach((edge, i) => {
    const meta = graph.edges[i]
    if (meta === undefined || edge.path === '') return
    const classes = ['edge', edge.back ? 'back' : '', edge.self ? 'self' : '']
      .filter(Boolean)
      .join(' ')
    const tip = `${nodeName(edge.from)} → ${nodeName(edge.to)}${meta.label === undefined ? '' : ` when ${meta.label}`}`
    out.push(
      `<g id="${key}-e${i}" class="${classes}" data-edge="${i}" data-from="${escapeHtml(edge.from)}" data-to="${escapeHtml(edge.to)}">`,
      `<title>${escapeHtml(tip)}</title>`,
      `<path class="edge-line" d="${edge.path}"/>`,
    )
    const text = edgeLabelText(meta.label, 0)
    if (text !== undefined && edge.label !== undefined) {
      const width = labelWidth(text)
      out.push(
        `<rect class="edge-label-bg" x="${r(edge.label.x - width / 2)}" y="${r(edge.label.y - 8)}" width="${width}" height="16" rx="3"/>`,
        `<text class="edge-label" x="${r(edge.label.x)}" y="${r(edge.label.y)}">${escapeHtml(text)}</text>`,
      )
    }
    out.push('</g>')
  })
  out.push('</g>', '<g class="nodes">')
  layout.nodes.forEach((node, i) => {
    const isEnd = node.id === END
    const classes = ['node', node.id === graph.entry ? 'entry' : '', isEnd ? 'end' : '']
      .filter(Boolean)
      .join(' ')
    const name = nodeName(node.id)
    out.push(
      `<g id="${key}-n${i}" class="${classes}" data-node="${escapeHtml(node.id)}">`,
      `<title>${escapeHtml(name)}</title>`,
      `<rect x="${r(node.x - node.width / 2)}" y="${r(node.y - node.height / 2)}" width="${node.width}" height="${node.height}" rx="${isEnd ? node.height / 2 : 6}"/>`,
      `<text x="${r(node.x)}" y="${r(node.y)}">${escapeHtml(clip(name, NODE_CHARS))}</text>`,
      '</g>',
    )
  })
  out.push('</g>', '</g>')
  return out.join('\n')
}

/**
 * A scenario's graph: the drawing `id` (see `graphDrawing`, laid out as `layout`) with the path
 * taken on top. Nodes and edges on the path are drawn again (`<use href="#<id>-n<i>">`, `-e<i>`)
 * with the class `on-path` and their `data-visits` / `data-taken` counts (`back` on back edges, `failed` on the node a run failed
 * at); a node visited and an edge taken more than once get a badge with the count.
 */
export function pathSvg(
  graph: ScenarioGraphMeta,
  layout: GraphLayout,
  highlight: PathHighlight,
  id: string,
  title: string,
): string {
  const key = escapeHtml(id)
  const out: string[] = [
    `<svg class="graph" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" role="img" aria-label="${escapeHtml(title)}" data-graph="${key}" data-nodes="${layout.nodes.length}" data-edges="${layout.edges.length}">`,
    `<use href="#${key}"/>`,
    '<g class="path">',
  ]
  const badges: string[] = []
  layout.edges.forEach((edge, i) => {
    const taken = highlight.taken[i] ?? 0
    if (taken === 0 || edge.path === '') return
    const classes = ['edge on-path', edge.back ? 'back' : '', edge.self ? 'self' : '']
      .filter(Boolean)
      .join(' ')
    out.push(`<use href="#${key}-e${i}" class="${classes}" data-taken="${taken}"/>`)
    if (taken > 1) {
      const text = edgeLabelText(graph.edges[i]?.label, 0)
      // At the right end of the edge's label, or halfway along an edge without one.
      const at =
        text !== undefined && edge.label !== undefined
          ? { x: edge.label.x + labelWidth(text) / 2, y: edge.label.y }
          : middle(edge.points)
      if (at !== undefined) badges.push(countBadge(at.x, at.y, `×${taken}`, `taken ${taken}×`))
    }
  })
  layout.nodes.forEach((node, i) => {
    const visits = highlight.visits.get(node.id) ?? 0
    if (visits === 0) return
    const classes = [
      'node on-path',
      node.id === graph.entry ? 'entry' : '',
      node.id === END ? 'end' : '',
      highlight.failed.has(node.id) ? 'failed' : '',
    ]
      .filter(Boolean)
      .join(' ')
    out.push(
      `<use href="#${key}-n${i}" class="${classes}" data-node="${escapeHtml(node.id)}" data-visits="${visits}"/>`,
    )
    if (visits > 1 && node.id !== END) {
      const x = node.x + node.width / 2 - 2
      const y = node.y - node.height / 2 + 2
      badges.push(
        `<g class="visits"><title>visited ${visits}×</title><circle cx="${r(x)}" cy="${r(y)}" r="9"/><text x="${r(x)}" y="${r(y)}">${visits}</text></g>`,
      )
    }
  })
  out.push(...badges, '</g>', '</svg>')
  // One line: a report holds one of these per scenario, and every byte is parsed.
  return out.join('')
}

/** The markers the drawings' edges end in (`url(#arrow)`, `url(#arrow-on)` on the path), once per page. */
export const ARROW_MARKERS = [marker('arrow', 'arrow'), marker('arrow-on', 'arrow on-path')].join(
  '',
)

/** A pill with a count, centred at `x`, `y`. */
function countBadge(x: number, y: number, text: string, tip: string): string {
  const width = Math.round(text.length * LABEL_CHAR_WIDTH + 10)
  return `<g class="count"><title>${tip}</title><rect x="${r(x - width / 2)}" y="${r(y - 7)}" width="${width}" height="14" rx="7"/><text x="${r(x)}" y="${r(y)}">${text}</text></g>`
}

/** The point halfway along a routed edge's points. */
function middle(points: readonly Point[]): Point | undefined {
  const k = Math.floor((points.length - 1) / 2)
  const a = points[k]
  const b = points[points.length % 2 === 0 ? k + 1 : k]
  return a === undefined || b === undefined ? undefined : { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
}

function marker(id: string, className: string): string {
  return `<marker id="${id}" class="${className}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>`
}

function r(value: number): number {
  return Math.round(value * 10) / 10
}
