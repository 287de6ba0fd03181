/** The target that ends a run: `addEdge('last', END)`. */
export const END = '__end__'

/** The type of `END`. */
export type End = typeof END
