// The layering half of the graph layout: back edges, layers, order within layers, x positions.
import type { Item } from './layout-types.js'

const NODE_GAP = 28
const DUMMY_GAP = 10

/**
 * Depth-first search from the entry (then from any node not yet reached), following edges in
 * definition order: an edge to a node still on the stack closes a cycle and is a back edge.
 */
export function classifyEdges(
  count: number,
  edges: readonly { from: number; to: number }[],
  entry: number,
): { back: boolean[]; discovery: number[] } {
  const out: number[][] = Array.from({ length: count }, () => [])
  edges.forEach((e, i) => {
    if (e.from >= 0 && e.to >= 0) out[e.from]?.push(i)
  })
  const state = new Array<number>(count).fill(0) // 0 new, 1 on the stack, 2 done
  const back = edges.map(() => false)
  const discovery = new Array<number>(count).fill(0)
  let seen = 0
  const roots = [entry, ...Array.from({ length: count }, (_, i) => i)]
  for (const root of roots) {
    if (root < 0 || root >= count || state[root] !== 0) continue
    const stack: { node: number; next: number }[] = [{ node: root, next: 0 }]
    state[root] = 1
    discovery[root] = seen++
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { node: number; next: number }
      const edge = out[top.node]?.[top.next]
      if (edge === undefined) {
        state[top.node] = 2
        stack.pop()
        continue
      }
      top.next += 1
      const target = edges[edge]?.to ?? -1
      if (state[target] === 1) back[edge] = true
      else if (state[target] === 0) {
        state[target] = 1
        discovery[target] = seen++
        stack.push({ node: target, next: 0 })
      }
    }
  }
  return { back, discovery }
}

/** Longest-path layers over the graph with back edges reversed; sinks go below everything else. */
export function assignLayers(
  count: number,
  edges: readonly { from: number; to: number }[],
  back: readonly boolean[],
  sinks: readonly (number | undefined)[] | undefined,
): number[] {
  const dag: [number, number][] = []
  edges.forEach((e, i) => {
    if (e.from < 0 || e.to < 0 || e.from === e.to) return
    dag.push(back[i] === true ? [e.to, e.from] : [e.from, e.to])
  })
  const indegree = new Array<number>(count).fill(0)
  const out: number[][] = Array.from({ length: count }, () => [])
  for (const [a, b] of dag) {
    indegree[b] = (indegree[b] ?? 0) + 1
    out[a]?.push(b)
  }
  const layer = new Array<number>(count).fill(0)
  const queue = indegree.flatMap((d, i) => (d === 0 ? [i] : []))
  while (queue.length > 0) {
    const a = queue.shift() as number
    for (const b of out[a] ?? []) {
      layer[b] = Math.max(layer[b] ?? 0, (layer[a] ?? 0) + 1)
      indegree[b] = (indegree[b] ?? 0) - 1
      if (indegree[b] === 0) queue.push(b)
    }
  }
  const sinkSet = new Set(sinks?.filter((s): s is number => s !== undefined))
  if (sinkSet.size > 0) {
    const bottom = Math.max(0, ...layer.filter((_, i) => !sinkSet.has(i))) + 1
    for (const s of sinkSet) layer[s] = Math.max(layer[s] ?? 0, bottom)
  }
  return layer
}

