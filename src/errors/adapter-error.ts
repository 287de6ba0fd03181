import type { MessageParts } from './format-message.js'
import { ScenarioError } from './scenario-error.js'

/**
 * An agent adapter (`openAIAgent`, …) could not turn what its SDK did into the turn's answer: the
 * run stopped for a tool approval, ended without a final output, or the conversation holds a
 * message the SDK cannot take. Thrown inside the agent function, so the turn ends as an `error`
 * turn of category `agent`, with this error as its cause.
 */
export class AdapterError extends ScenarioError {
  override name = 'AdapterError'

  constructor(parts: MessageParts, options?: ErrorOptions) {
    super('adapter_failed', parts, options)
  }
}
