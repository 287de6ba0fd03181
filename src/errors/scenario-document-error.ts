import type { MessageParts } from './format-message.js'
import { ScenarioError } from './scenario-error.js'

/**
 * A serialized scenario (`Scenario.fromJSON`) could not be loaded: it is not a scenario document,
 * a value in it is invalid, or callables it references were not given.
 */
export class ScenarioDocumentError extends ScenarioError {
  override name = 'ScenarioDocumentError'
  /**
   * Where in the document: the location of the invalid value, or of each unresolved callable
   * (dot paths such as `nodes.retry.stateUpdate`; `nodes[2]` names a node by index before its id
   * is known).
   */
  readonly locations: readonly string[]

  constructor(parts: MessageParts, locations: readonly string[], options?: ErrorOptions) {
    super('invalid_document', parts, options)
    this.locations = locations
  }
}
