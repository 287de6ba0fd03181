import { ScenarioError } from './scenario-error.js'

/**
 * The answering side of a turn (the agent, or the model with its tool loop) gave no answer within
 * `turnTimeoutMs`. The run turns it into an `error` turn (category `timeout`, stage `answer`), and
 * the agent's `context.signal` aborts with it as the reason.
 */
export class TurnTimeoutError extends ScenarioError {
  override name = 'TurnTimeoutError'
  /** The node whose answer did not come. */
  readonly nodeId: string
  /** The timeout that passed, in ms. */
  readonly timeoutMs: number

  constructor(nodeId: string, timeoutMs: number) {
    super('turn_timeout', {
      what: `Node '${nodeId}' got no answer within ${timeoutMs} ms (turnTimeoutMs)`,
      fix: 'Make the agent answer sooner and honour context.signal, or raise turnTimeoutMs in the run options.',
    })
    this.nodeId = nodeId
    this.timeoutMs = timeoutMs
  }
}
