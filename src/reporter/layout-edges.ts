// The routing half of the graph layout: ports, edge paths through the gaps, labels, self loops.
import type { Chain, Item, LaidOutEdge, LaidOutNode, Point } from './layout-types.js'

/** How far right a self loop reaches from its node. */
export const SELF_LOOP = 34
/** The height of one row of edge labels in a gap. */
export const LABEL_ROW = 18

/** Label rows per gap: labels of the same gap that would overlap go to separate rows. */
export function placeLabelRows(
  edges: readonly { from: number; to: number; labelWidth?: number | undefined }[],
  chains: readonly (Chain | undefined)[],
  items: readonly Item[],
  depth: number,
): { row: (number | undefined)[]; gap: (number | undefined)[]; rows: number[] } {
  const row: (number | undefined)[] = edges.map(() => undefined)
  const gapOf: (number | undefined)[] = edges.map(() => undefined)
  const rows = new Array<number>(depth).fill(0)
  const byGap = new Map<number, { edge: number; left: number; right: number }[]>()
  chains.forEach((chain, i) => {
    const width = edges[i]?.labelWidth
    if (chain === undefined || width === undefined) return
    const k = chain.reversed ? chain.items.length - 2 : 0
    const a = items[chain.items[k] as number] as Item
    const b = items[chain.items[k + 1] as number] as Item
    const centre = (a.x + b.x) / 2
    gapOf[i] = a.layer
    const list = byGap.get(a.layer) ?? []
    list.push({ edge: i, left: centre - width / 2, right: centre + width / 2 })
    byGap.set(a.layer, list)
  })
  for (const [gap, labels] of byGap) {
    labels.sort((a, b) => a.left - b.left)
    const ends: number[] = []
    for (const label of labels) {
      let r = ends.findIndex((end) => end + 6 <= label.left)
      if (r === -1) {
        r = ends.length
        ends.push(label.right)
      } else ends[r] = label.right
      row[label.edge] = r
    }
    rows[gap] = ends.length
  }
  return { row, gap: gapOf, rows }
}

/** Where each edge leaves and enters its nodes: spread over the middle of the node's side. */
export function assignPorts(
  items: readonly Item[],
  chains: readonly (Chain | undefined)[],
  nodes: readonly LaidOutNode[],
): Map<string, number> {
  const ports = new Map<string, number>()
  // Back edges take the rightmost ports: they bend out to the right.
  type Port = { chain: number; towards: number; back: boolean }
  const bottom = new Map<number, Port[]>()
  const top = new Map<number, Port[]>()
  chains.forEach((chain, c) => {
    if (chain === undefined) return
    const upper = chain.items[0] as number
    const lower = chain.items.at(-1) as number
    const below = items[chain.items[1] as number] as Item
    const above = items[chain.items.at(-2) as number] as Item
    const back = chain.reversed
    bottom.set(upper, [...(bottom.get(upper) ?? []), { chain: c, towards: below.x, back }])
    top.set(lower, [...(top.get(lower) ?? []), { chain: c, towards: above.x, back }])
  })
  for (const [side, map] of [
    ['b', bottom],
    ['t', top],
  ] as const) {
    for (const [node, list] of map) {
      const laid = nodes[node] as LaidOutNode
      list.sort(
        (a, b) => Number(a.back) - Number(b.back) || a.towards - b.towards || a.chain - b.chain,
      )
      const spread = laid.width * 0.6
      list.forEach((entry, i) => {
        const x = laid.x - spread / 2 + (spread * (i + 1)) / (list.length + 1)
        ports.set(`${side}${entry.chain}`, x)
      })
    }
  }
  return ports
}

