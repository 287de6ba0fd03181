// The shapes the graph layout takes and returns, and its working items.

/** A point in SVG user units. */
export interface Point {
  x: number
  y: number
}

/** A node to place: its id and box size. */
export interface LayoutNodeInput {
  id: string
  width: number
  height: number
}

/** An edge to route; `labelWidth` reserves room for its label. */
export interface LayoutEdgeInput {
  from: string
  to: string
  labelWidth?: number | undefined
}

/** What `layoutGraph` takes. */
export interface LayoutInput {
  nodes: readonly LayoutNodeInput[]
  edges: readonly LayoutEdgeInput[]
  /** The node the depth-first search starts from (layer 0). */
  entry: string
  /** Nodes put on a layer of their own below all others (END). */
  sinks?: readonly string[] | undefined
}

/** A placed node; `x`, `y` are its centre. */
export interface LaidOutNode {
  id: string
  x: number
  y: number
  width: number
  height: number
  layer: number
}

/** A routed edge, in input order. */
export interface LaidOutEdge {
  from: string
  to: string
  /** The edge closes a cycle: it points up (or to its own node). */
  back: boolean
  /** The edge goes from a node to itself. */
  self: boolean
  /** The SVG path data, from the source to the target (the arrow goes at the end). */
  path: string
  /** The points the path goes through, source first. */
  points: Point[]
  /** The centre of the label, when the edge has a label width. */
  label?: Point
}

/** The placed graph. */
export interface GraphLayout {
  width: number
  height: number
  nodes: LaidOutNode[]
  edges: LaidOutEdge[]
}

/** A slot in a layer: a real node or a dummy of a long edge (internal to the layout). */
export interface Item {
  /** Index into `nodes` for a real node, -1 for a dummy. */
  node: number
  layer: number
  left: number
  right: number
  x: number
  /** Neighbours in the layer above / below (item indices). */
  up: number[]
  down: number[]
}

/** A DAG edge as the chain of slots it runs through (internal to the layout). */
export interface Chain {
  edge: number
  /** Item indices from the upper end to the lower end (DAG direction). */
  items: number[]
  reversed: boolean
}
