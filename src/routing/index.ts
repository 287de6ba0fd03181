export {
  nextNode,
  type ResolveNextNodeOptions,
  type RoutableEdge,
  resolveNextNode,
} from './resolve-next-node.js'
