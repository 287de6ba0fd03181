import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { type GraphLayout, layoutGraph, type Point } from '../../src/reporter/graph-layout.js'
import { layoutScenarioGraph } from '../../src/reporter/graph-svg.js'
import { graphMeta } from './graph-meta.js'

interface Box {
  left: number
  right: number
  top: number
  bottom: number
}

function boxOf(node: GraphLayout['nodes'][number]): Box {
  return {
    left: node.x - node.width / 2,
    right: node.x + node.width / 2,
    top: node.y - node.height / 2,
    bottom: node.y + node.height / 2,
  }
}

function overlaps(a: Box, b: Box, margin = 0): boolean {
  return (
    a.left < b.right + margin &&
    b.left < a.right + margin &&
    a.top < b.bottom + margin &&
    b.top < a.bottom + margin
  )
}

/** Points along path data made of M, C and L commands (absolute), interior points only. */
function samplePath(d: string): Point[] {
  const tokens = d.match(/[MCL]|-?[\d.]+,-?[\d.]+/g) ?? []
  const out: Point[] = []
  let current: Point = { x: 0, y: 0 }
  let command = ''
  let args: Point[] = []
  const point = (token: string): Point => {
    const [x, y] = token.split(',').map(Number)
    return { x: x ?? 0, y: y ?? 0 }
  }
  for (const token of tokens) {
    if (/^[MCL]$/.test(token)) {
      command = token
      args = []
      continue
    }
    args.push(point(token))
    if (command === 'M') {
      current = args[0] as Point
      args = []
    } else if (command === 'L') {
      const to = args[0] as Point
      for (let t = 0.05; t < 1; t += 0.05) {
        out.push({ x: current.x + (to.x - current.x) * t, y: current.y + (to.y - current.y) * t })
      }
      current = to
      args = []
    } else if (command === 'C' && args.length === 3) {
      const [c1, c2, to] = args as [Point, Point, Point]
      for (let t = 0.05; t < 1; t += 0.05) {
        const u = 1 - t
        out.push({
          x: u ** 3 * current.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t ** 3 * to.x,
          y: u ** 3 * current.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t ** 3 * to.y,
        })
      }
      current = to
      args = []
    }
  }
  return out
}

/** Every geometric promise of the layout, checked on one graph. */
function expectSound(layout: GraphLayout, labelWidths: readonly (number | undefined)[]): void {
  const boxes = layout.nodes.map(boxOf)
  // No two nodes overlap; all lie inside the drawing.
  boxes.forEach((a, i) => {
    expect(a.left).toBeGreaterThanOrEqual(0)
    expect(a.right).toBeLessThanOrEqual(layout.width)
    expect(a.bottom).toBeLessThanOrEqual(layout.height)
    boxes.forEach((b, j) => {
      if (i < j)
        expect(overlaps(a, b, 4), `${layout.nodes[i]?.id} / ${layout.nodes[j]?.id}`).toBe(false)
    })
  })
  const layerOf = new Map(layout.nodes.map((n) => [n.id, n.layer]))
  layout.edges.forEach((edge, i) => {
    const from = layerOf.get(edge.from) ?? 0
    const to = layerOf.get(edge.to) ?? 0
    // Forward edges go down, back edges up (or to their own node).
    if (edge.self) expect(edge.back).toBe(true)
    else if (edge.back) expect(to).toBeLessThan(from)
    else expect(to).toBeGreaterThan(from)
    expect(edge.path).toMatch(/^M/)
    // No edge runs through a node.
    for (const p of samplePath(edge.path)) {
      for (const [j, box] of boxes.entries()) {
        const inside =
          p.x > box.left + 1 && p.x < box.right - 1 && p.y > box.top + 1 && p.y < box.bottom - 1
        expect(inside, `edge ${edge.from} → ${edge.to} crosses ${layout.nodes[j]?.id}`).toBe(false)
      }
    }
    // Labels sit clear of every node.
    const width = labelWidths[i]
    if (edge.label !== undefined && width !== undefined) {
      const label = {
        left: edge.label.x - width / 2,
        right: edge.label.x + width / 2,
        top: edge.label.y - 8,
        bottom: edge.label.y + 8,
      }
      for (const box of boxes) expect(overlaps(label, box)).toBe(false)
    }
  })
}