/** The points of a chain in DAG direction: ports on the nodes, a vertical run through each dummy. */
export function chainPoints(
  chain: Chain,
  items: readonly Item[],
  nodes: readonly LaidOutNode[],
  ports: Map<string, number>,
  bandTop: readonly number[],
  bandHeight: readonly number[],
): Point[] {
  const upper = nodes[chain.items[0] as number] as LaidOutNode
  const lower = nodes[chain.items.at(-1) as number] as LaidOutNode
  const points: Point[] = [
    { x: ports.get(`b${chain.edge}`) ?? upper.x, y: upper.y + upper.height / 2 },
  ]
  for (const id of chain.items.slice(1, -1)) {
    const item = items[id] as Item
    const top = bandTop[item.layer] ?? 0
    points.push({ x: item.x, y: top }, { x: item.x, y: top + (bandHeight[item.layer] ?? 0) })
  }
  points.push({ x: ports.get(`t${chain.edge}`) ?? lower.x, y: lower.y - lower.height / 2 })
  return points
}

/** The points of a bent two-point edge, with its bulge, so bounds and tests see it. */
export function bentPoints(points: readonly Point[], bend: number): Point[] {
  const [a, b] = points as [Point, Point]
  return [a, { x: (a.x + b.x) / 2 + bend * 0.75, y: (a.y + b.y) / 2 }, b]
}

/**
 * Path data: curves with vertical tangents across gaps (pushed `bend` to the right), straight
 * runs through dummy slots.
 */
export function pathData(points: readonly Point[], bend = 0): string {
  const first = points[0]
  if (first === undefined) return ''
  let d = `M${coord(first.x)},${coord(first.y)}`
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Point
    const b = points[i] as Point
    if (i % 2 === 0) {
      d += ` L${coord(b.x)},${coord(b.y)}`
    } else {
      const mid = (a.y + b.y) / 2
      d += ` C${coord(a.x + bend)},${coord(mid)} ${coord(b.x + bend)},${coord(mid)} ${coord(b.x)},${coord(b.y)}`
    }
  }
  return d
}

/** The x of a gap curve (vertical tangents at both ends) at height `y`, by bisection on t. */
export function curveXAt(a: Point, b: Point, y: number, bend: number): number {
  const mid = (a.y + b.y) / 2
  const at = (t: number) => {
    const u = 1 - t
    return {
      x:
        u * u * u * a.x +
        3 * u * u * t * (a.x + bend) +
        3 * u * t * t * (b.x + bend) +
        t * t * t * b.x,
      y: u * u * u * a.y + 3 * u * u * t * mid + 3 * u * t * t * mid + t * t * t * b.y,
    }
  }
  let low = 0
  let high = 1
  const rising = b.y > a.y
  for (let k = 0; k < 30; k++) {
    const t = (low + high) / 2
    if (at(t).y < y === rising) low = t
    else high = t
  }
  return at((low + high) / 2).x
}

/** A self loop: a small curve out of the node's right side and back, its label beside it. */
export function selfLoop(
  base: { from: string; to: string },
  node: LaidOutNode,
  labelWidth: number | undefined,
): LaidOutEdge {
  const x = node.x + node.width / 2
  const { y } = node
  const reach = SELF_LOOP - 4
  const points = [
    { x, y: y - 8 },
    { x: x + reach, y },
    { x, y: y + 8 },
  ]
  const edge: LaidOutEdge = {
    ...base,
    back: true,
    self: true,
    path: `M${coord(x)},${coord(y - 8)} C${coord(x + reach)},${coord(y - 24)} ${coord(x + reach)},${coord(y + 24)} ${coord(x + 2)},${coord(y + 8)}`,
    points,
  }
  if (labelWidth !== undefined) edge.label = { x: x + SELF_LOOP + labelWidth / 2, y }
  return edge
}

/** Moves every x of path data (`x,y` pairs) by `dx`. */
export function shiftPath(path: string, dx: number): string {
  return path.replace(
    /(-?[\d.]+),(-?[\d.]+)/g,
    (_, x: string, y: string) => `${coord(Number(x) + dx)},${y}`,
  )
}

/** A coordinate as path data writes it: one decimal. */
function coord(value: number): string {
  return String(Math.round(value * 10) / 10)
}
