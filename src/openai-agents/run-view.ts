// What openAIAgent reads of a finished run, as structural types of its own: the fields every
// supported version of the Agents SDK (0.14 … 0.x) has, so the adapter depends on no type only
// one version exports, and reads everything defensively.

/** The part of a `RunResult` the adapter reads. */
export interface RunView {
  readonly finalOutput?: unknown
  /** The items this run added (not the input): messages, tool calls and outputs, handoffs. */
  readonly newItems: readonly ItemView[]
  /**
   * One per model call of this run, each with its usage and, for the OpenAI models, the raw
   * response (`providerData`, which names the model).
   */
  readonly rawResponses: readonly { readonly usage?: unknown; readonly providerData?: unknown }[]
  /** The agent that produced the final output. */
  readonly lastAgent?: { readonly name: string } | undefined
  /** Tool calls waiting for approval: the run stopped before its final output. */
  readonly interruptions?: readonly unknown[] | undefined
}

/**
 * A run item: its `type` (`message_output_item`, `tool_call_item`, …) and its protocol item; a
 * `handoff_output_item` also names the agent it handed off to (`targetAgent`).
 */
export interface ItemView {
  readonly type: string
  readonly rawItem?: unknown
  readonly targetAgent?: unknown
}
