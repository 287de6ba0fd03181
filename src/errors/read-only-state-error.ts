import { ScenarioError } from './scenario-error.js'

/**
 * Code given the run's state through its read-only view — a function condition, a question
 * function, an agent's `context.state`, a callable trait — tried to change it. Nothing changed;
 * state changes belong in a node's `stateUpdate`.
 */
export class ReadOnlyStateError extends ScenarioError {
  override name = 'ReadOnlyStateError'
  /** What was tried: `set`, `delete`, `define`, … */
  readonly action: string
  /** The property written, when the write named one. */
  readonly key: string | undefined

  constructor(action: string, key: PropertyKey | undefined) {
    const name = key === undefined ? undefined : String(key)
    super('state_read_only', {
      what: `The scenario state is read-only here: cannot ${action}${name === undefined ? '' : ` '${name}'`}`,
      fix: 'Change state in a node stateUpdate instead.',
    })
    this.action = action
    this.key = name
  }
}
