import type { ErrorCategory, ErrorStage } from '../state/types.js'
import { ScenarioError } from './scenario-error.js'

/**
 * A model call failed after the library's retries (or could not be retried). The run turns it into
 * an `error` turn with this `category` and `stage`; the SDK's error is the `cause`.
 */
export class ModelCallError extends ScenarioError {
  override name = 'ModelCallError'
  /** The SPEC category: `connection`, `rate_limit`, `server_error`, `timeout`, `aborted`, … */
  readonly category: ErrorCategory
  /** Where in the turn the call was made. */
  readonly stage: ErrorStage
  /** The HTTP status, when a response came. */
  readonly status: number | undefined
  /** How many attempts were made, retries included. */
  readonly attempts: number

  constructor(
    details: {
      category: ErrorCategory
      stage: ErrorStage
      status?: number | undefined
      attempts: number
      model: string
      message: string
    },
    cause: unknown,
  ) {
    super(
      'model_call_failed',
      {
        what: `A call to model '${details.model}' failed (${details.category}): ${details.message}`,
        subjects: [
          `stage: ${details.stage}, attempts: ${details.attempts}${details.status === undefined ? '' : `, HTTP ${details.status}`}`,
        ],
        fix: fixFor(details.category),
      },
      { cause },
    )
    this.category = details.category
    this.stage = details.stage
    this.status = details.status
    this.attempts = details.attempts
  }
}

function fixFor(category: ErrorCategory): string {
  switch (category) {
    case 'rate_limit':
      return 'Lower maxConcurrentCalls, or raise the endpoint’s rate limit.'
    case 'connection':
    case 'timeout':
      return 'Check that the endpoint (baseURL) is reachable and answering.'
    case 'server_error':
      return 'The endpoint failed; retry later or check its logs.'
    default:
      return 'Check the model configuration (model, baseURL, apiKey) and the request.'
  }
}

/** Whether `value` is a ModelCallError from any copy of the package. */
export function isModelCallError(value: unknown): value is ModelCallError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { code?: unknown }).code === 'model_call_failed' &&
    typeof (value as { category?: unknown }).category === 'string'
  )
}
