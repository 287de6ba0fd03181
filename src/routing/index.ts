export {
  nextNode,
  type ResolveNextNodeOptions,
  type RoutableEdge,
  resolveNextNode,
  takenEdgeIndex,
} from './resolve-next-node.js'
export { type RouteTable, routeTable, TERMINAL_ROUTE } from './route-table.js'
