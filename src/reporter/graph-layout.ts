// A small layered ("Sugiyama") layout for scenario graphs, top to bottom: back edges found by a
// depth-first search from the entry are reversed, nodes get longest-path layers, long edges get
// one dummy slot per layer they cross, a few barycenter sweeps order each layer, and x positions
// are relaxed towards the neighbours' mean under the no-overlap constraints. Edges are drawn only
// through the gaps between layers and through their own dummy slots, so no edge crosses a node.
// Scenario graphs have a handful to a few dozen nodes; every step here is at most quadratic.
import {
  assignPorts,
  bentPoints,
  chainPoints,
  curveXAt,
  LABEL_ROW,
  pathData,
  placeLabelRows,
  SELF_LOOP,
  selfLoop,
  shiftPath,
} from './layout-edges.js'
import { assignLayers, assignX, classifyEdges, orderLayers } from './layout-layers.js'
import type {
  Chain,
  GraphLayout,
  Item,
  LaidOutEdge,
  LaidOutNode,
  LayoutInput,
  LayoutNodeInput,
  Point,
} from './layout-types.js'

export type {
  GraphLayout,
  LaidOutEdge,
  LaidOutNode,
  LayoutEdgeInput,
  LayoutInput,
  LayoutNodeInput,
  Point,
} from './layout-types.js'

const MARGIN = 16
const TOP_MARGIN = 34 // room for the start arrow above the entry
const DUMMY_WIDTH = 10
const GAP_BASE = 40
const LABEL_HEIGHT = 16
const BACK_BEND = 36

/**
 * Places the nodes of a directed graph in layers and routes its edges as curves.
 *
 * @example
 * const layout = layoutGraph({
 *   nodes: [{ id: 'ask', width: 80, height: 36 }, { id: 'retry', width: 80, height: 36 }],
 *   edges: [{ from: 'ask', to: 'retry' }, { from: 'retry', to: 'ask' }],
 *   entry: 'ask',
 * })
 * layout.edges[1]?.back // true
 */
