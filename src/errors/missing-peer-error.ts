import { ScenarioError } from './scenario-error.js'

/**
 * An adapter entry (e.g. `vitest-scenario/ai-sdk`) was imported, but the optional peer package it
 * adapts is not installed where the entry can resolve it. Thrown when the entry is imported, in
 * place of Node's `ERR_MODULE_NOT_FOUND`, naming the package and the command that installs it.
 */
export class MissingPeerError extends ScenarioError {
  override name = 'MissingPeerError'
  /** The package that is missing, e.g. `ai`. */
  readonly peer: string
  /** The entry that needs it, e.g. `vitest-scenario/ai-sdk`. */
  readonly entry: string

  constructor(
    parts: { peer: string; entry: string; range: string; install: string },
    options?: ErrorOptions,
  ) {
    super(
      'missing_peer',
      {
        what: `${parts.entry} needs the package '${parts.peer}' (${parts.range}), which is not installed`,
        subjects: [`package: ${parts.peer}`, `entry: ${parts.entry}`],
        fix: `Install it beside vitest-scenario: ${parts.install}`,
      },
      options,
    )
    this.peer = parts.peer
    this.entry = parts.entry
  }
}
