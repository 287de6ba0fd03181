import { neutralizeControlKeepColours } from '../secrets/control-characters.js'
import { maskSecrets } from '../secrets/mask-secrets.js'
import { formatMessage, type MessageParts } from './format-message.js'

/**
 * Every code a `ScenarioError` can carry; branch on these (or on the class), never on message text.
 */
export type ScenarioErrorCode =
  /** A builder method, factory or option got a value it cannot take. */
  | 'invalid_argument'
  /** `validate()` found problems in the graph. */
  | 'invalid_scenario'
  /** A serialized definition could not be loaded. */
  | 'invalid_document'
  /** A model call failed after retries; it becomes an `error` turn, never a thrown error. */
  | 'model_call_failed'
  /** A tool failed during a turn; it becomes an `error` turn (category `tool`). */
  | 'tool_failed'
  /** A model call had no recording to replay (SPEC section 10); the turn's category is `recording`. */
  | 'recording_missing'
  /** A recording was not written because it holds a secret (SPEC section 10). */
  | 'recording_secret'
  /** A recording file could not be read, or a model call could not be recorded. */
  | 'recording_failed'
  /** A conversation snapshot was refused because it holds a secret. */
  | 'snapshot_secret'
  /** The answering side of a turn gave no answer within `turnTimeoutMs` (category `timeout`). */
  | 'turn_timeout'
  /** A scenario report could not be written; the reporter says so and the run goes on. */
  | 'report_failed'

const brand = Symbol.for('vitest-scenario.error')

/** The root of every error the library throws, with a `code` to branch on. */
export class ScenarioError extends Error {
  override name = 'ScenarioError'
  /** What went wrong, as a stable code. */
  readonly code: ScenarioErrorCode
  /** @internal Identifies library errors across copies of the package (no `instanceof`). */
  readonly [brand] = true

  constructor(code: ScenarioErrorCode, message: MessageParts | string, options?: ErrorOptions) {
    // Messages quote what came in — a server's error body, a model's answer, a request — which
    // may echo a key or carry terminal escapes: every library error is safe to print and store.
    const text = typeof message === 'string' ? message : formatMessage(message)
    super(neutralizeControlKeepColours(maskSecrets(text)), options)
    this.code = code
  }
}

/** Whether `value` is an error thrown by this library (any copy of it). */
export function isScenarioError(value: unknown): value is ScenarioError {
  return typeof value === 'object' && value !== null && hasBrand(value)
}

/** `brand in value`, where a Proxy that throws (or is revoked) is simply not a library error. */
function hasBrand(value: object): boolean {
  try {
    return brand in value
  } catch {
    return false
  }
}