export function layoutGraph(input: LayoutInput): GraphLayout {
  const nodes = input.nodes
  const index = new Map(nodes.map((n, i) => [n.id, i]))
  const edges = input.edges.map((e) => ({
    from: index.get(e.from) ?? -1,
    to: index.get(e.to) ?? -1,
    labelWidth: e.labelWidth,
  }))
  const { back, discovery } = classifyEdges(nodes.length, edges, index.get(input.entry) ?? 0)
  const layer = assignLayers(
    nodes.length,
    edges,
    back,
    input.sinks?.map((id) => index.get(id)),
  )
  const selfLabel = nodes.map(() => 0)
  edges.forEach((e, i) => {
    if (e.from >= 0 && e.from === e.to) {
      selfLabel[e.from] = Math.max(selfLabel[e.from] ?? 0, SELF_LOOP + (e.labelWidth ?? 0) + 6)
      back[i] = true
    }
  })

  // Items: the real nodes, then the dummies of long edges.
  const items: Item[] = nodes.map((n, i) => ({
    node: i,
    layer: layer[i] ?? 0,
    left: n.width / 2,
    right: n.width / 2 + (selfLabel[i] ?? 0),
    x: 0,
    up: [],
    down: [],
  }))
  const chains: (Chain | undefined)[] = edges.map((e, i) => {
    if (e.from < 0 || e.to < 0 || e.from === e.to) return undefined
    const reversed = back[i] === true
    const top = reversed ? e.to : e.from
    const bottom = reversed ? e.from : e.to
    const chain: Chain = { edge: i, items: [top], reversed }
    for (let l = (layer[top] ?? 0) + 1; l < (layer[bottom] ?? 0); l++) {
      items.push({
        node: -1,
        layer: l,
        left: DUMMY_WIDTH / 2,
        right: DUMMY_WIDTH / 2,
        x: 0,
        up: [],
        down: [],
      })
      chain.items.push(items.length - 1)
    }
    chain.items.push(bottom)
    for (let k = 0; k + 1 < chain.items.length; k++) {
      const a = chain.items[k] as number
      const b = chain.items[k + 1] as number
      ;(items[a] as Item).down.push(b)
      ;(items[b] as Item).up.push(a)
    }
    return chain
  })

  const layers = orderLayers(items, discovery)
  assignX(items, layers)

  // y: layer bands of equal node height, gaps tall enough for the label rows they hold.
  const bandHeight = layers.map((ids) =>
    Math.max(0, ...ids.map((i) => nodeHeight(items[i] as Item, nodes))),
  )
  const labelsByGap = placeLabelRows(edges, chains, items, layers.length)
  const gapHeight = layers.map((_, l) => GAP_BASE + (labelsByGap.rows[l] ?? 0) * LABEL_ROW)
  const bandTop: number[] = []
  let y = TOP_MARGIN
  for (let l = 0; l < layers.length; l++) {
    bandTop.push(y)
    y += (bandHeight[l] ?? 0) + (gapHeight[l] ?? 0)
  }
  const centreY = (l: number) => (bandTop[l] ?? 0) + (bandHeight[l] ?? 0) / 2

  const laidNodes: LaidOutNode[] = nodes.map((n, i) => {
    const item = items[i] as Item
    return {
      id: n.id,
      x: item.x,
      y: centreY(item.layer),
      width: n.width,
      height: n.height,
      layer: item.layer,
    }
  })
  const ports = assignPorts(items, chains, laidNodes)
  const laidEdges: LaidOutEdge[] = edges.map((e, i) => {
    const base = { from: input.edges[i]?.from ?? '', to: input.edges[i]?.to ?? '' }
    if (e.from < 0 || e.to < 0) return { ...base, back: false, self: false, path: '', points: [] }
    if (e.from === e.to) return selfLoop(base, laidNodes[e.from] as LaidOutNode, e.labelWidth)
    const chain = chains[i] as Chain
    const points = chainPoints(chain, items, laidNodes, ports, bandTop, bandHeight)
    const drawn = chain.reversed ? [...points].reverse() : points
    // A back edge between neighbouring layers runs beside the forward edge it usually pairs
    // with (retry → ask, ask → retry): it bends out to the right so the two stay apart.
    const bend = chain.reversed && points.length === 2 ? BACK_BEND : 0
    const edge: LaidOutEdge = {
      ...base,
      back: chain.reversed,
      self: false,
      path: pathData(drawn, bend),
      points: bend === 0 ? drawn : bentPoints(drawn, bend),
    }
    const row = labelsByGap.row[i]
    if (e.labelWidth !== undefined && row !== undefined) {
      // The label sits in the gap next to the edge's source, on the curve at its row's height.
      const gap = chain.reversed ? points.length - 2 : 0
      const p0 = points[gap] as Point
      const p1 = points[gap + 1] as Point
      const rows = labelsByGap.rows[labelsByGap.gap[i] ?? 0] ?? 1
      const top = Math.min(p0.y, p1.y)
      const span = Math.abs(p1.y - p0.y)
      const labelY = top + span / 2 + (row - (rows - 1) / 2) * LABEL_ROW
      edge.label = { x: curveXAt(p0, p1, labelY, bend), y: labelY }
    }
    return edge
  })

  return normalize(laidNodes, laidEdges, edges, y - (gapHeight.at(-1) ?? 0))
}

function nodeHeight(item: Item, nodes: readonly LayoutNodeInput[]): number {
  return item.node < 0 ? 0 : (nodes[item.node]?.height ?? 0)
}

/** Shifts everything so the leftmost box starts at the margin, and measures the drawing. */
function normalize(
  nodes: LaidOutNode[],
  edges: LaidOutEdge[],
  inputs: readonly { labelWidth?: number | undefined }[],
  bottom: number,
): GraphLayout {
  let minX = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  const extend = (left: number, right: number) => {
    minX = Math.min(minX, left)
    maxX = Math.max(maxX, right)
  }
  for (const node of nodes) extend(node.x - node.width / 2, node.x + node.width / 2)
  edges.forEach((edge, i) => {
    for (const p of edge.points) extend(p.x, p.x)
    const width = inputs[i]?.labelWidth
    if (edge.label !== undefined && width !== undefined) {
      extend(edge.label.x - width / 2, edge.label.x + width / 2)
    }
    if (edge.self) extend(edge.points[1]?.x ?? 0, (edge.points[1]?.x ?? 0) + 4)
  })
  if (!Number.isFinite(minX)) {
    minX = 0
    maxX = 0
  }
  const dx = MARGIN - minX
  const move = (p: Point) => ({ x: p.x + dx, y: p.y })
  for (const node of nodes) node.x += dx
  for (const edge of edges) {
    edge.points = edge.points.map(move)
    if (edge.label !== undefined) edge.label = move(edge.label)
    edge.path = shiftPath(edge.path, dx)
  }
  return {
    width: Math.ceil(maxX - minX + 2 * MARGIN),
    height: Math.ceil(Math.max(bottom, TOP_MARGIN) + MARGIN + LABEL_HEIGHT / 2),
    nodes,
    edges,
  }
}
