import type { ScenarioDefinition } from '../scenario/definition.js'
import type { TurnRoute } from '../state/types.js'

/** The route of a turn after which no edge applied. */
export const TERMINAL_ROUTE: TurnRoute = Object.freeze({ edge: null, reason: 'terminal' })

/** Each node's routes, parallel to `definition.edgesFrom(node)`. */
export type RouteTable = ReadonlyMap<string, readonly TurnRoute[]>

// One table per definition (definitions are frozen): a turn's route is then an object made once,
// shared by every turn that took the same edge, so recording it allocates nothing per turn.
const tables = new WeakMap<ScenarioDefinition, RouteTable>()

/**
 * The route objects of a definition's edges, by source node, in the order `edgesFrom` lists
 * them: `{ edge: <index in definition.edges>, reason }`, `fallback` for an unconditional edge
 * and `condition` for any other (as routing tells them apart).
 *
 * @example
 * routeTable(definition).get('ask')?.[takenEdgeIndex(definition.edgesFrom('ask'), state)]
 */
export function routeTable(definition: ScenarioDefinition): RouteTable {
  let table = tables.get(definition)
  if (table === undefined) {
    const built = new Map<string, TurnRoute[]>()
    definition.edges.forEach((edge, index) => {
      const route: TurnRoute = Object.freeze({
        edge: index,
        reason: edge.when === undefined || edge.when === null ? 'fallback' : 'condition',
      })
      const list = built.get(edge.source)
      if (list === undefined) built.set(edge.source, [route])
      else list.push(route)
    })
    table = built
    tables.set(definition, table)
  }
  return table
}
