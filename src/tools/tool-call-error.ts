import { ScenarioError } from '../errors/index.js'
import type { ToolCallRecord } from '../state/types.js'

/** A tool failed during a turn (threw, timed out, bad arguments, or too many rounds). */
export class ToolCallError extends ScenarioError {
  override name = 'ToolCallError'
  readonly category = 'tool' as const
  readonly stage = 'tool' as const
  /** The tool, when one is to blame. */
  readonly toolName: string | undefined
  /** The failed call as the turn records it, when a call was made. */
  readonly call: ToolCallRecord | undefined

  constructor(
    toolName: string | undefined,
    what: string,
    fix: string,
    cause?: unknown,
    call?: ToolCallRecord,
  ) {
    super('tool_failed', { what, fix }, cause === undefined ? undefined : { cause })
    this.toolName = toolName
    this.call = call
  }
}
