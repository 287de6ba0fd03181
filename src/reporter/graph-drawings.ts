// The distinct graphs of one HTML report, each laid out and drawn once. Scenarios that share a
// graph (the cases of one test, a graph reused across files) share its drawing: laying out and
// drawing a graph per scenario made a report of 1,000 scenarios tens of megabytes and most of
// its writing time.

import type { ScenarioGraphMeta } from '../hosts/core/meta/scenario-meta.js'
import type { GraphLayout } from './graph-layout.js'
import { graphDrawing, layoutScenarioGraph } from './graph-svg.js'

/** A graph's drawing: the id its `<g>` has in the page and the layout it was drawn with. */
export interface GraphDrawingRef {
  id: string
  layout: GraphLayout
}

/**
 * The drawings of a report's graphs, keyed by the graph's content (node ids, edges with their
 * labels, entry), so equal graphs from different tests get one drawing.
 *
 * @example
 * const drawings = new GraphDrawings()
 * const { id, layout } = drawings.of(meta.graph) // id 'g0' for the first graph seen
 * drawings.svg() // [{ id: 'g0', svg: '<g id="g0" class="drawing" …>' }]
 */
export class GraphDrawings {
  readonly #byKey = new Map<string, GraphDrawingRef & { graph: ScenarioGraphMeta }>()

  /** The drawing of `graph`, laid out the first time a graph like it is seen. */
  of(graph: ScenarioGraphMeta): GraphDrawingRef {
    const key = JSON.stringify([graph.nodes, graph.edges, graph.entry])
    let found = this.#byKey.get(key)
    if (found === undefined) {
      found = { id: `g${this.#byKey.size}`, layout: layoutScenarioGraph(graph), graph }
      this.#byKey.set(key, found)
    }
    return found
  }

  /** Every drawing asked for so far, as SVG `<g>` elements with their ids, in first-seen order. */
  svg(): { id: string; svg: string }[] {
    return [...this.#byKey.values()].map(({ id, layout, graph }) => ({
      id,
      svg: graphDrawing(graph, layout, id),
    }))
  }
}
