import { setOwn } from './own-keys.js'

/**
 * One frozen `{ node: 0, … }` per node record (a definition's nodes never change): a run copies
 * it with a spread, which costs far less than adding each key to a fresh object.
 */
const templates = new WeakMap<object, Readonly<Record<string, number>>>()

/**
 * The visit counts a run starts with: 0 for every node of the definition. The state holds the
 * zeros itself, rather than a view inventing them on read, so a question function, a condition,
 * an agent's `context.state`, a dot path and `finalState` all see the same numbers, and
 * `'retry' in state.nodeVisits` and `Object.keys(state.nodeVisits)` list every node of the graph.
 * An id that is not a node of the definition has no count (`undefined`; its dot path gives 0).
 *
 * @example
 * zeroVisits(definition.nodes) // { ask: 0, retry: 0, wrap: 0 }
 */
export function zeroVisits(nodes: Readonly<Record<string, unknown>>): Record<string, number> {
  let template = templates.get(nodes)
  if (template === undefined) {
    const zeros: Record<string, number> = {}
    // A node id such as '__proto__' goes through setOwn so it stays an ordinary key (the spread
    // below copies it as one too).
    for (const id of Object.keys(nodes)) setOwn(zeros, id, 0)
    template = Object.freeze(zeros)
    templates.set(nodes, template)
  }
  return { ...template }
}