/** Orders each layer: discovery order, then barycenter sweeps keeping the fewest crossings. */
export function orderLayers(items: Item[], discovery: readonly number[]): number[][] {
  const depth = Math.max(0, ...items.map((item) => item.layer)) + 1
  const layers: number[][] = Array.from({ length: depth }, () => [])
  const rank = (i: number) => {
    const item = items[i] as Item
    if (item.node >= 0) return discovery[item.node] ?? 0
    // A dummy ranks with the node its edge comes from.
    let up = item.up[0]
    while (up !== undefined && (items[up] as Item).node < 0) up = (items[up] as Item).up[0]
    return up === undefined ? 0 : (discovery[(items[up] as Item).node] ?? 0) + 0.5
  }
  items.forEach((item, i) => {
    layers[item.layer]?.push(i)
  })
  for (const ids of layers) ids.sort((a, b) => rank(a) - rank(b))

  const position = new Map<number, number>()
  const record = () => {
    for (const ids of layers)
      ids.forEach((id, p) => {
        position.set(id, p)
      })
  }
  record()
  let best = layers.map((ids) => [...ids])
  let fewest = crossings(items, layers, position)
  for (let sweep = 0; sweep < 8 && fewest > 0; sweep++) {
    const down = sweep % 2 === 0
    const order = down
      ? Array.from({ length: depth }, (_, l) => l).slice(1)
      : Array.from({ length: depth }, (_, l) => depth - 1 - l).slice(1)
    for (const l of order) {
      const ids = layers[l] as number[]
      const centre = new Map<number, number>()
      for (const id of ids) {
        const item = items[id] as Item
        const neighbours = down ? item.up : item.down
        centre.set(
          id,
          neighbours.length === 0
            ? (position.get(id) ?? 0)
            : neighbours.reduce((s, n) => s + (position.get(n) ?? 0), 0) / neighbours.length,
        )
      }
      // Stable: equal barycenters keep their current order.
      ids.sort((a, b) => (centre.get(a) ?? 0) - (centre.get(b) ?? 0))
      ids.forEach((id, p) => {
        position.set(id, p)
      })
    }
    const count = crossings(items, layers, position)
    if (count < fewest) {
      fewest = count
      best = layers.map((ids) => [...ids])
    }
  }
  return best
}

function crossings(
  items: readonly Item[],
  layers: number[][],
  position: Map<number, number>,
): number {
  let total = 0
  for (const ids of layers) {
    const segments: [number, number][] = []
    for (const id of ids) {
      for (const d of (items[id] as Item).down) {
        segments.push([position.get(id) ?? 0, position.get(d) ?? 0])
      }
    }
    for (let i = 0; i < segments.length; i++) {
      for (let j = i + 1; j < segments.length; j++) {
        const [a1, b1] = segments[i] as [number, number]
        const [a2, b2] = segments[j] as [number, number]
        if ((a1 - a2) * (b1 - b2) < 0) total += 1
      }
    }
  }
  return total
}

/** The least distance between the centres of two neighbours in a layer. */
function separation(a: Item, b: Item): number {
  const gap =
    a.node < 0 && b.node < 0 ? DUMMY_GAP : a.node < 0 || b.node < 0 ? NODE_GAP / 2 : NODE_GAP
  return a.right + gap + b.left
}

/**
 * x positions: each layer packed and centred, then relaxed a few times towards the mean x of
 * each item's neighbours. The relaxed layer is the mean of a left-to-right and a right-to-left
 * packing at the desired positions; both keep every pair apart, so their mean does too.
 */
export function assignX(items: Item[], layers: readonly number[][]): void {
  for (const ids of layers) {
    let x = 0
    ids.forEach((id, p) => {
      const item = items[id] as Item
      if (p > 0) x += separation(items[ids[p - 1] as number] as Item, item)
      item.x = x
    })
    const first = items[ids[0] as number]
    const shift = first === undefined ? 0 : x / 2
    for (const id of ids) (items[id] as Item).x -= shift
  }
  for (let round = 0; round < 8; round++) {
    const down = round % 2 === 0
    const order = down ? layers.map((_, l) => l) : layers.map((_, l) => layers.length - 1 - l)
    for (const l of order) {
      const ids = layers[l] as number[]
      const desired = ids.map((id) => {
        const item = items[id] as Item
        const neighbours = down ? item.up : item.down
        if (neighbours.length === 0) return item.x
        return neighbours.reduce((s, n) => s + (items[n] as Item).x, 0) / neighbours.length
      })
      const forward: number[] = []
      ids.forEach((id, p) => {
        const want = desired[p] as number
        forward.push(
          p === 0
            ? want
            : Math.max(
                want,
                (forward[p - 1] as number) +
                  separation(items[ids[p - 1] as number] as Item, items[id] as Item),
              ),
        )
      })
      const backward: number[] = new Array(ids.length)
      for (let p = ids.length - 1; p >= 0; p--) {
        const want = desired[p] as number
        backward[p] =
          p === ids.length - 1
            ? want
            : Math.min(
                want,
                (backward[p + 1] as number) -
                  separation(items[ids[p] as number] as Item, items[ids[p + 1] as number] as Item),
              )
      }
      ids.forEach((id, p) => {
        ;(items[id] as Item).x = ((forward[p] as number) + (backward[p] as number)) / 2
      })
    }
  }
}
