import type { MessageParts } from './format-message.js'
import { ScenarioError } from './scenario-error.js'

/**
 * A model call had no matching recording: in `replay` mode (CI), or in `new` mode against a
 * complete recording whose request changed. The turn ends as an `error` turn (category
 * `recording`) with this as its cause, and the test fails with the miss report as its message.
 */
export class RecordingMissingError extends ScenarioError {
  override name = 'RecordingMissingError'
  /** The recording file the call was looked up in. */
  readonly file: string
  /** The recording mode in effect. */
  readonly mode: string

  constructor(parts: MessageParts, details: { file: string; mode: string }) {
    super('recording_missing', parts)
    this.file = details.file
    this.mode = details.mode
  }
}

/**
 * A recording was not written because a value in it looks like a secret (the live API key, an
 * `sk-` key, a bearer token, a JWT, the value of a secret-named environment variable).
 */
export class RecordingSecretError extends ScenarioError {
  override name = 'RecordingSecretError'
  /** The recording file that was not written. */
  readonly file: string
  /** Where in the recording, as a dot path (`interactions.0.response.body.error.message`). */
  readonly jsonPath: string
  /** Which rule matched (never the secret itself). */
  readonly pattern: string

  constructor(parts: MessageParts, details: { file: string; jsonPath: string; pattern: string }) {
    super('recording_secret', parts)
    this.file = details.file
    this.jsonPath = details.jsonPath
    this.pattern = details.pattern
  }
}

/**
 * A recording file could not be used (not JSON, not a recording, an unknown format version), or
 * a call could not be recorded (no API key, a request body that cannot be keyed). Nothing is
 * overwritten: the file stays as it was.
 */
export class RecordingError extends ScenarioError {
  override name = 'RecordingError'
  /** The recording file concerned. */
  readonly file: string

  constructor(parts: MessageParts, file: string, options?: ErrorOptions) {
    super('recording_failed', parts, options)
    this.file = file
  }
}

/**
 * A live model call answered 2xx with no usable answer for its protocol (`choices: []`, a message
 * with `content: null` and no tool calls, a Responses `output: []`, an Anthropic `content: []`, an
 * HTML page, JSON cut short), so the exchange was not recorded. The caller got the response as it
 * came; the test fails with this error, which names the recording file and the JSON path of what
 * is missing (`response.body.choices`).
 */
export class RecordingBadResponseError extends ScenarioError {
  override name = 'RecordingBadResponseError'
  /** The recording file the exchange was left out of. */
  readonly file: string
  /** Where in the interaction, as a dot path (`response.body.choices`, `response.stream`). */
  readonly jsonPath: string

  constructor(parts: MessageParts, details: { file: string; jsonPath: string }) {
    super('bad_response', parts)
    this.file = details.file
    this.jsonPath = details.jsonPath
  }
}
