import type {
  ScenarioEdgeMeta,
  ScenarioGraphMeta,
} from '../../src/hosts/core/meta/scenario-meta.js'

/** A graph as the meta holds it, from node ids and `[from, to, label?]` edges; the entry is the first node. */
export function graphMeta(
  nodes: string[],
  edges: readonly (readonly [string, string, (string | undefined)?])[],
): ScenarioGraphMeta {
  return {
    nodes,
    entry: nodes[0] ?? '',
    edges: edges.map(([from, to, label]) => {
      const edge: ScenarioEdgeMeta = { from, to }
      if (label !== undefined) edge.label = label
      return edge
    }),
  }
}
