import { neutralizeControl } from '../secrets/control-characters.js'
import { maskSecrets } from '../secrets/mask-secrets.js'
import { docsLine, ERROR_DOCS } from './docs-line.js'
import { formatMessage, type MessageParts, readParts } from './format-message.js'

/**
 * Every code a `ScenarioError` can carry, in the order `docs/reference/errors.md` explains them;
 * each has a section of its own there, whose anchor is the code (the error's `docs`). The type
 * `ScenarioErrorCode` is made of this list, so a code added here is a code of the type, and the
 * test of the docs page fails until the page has its section.
 */
export const SCENARIO_ERROR_CODES = Object.freeze([
  /** A builder method, factory or option got a value it cannot take. */
  'invalid_argument',
  /** `validate()` found problems in the graph. */
  'invalid_scenario',
  /** A serialized definition could not be loaded. */
  'invalid_document',
  /** A model call failed after retries; it becomes an `error` turn, never a thrown error. */
  'model_call_failed',
  /** An answer could not be parsed with its template; it becomes an `error` turn (`parsing`). */
  'parse_failed',
  /** A tool failed during a turn; it becomes an `error` turn (category `tool`). */
  'tool_failed',
  /** A model call had no recording to replay; the turn's category is `recording`. */
  'recording_missing',
  /** A recording was not written because it holds a secret. */
  'recording_secret',
  /** A recording file could not be read, or a model call could not be recorded. */
  'recording_failed',
  /** A conversation snapshot was refused because it holds a secret. */
  'snapshot_secret',
  /** The answering side of a turn gave no answer within `turnTimeoutMs` (category `timeout`). */
  'turn_timeout',
  /** A condition, question or agent tried to change the run's state through its read-only view. */
  'state_read_only',
  /** A scenario report could not be written; the reporter says so and the run goes on. */
  'report_failed',
  /** An adapter entry was imported without the SDK it adapts (an optional peer dependency). */
  'missing_peer',
  /** An agent adapter could not make the turn's answer of what its SDK's run did. */
  'adapter_failed',
  /** A test in `replay` mode sent a request no recording answered to a host that is not allowed. */
  'network_blocked',
  /** While recording, a model call bypassed the recording (it would be blocked in CI). */
  'unrecorded_call',
  /** A 2xx answer that is no usable answer for its protocol was not recorded. */
  'bad_response',
  /** A scenario test would call a model in CI, but its host layer (plugin, setup entry) is missing. */
  'host_missing',
] as const)

/**
 * Every code a `ScenarioError` can carry (`SCENARIO_ERROR_CODES` says what each means); branch on
 * these (or on the class), never on message text. Each has a section of its own in
 * `docs/reference/errors.md` (the error's `docs`).
 */
export type ScenarioErrorCode = (typeof SCENARIO_ERROR_CODES)[number]

const brand = Symbol.for('vitest-scenario.error')

/**
 * The root of every error the library throws, with a `code` to branch on. Its message is made of
 * parts the error keeps as data — `what` happened, the `subjects` it happened to, the `fix` — so
 * code that needs one of them reads it, never the message text. The message's last line names
 * the section of the docs that explains the code (`docs`), as a path to open from the project.
 */
export class ScenarioError extends Error {
  override name = 'ScenarioError'
  /** What went wrong, as a stable code. */
  readonly code: ScenarioErrorCode
  /** What happened, in one clause (the message's first line, without the prefix). */
  readonly what: string
  /** The concrete subjects: node id, file, request, option; one line each. */
  readonly subjects: readonly string[]
  /** A longer block of the message (a request, a diff), when it has one. */
  readonly details: string | undefined
  /** What to do about it, when the message says. */
  readonly fix: string | undefined
  /**
   * The message without its docs line: what a text quoting this error shows (another error's
   * message, a diagnostic, a judge's prompt, a snapshot), which names its own docs. Not
   * enumerable: printing the error shows the message once.
   */
  declare readonly text: string
  /**
   * Where this error's code is explained: `docs/reference/errors.md#<code>`, relative to the
   * package root (the file ships in the package and lives in the repository). The message's last
   * line gives it as a path from the project: `Docs: node_modules/vitest-scenario/docs/…`.
   */
  readonly docs: string
  /** @internal Identifies library errors across copies of the package (no `instanceof`). */
  readonly [brand] = true

  constructor(code: ScenarioErrorCode, parts: MessageParts, options?: ErrorOptions) {
    // Messages quote what came in — a server's error body, a model's answer, a request — which
    // may echo a key or carry terminal escapes: every part is safe to print and store.
    const read = readParts(parts)
    const safe = {
      what: printable(read.what),
      subjects: Object.freeze(read.subjects.map(printable)),
      details: read.details === undefined ? undefined : printable(read.details),
      fix: read.fix === undefined ? undefined : printable(read.fix),
    }
    const docs = `${ERROR_DOCS}#${code}`
    // The docs line is part of the message only: the parts stay as they were given.
    const text = formatMessage(safe)
    super(`${text}\n${docsLine(docs)}`, options)
    this.code = code
    this.what = safe.what
    this.subjects = safe.subjects
    this.details = safe.details
    this.fix = safe.fix
    Object.defineProperty(this, 'text', { value: text, enumerable: false })
    this.docs = docs
  }
}

/**
 * A part as the message shows it: secrets masked, and every control character — colours
 * included — written as a visible escape. The parts quote names (a test's, a node's), answers
 * and requests, any of which may carry a terminal escape (an OSC-8 link, a CSI colour); the
 * library colours no part of an error, so nothing in one may act on the terminal.
 */
function printable(text: string): string {
  return neutralizeControl(maskSecrets(text))
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
