/**
 * A scripted Anthropic Messages API server for the test suite: real HTTP on 127.0.0.1, started
 * by the tests themselves, answering `@anthropic-ai/sdk` and `@ai-sdk/anthropic` with scripted
 * messages (JSON or SSE, text and `tool_use` blocks, cache usage), errors in Anthropic's shape,
 * connection resets, broken streams and hangs.
 */

export type {
  CredentialState,
  HangReply,
  RawReply,
  ReplyHeaders,
  ReplyTiming,
  ResetReply,
} from '../scripted-http/types.js'
export { startAnthropicServer } from './start-anthropic-server.js'
export type {
  AnthropicServer,
  AnthropicServerOptions,
  ErrorReply,
  MessageReply,
  ReceivedRequest,
  ReplySource,
  RequestOutcome,
  ScriptedReply,
  StopReason,
  StreamErrorSpec,
  ToolUseSpec,
  UsageSpec,
} from './types.js'
