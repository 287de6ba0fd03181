import type { MessageParts } from './format-message.js'
import { ScenarioError } from './scenario-error.js'

/**
 * A conversation snapshot was not written (or compared) because a value in it looks like a secret:
 * the same rules and the same `redact` hook as recordings, since snapshot files are committed too.
 */
export class SnapshotSecretError extends ScenarioError {
  override name = 'SnapshotSecretError'
  /** The snapshot file (or the test file, for inline snapshots), when known. */
  readonly file: string | undefined
  /** Where in the result, as a dot path (`history.1.rawResponse`). */
  readonly jsonPath: string
  /** Which rule matched (never the secret itself). */
  readonly pattern: string

  constructor(
    parts: MessageParts,
    details: { file: string | undefined; jsonPath: string; pattern: string },
  ) {
    super('snapshot_secret', parts)
    this.file = details.file
    this.jsonPath = details.jsonPath
    this.pattern = details.pattern
  }
}
