import { ScenarioError } from './scenario-error.js'

/**
 * An adapter entry (`vitest-scenario/ai-sdk`, `vitest-scenario/openai-agents`) was imported, but
 * the optional peer package it adapts could not be loaded: not installed where the entry can
 * resolve it, or installed but failing to load (`found`; the cause is the package's own error).
 * Thrown when the entry is imported, in place of Node's `ERR_MODULE_NOT_FOUND`, naming the
 * package, the supported versions and the command that installs it.
 */
export class MissingPeerError extends ScenarioError {
  override name = 'MissingPeerError'
  /** The package that is missing, e.g. `ai`. */
  readonly peer: string
  /** The entry that needs it, e.g. `vitest-scenario/ai-sdk`. */
  readonly entry: string

  constructor(
    parts: {
      peer: string
      entry: string
      range: string
      install: string
      /** The package resolved, but importing it failed (or it lacks what the entry calls). */
      found?: boolean | undefined
    },
    options?: ErrorOptions,
  ) {
    super(
      'missing_peer',
      parts.found === true
        ? {
            what: `${parts.entry} could not load the package '${parts.peer}': it is installed, but importing it failed`,
            subjects: [
              `package: ${parts.peer} (supported: ${parts.range})`,
              `entry: ${parts.entry}`,
            ],
            fix: `Reinstall it in a supported version: ${parts.install}`,
          }
        : {
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
