import type { ChatRequest } from './chat-request.js'
import type { ChatClient, CreateMethod } from './client.js'
import { type CompletionCheck, checkCompletion } from './completion-shape.js'
import { responsesBody } from './responses-request.js'
import { checkResponse } from './responses-shape.js'
import type { ModelConfig } from './types.js'

/**
 * One HTTP API the library speaks to a model through an `openai` client: Chat Completions or the
 * Responses API. Everything else about a call (retries, limiter, recordings, usage) is the same.
 */
export interface WireApi {
  /** The config's `api` value, for messages. */
  readonly name: 'chat' | 'responses'
  /** The path under the base URL the SDK posts to (recordings key on it). */
  readonly path: '/chat/completions' | '/responses'
  /** The request body for one library request. */
  body(config: ModelConfig, request: ChatRequest): Record<string, unknown>
  /** The client's object whose `create` makes the call; `undefined` when it has none. */
  method(client: ChatClient): CreateMethod | undefined
  /** Names the method, for a client without it. */
  readonly methodName: string
  /**
   * Whether the library reads the body itself (`asResponse()`) rather than take the SDK's
   * parsed result: the SDK adds `output_text` to a Responses answer and throws a TypeError on a
   * body without `output` (an HTML page, a proxy's JSON), which would hide what was wrong.
   */
  readonly rawBody: boolean
  /** Checks a 2xx body and reads it as a completion's parts. */
  check(data: unknown, contentType: string | undefined): CompletionCheck
}

/** Chat Completions: `client.chat.completions.create`. */
const chatApi: WireApi = {
  name: 'chat',
  path: '/chat/completions',
  body(config, request) {
    const body: Record<string, unknown> = { model: config.model, messages: request.messages }
    if (config.temperature !== undefined) body.temperature = config.temperature
    if (config.maxTokens !== undefined) body.max_tokens = config.maxTokens
    if (request.tools !== undefined && request.tools.length > 0) body.tools = request.tools
    if (request.responseFormat !== undefined) body.response_format = request.responseFormat
    return body
  },
  method: (client) =>
    typeof client.chat?.completions?.create === 'function' ? client.chat.completions : undefined,
  methodName: 'chat.completions.create',
  rawBody: false,
  check: checkCompletion,
}

/** The Responses API: `client.responses.create`. */
const responsesApi: WireApi = {
  name: 'responses',
  path: '/responses',
  body: responsesBody,
  method: (client) =>
    typeof client.responses?.create === 'function' ? client.responses : undefined,
  methodName: 'responses.create',
  rawBody: true,
  check: checkResponse,
}

/** The API a model config calls: the Responses API with `api: 'responses'`, else Chat Completions. */
export function wireApiOf(config: ModelConfig): WireApi {
  return config.api === 'responses' ? responsesApi : chatApi
}
