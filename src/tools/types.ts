import type { z } from 'zod'

/** What a tool's `execute` is told besides its arguments. */
export interface ToolContext {
  nodeId: string
  turn: number
  /** Aborted when the run is, or when the call times out. */
  signal: AbortSignal
}

/** What `tool()` takes. */
export interface ToolSpec<P extends z.ZodObject = z.ZodObject> {
  description: string
  /** A zod object: the arguments the model must give. */
  parameters: P
  execute: (args: z.output<P>, context: ToolContext) => unknown
  /**
   * `'fail'` (default): a throw or a timeout ends the turn as an error (category `tool`);
   * `'report'`: the model receives `{ error: message }` and the turn goes on.
   */
  onError?: 'fail' | 'report' | undefined
}

/** A tool a model answering side may call. */
export interface Tool<P extends z.ZodObject = z.ZodObject> extends ToolSpec<P> {
  readonly kind: 'Tool'
}
