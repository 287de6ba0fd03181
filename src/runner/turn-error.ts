import { formatMessage, isModelCallError, isScenarioError } from '../errors/index.js'
import { wholeMessage } from '../internal/describe-value.js'
import { badResponseOf, recordingErrorOf } from '../recordings/recording-error-of.js'
import type { ErrorCategory, ErrorStage, TurnError } from '../state/types.js'

/** How deep a cause chain is followed: agents wrap errors, but not without end. */
const MAX_CAUSE_DEPTH = 8

/**
 * The turn error for what a stage threw, classified by the library error's `code`: a failed model
 * call keeps its own category and stage (`model_call_failed`), a tool failure is `tool`
 * (`tool_failed`), a turn timeout is `timeout` (`turn_timeout`), a recording error anywhere in
 * the cause chain is `recording` (the agent's own wrapped client had no recording: not a bug of
 * the agent), and a recording's refusal of an answer that was none is `bad_response`. Anything else is `aborted` when the run was aborted, `connection` when a connection
 * broke under it, else `otherwise` at `stage`.
 */
export function turnErrorOf(
  thrown: unknown,
  stage: ErrorStage,
  otherwise: ErrorCategory,
  aborted: boolean,
): TurnError {
  if (isModelCallError(thrown)) {
    // A recording failure's cause is the recording error itself, not the call that wrapped it.
    const cause =
      thrown.category === 'recording' ? (recordingErrorOf(thrown) ?? thrown.cause) : thrown
    return failure(thrown.category, thrown.stage, cause)
  }
  if (isScenarioError(thrown)) {
    if (thrown.code === 'tool_failed') return failure('tool', 'tool', thrown)
    if (thrown.code === 'turn_timeout') return failure('timeout', 'answer', thrown)
  }
  const recording = recordingErrorOf(thrown)
  if (recording !== undefined) return failure('recording', stage, recording)
  // The agent asked again for an answer its recording refused as no usable answer.
  const refused = badResponseOf(thrown)
  if (refused !== undefined) return failure('bad_response', stage, refused)
  if (aborted) return failure('aborted', stage, thrown)
  const broken = brokenConnectionIn(thrown)
  if (broken !== undefined) return failure('connection', stage, thrown, broken)
  return failure(otherwise, stage, thrown)
}

/**
 * A turn error; its message is the cause's unless given, whole: a library error's docs line
 * included, since the turn error stands for its cause where a test's failure prints it. Texts
 * made of turns for other readers (a judge's prompt, a conversation snapshot) leave it out.
 */
export function failure(
  category: ErrorCategory,
  stage: ErrorStage,
  cause: unknown,
  message: string = wholeMessage(cause),
): TurnError {
  return { category, stage, message, cause }
}

/**
 * What to say when the agent failed because a connection broke under it, or `undefined` when it
 * did not: a stream cut midway (a `ModelCallError` of category `connection` from a client the
 * library built or wrapped, anywhere in the cause chain, since agents often wrap errors), or
 * undici's bare `TypeError: terminated` from a client of the agent's own. Neither is a bug of the
 * agent.
 */
function brokenConnectionIn(thrown: unknown): string | undefined {
  let current: unknown = thrown
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && isObject(current); depth++) {
    if (isModelCallError(current) && current.category === 'connection') return current.message
    if (isTerminated(current)) {
      const reason = messageOf(causeOf(current))
      const detail = reason === undefined ? '' : `: ${reason}`
      return formatMessage({
        what: `The connection broke while the agent was reading an answer (terminated${detail})`,
        fix: 'A server or a proxy closed it midway: check its logs and timeouts. Wrap the agent’s client with wrap(client) to have the endpoint named.',
      })
    }
    current = causeOf(current)
  }
  return undefined
}

/**
 * undici's error for a body cut midway: a `TypeError` whose message is `terminated` (read by name:
 * the agent's undici may live in another realm).
 */
function isTerminated(value: object): boolean {
  try {
    const { name, message } = value as { name?: unknown; message?: unknown }
    return name === 'TypeError' && message === 'terminated'
  } catch {
    return false
  }
}

/** A cause's message when it has a string one. */
function messageOf(value: unknown): string | undefined {
  if (!isObject(value)) return undefined
  try {
    const { message } = value as { message?: unknown }
    return typeof message === 'string' ? message : undefined
  } catch {
    return undefined
  }
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

/** An error's `cause`; a getter that throws (or a revoked Proxy) has none. */
function causeOf(value: object): unknown {
  try {
    return (value as { cause?: unknown }).cause
  } catch {
    return undefined
  }
}