describe('layoutGraph', () => {
  test('a retry loop: the edge back to the question is a back edge, drawn upwards', () => {
    const meta = graphMeta(
      ['ask', 'hint', 'done'],
      [
        ['ask', 'done', 'verifyResult = true'],
        ['ask', 'hint', 'otherwise'],
        ['hint', 'ask'],
        ['done', '__end__'],
      ],
    )
    const layout = layoutScenarioGraph(meta)
    expect(layout.edges.map((e) => e.back)).toEqual([false, false, true, false])
    const layer = Object.fromEntries(layout.nodes.map((n) => [n.id, n.layer]))
    expect(layer).toEqual({ ask: 0, hint: 1, done: 1, __end__: 2 })
    // The back edge starts at the top of `hint` and ends at the bottom of `ask`.
    const back = layout.edges[2]
    const ask = layout.nodes.find((n) => n.id === 'ask')
    const hint = layout.nodes.find((n) => n.id === 'hint')
    expect(back?.points[0]?.y).toBeCloseTo((hint?.y ?? 0) - 18)
    expect(back?.points.at(-1)?.y).toBeCloseTo((ask?.y ?? 0) + 18)
    expectSound(
      layout,
      layout.edges.map(() => undefined),
    )
  })

  test('END is on the last layer, and a long edge gets a slot in every layer it crosses', () => {
    const meta = graphMeta(
      ['a', 'b', 'c', 'd'],
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'd'],
        ['a', '__end__', 'verifyResult = true'],
        ['d', '__end__'],
      ],
    )
    const layout = layoutScenarioGraph(meta)
    const end = layout.nodes.find((n) => n.id === '__end__')
    expect(end?.layer).toBe(4)
    // a → END crosses layers 1, 2 and 3: a vertical run through each (M, C, then L/C pairs).
    const long = layout.edges[3]
    expect(long?.points).toHaveLength(8)
    expect(long?.path.match(/ L/g)).toHaveLength(3)
    expectSound(layout, [undefined, undefined, undefined, 120, undefined])
  })

  test('self loops sit to the right of their node, with room kept for them', () => {
    const layout = layoutGraph({
      nodes: [
        { id: 'a', width: 80, height: 36 },
        { id: 'b', width: 80, height: 36 },
        { id: 'c', width: 80, height: 36 },
      ],
      edges: [
        { from: 'a', to: 'b' },
        { from: 'a', to: 'c' },
        { from: 'b', to: 'b', labelWidth: 90 },
      ],
      entry: 'a',
    })
    expect(layout.edges[2]).toMatchObject({ self: true, back: true })
    expectSound(layout, [undefined, undefined, 90])
  })

  test('random graphs: no overlaps, no edge through a node, forward edges down and back edges up', () => {
    const graphArb = fc.integer({ min: 1, max: 9 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        edges: fc.array(
          fc.record({
            from: fc.integer({ min: 0, max: n - 1 }),
            to: fc.integer({ min: 0, max: n }), // n = END
            label: fc.option(fc.string({ minLength: 1, maxLength: 40 }), { nil: undefined }),
          }),
          { maxLength: 18 },
        ),
      }),
    )
    fc.assert(
      fc.property(graphArb, ({ n, edges }) => {
        const ids = Array.from({ length: n }, (_, i) => `node-${i}`)
        const meta = graphMeta(
          ids,
          edges.map((e) => [
            ids[e.from] as string,
            e.to === n ? '__end__' : (ids[e.to] as string),
            e.label,
          ]),
        )
        const layout = layoutScenarioGraph(meta)
        expect(layout.nodes.length).toBe(n + (edges.some((e) => e.to === n) ? 1 : 0))
        const widths = meta.edges.map((e) =>
          e.label === undefined ? undefined : Math.round(Math.min(e.label.length, 34) * 6.4 + 10),
        )
        expectSound(layout, widths)
      }),
      { numRuns: 150 },
    )
  })
})
