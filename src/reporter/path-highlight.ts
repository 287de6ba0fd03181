// Which nodes and edges the runs of a scenario went through, for the graph drawings.

import type { ScenarioGraphMeta, ScenarioRunMeta } from '../hosts/core/meta/scenario-meta.js'
import { END } from '../scenario/end.js'

/** How often the runs visited each node and took each edge. */
export interface PathHighlight {
  /** Node id (END included) → visits, summed over the runs. */
  visits: Map<string, number>
  /** Per edge, in `graph.edges` order: how many times a run went from its source to its target. */
  taken: number[]
  /** The nodes where a run ended with an error. */
  failed: Set<string>
}

/**
 * Counts visits and transitions of the runs. Each run names the edges it took; a step it could
 * not tell apart from a parallel edge (-1) marks every edge between the same two nodes.
 */
export function pathHighlight(
  graph: ScenarioGraphMeta,
  runs: readonly ScenarioRunMeta[],
): PathHighlight {
  const visits = new Map<string, number>()
  const taken = graph.edges.map(() => 0)
  const failed = new Set<string>()
  const visit = (node: string) => visits.set(node, (visits.get(node) ?? 0) + 1)
  for (const run of runs) {
    for (const node of run.path) visit(node)
    run.edges.forEach((index, k) => {
      if (index >= 0) {
        taken[index] = (taken[index] ?? 0) + 1
        return
      }
      const from = run.path[k]
      const to = run.path[k + 1] ?? END
      graph.edges.forEach((edge, i) => {
        if (edge.from === from && edge.to === to) taken[i] = (taken[i] ?? 0) + 1
      })
    })
    if (endedAtEnd(run)) visit(END)
    if (run.error !== undefined) failed.add(run.error.node)
  }
  return { visits, taken, failed }
}

/** Whether a completed run ended through an edge to END (not at an implicit terminal). */
export function endedAtEnd(run: ScenarioRunMeta): boolean {
  return run.path.length > 0 && run.edges.length === run.path.length
}
