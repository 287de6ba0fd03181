import type { ErrorCategory, ErrorStage } from '../state/types.js'
import { ScenarioError } from './scenario-error.js'

/**
 * A model call failed after the library's retries (or could not be retried). The run turns it into
 * an `error` turn with this `category` and `stage`; the SDK's error is the `cause`.
 */
export class ModelCallError extends ScenarioError {
  override name = 'ModelCallError'
  /** The turn's error category: `connection`, `rate_limit`, `server_error`, `timeout`, `aborted`, … */
  readonly category: ErrorCategory
  /** Where in the turn the call was made. */
  readonly stage: ErrorStage
  /** The HTTP status, when a response came. */
  readonly status: number | undefined
  /** How many attempts were made, retries included. */
  readonly attempts: number
  /** Where the call went (scheme, host, port, base path), when known. */
  readonly endpoint: string | undefined

  constructor(
    details: {
      category: ErrorCategory
      stage: ErrorStage
      status?: number | undefined
      attempts: number
      model: string
      message: string
      /** Where the call went: scheme, host, port and base path, never credentials or query. */
      endpoint?: string | undefined
      /** What to do, when the category's usual advice does not fit. */
      fix?: string | undefined
    },
    cause: unknown,
  ) {
    const at = details.endpoint === undefined ? '' : ` at ${details.endpoint}`
    super(
      'model_call_failed',
      {
        what: `A call to model '${details.model}'${at} failed (${details.category}): ${details.message}`,
        subjects: [
          `stage: ${details.stage}, attempts: ${details.attempts}${details.status === undefined ? '' : `, HTTP ${details.status}`}`,
        ],
        fix: details.fix ?? fixFor(details.category, details.endpoint ?? 'the endpoint'),
      },
      { cause },
    )
    this.category = details.category
    this.stage = details.stage
    this.status = details.status
    this.attempts = details.attempts
    this.endpoint = details.endpoint
  }
}

function fixFor(category: ErrorCategory, endpoint: string): string {
  switch (category) {
    case 'rate_limit':
      return 'Lower maxConcurrentCalls, or raise the endpoint’s rate limit.'
    case 'connection':
      return `Is the server at ${endpoint} running and reachable? Check baseURL in the model config, or OPENAI_BASE_URL.`
    case 'timeout':
      return `Check that ${endpoint} is reachable and answering (baseURL in the model config, or OPENAI_BASE_URL).`
    case 'server_error':
      return 'The endpoint failed; retry later or check its logs.'
    case 'bad_response':
      return `The server at ${endpoint} did not answer like an OpenAI-compatible API: check baseURL (it usually ends in /v1) and any proxy or gateway in between. Such an answer is never recorded.`
    default:
      return 'Check the model configuration (model, baseURL, apiKey) and the request.'
  }
}

/** Whether `value` is a ModelCallError from any copy of the package. */
export function isModelCallError(value: unknown): value is ModelCallError {
  if (typeof value !== 'object' || value === null) return false
  try {
    return (
      (value as { code?: unknown }).code === 'model_call_failed' &&
      typeof (value as { category?: unknown }).category === 'string'
    )
  } catch {
    // A Proxy that throws, or a getter that does, is not a ModelCallError.
    return false
  }
}
