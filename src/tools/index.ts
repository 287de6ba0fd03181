export { runToolCall, type ToolCallOutcome } from './run-tool-call.js'
export { tool } from './tool.js'
export { ToolCallError } from './tool-call-error.js'
export type { Tool, ToolContext, ToolSpec } from './types.js'
