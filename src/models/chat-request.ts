import type { ChatMessage } from '../state/types.js'

/**
 * One model request as the library makes it, in Chat Completions terms (a config with
 * `api: 'responses'` sends it as a Responses API request).
 */
export interface ChatRequest {
  messages: readonly ChatMessage[]
  tools?: object[] | undefined
  responseFormat?: object | undefined
}
