/**
 * A scripted OpenAI-compatible HTTP server for the test suite: real HTTP on 127.0.0.1, started
 * by the tests themselves, answering the `openai` SDK with scripted chat completions and
 * Responses API responses (JSON or SSE), errors, connection resets, delays, hangs and rate limits.
 */

export { splitText } from '../scripted-http/split-text.js'
export { DEFAULT_MODELS } from './models.js'
export { startOpenAIServer } from './start-openai-server.js'
export { TokenBucket } from './token-bucket.js'
export type {
  AuthorizationState,
  ChatReply,
  ErrorReply,
  FinishReason,
  HangReply,
  OpenAIServerOptions,
  RateLimitOptions,
  RawReply,
  ReceivedRequest,
  ReplyHeaders,
  ReplySource,
  ReplyTiming,
  RequestOutcome,
  ResetReply,
  ScriptedReply,
  ScriptedServer,
  ToolCallSpec,
  UsageSpec,
} from './types.js'
