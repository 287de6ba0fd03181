/**
 * A scripted Anthropic Messages API server for the test suite: real HTTP on 127.0.0.1, started
 * by the tests themselves, answering `@anthropic-ai/sdk` and `@ai-sdk/anthropic` with scripted
 * messages (JSON or SSE, text and `tool_use` blocks, cache usage), errors in Anthropic's shape,
 * connection resets, broken streams and hangs.
 */

export { startAnthropicServer } from './start-anthropic-server.js'
export type {
  AnthropicServer,
  AnthropicServerOptions,
  CredentialState,
  ErrorReply,
  HangReply,
  MessageReply,
  RawReply,
  ReceivedRequest,
  ReplyHeaders,
  ReplySource,
  ReplyTiming,
  RequestOutcome,
  ResetReply,
  ScriptedReply,
  StopReason,
  StreamErrorSpec,
  ToolUseSpec,
  UsageSpec,
} from './types.js'
