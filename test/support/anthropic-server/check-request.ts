import type { ErrorReply, ReceivedRequest } from './types.js'

/**
 * What the API answers before any model runs: an unknown route (404), a missing or wrong
 * credential (401), a missing `anthropic-version` header or a body without the required fields
 * (400). `undefined` when the request may take a scripted reply.
 */
export function rejection(
  request: ReceivedRequest,
  apiKey: string | undefined,
): ErrorReply | undefined {
  if (request.method !== 'POST' || request.path !== '/v1/messages') {
    return { status: 404, message: `Not found: ${request.method} ${request.path}` }
  }
  if (request.credential === 'missing') {
    return { status: 401, message: 'x-api-key header is required' }
  }
  if (apiKey !== undefined && request.credential !== 'matched') {
    return { status: 401, message: 'invalid x-api-key' }
  }
  if (request.anthropicVersion === undefined) {
    return { status: 400, message: 'anthropic-version: header is required' }
  }
  const problem = bodyProblem(request.body)
  return problem === undefined ? undefined : { status: 400, message: problem }
}

/** The first required field the body lacks, in the API's wording (`max_tokens: Field required`). */
function bodyProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'The request body is not valid JSON.'
  }
  const model: unknown = Reflect.get(body, 'model')
  const maxTokens: unknown = Reflect.get(body, 'max_tokens')
  const messages: unknown = Reflect.get(body, 'messages')
  if (typeof model !== 'string' || model === '') return 'model: Field required'
  if (maxTokens === undefined) return 'max_tokens: Field required'
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    return 'max_tokens: Input should be a valid positive integer'
  }
  if (!Array.isArray(messages)) return 'messages: Field required'
  if (messages.length === 0) return 'messages: at least one message is required'
  return undefined
}
