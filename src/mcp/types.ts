// What this entry reads of an MCP client's answers, typed by shape: the MCP SDK's `Client`, the
// Agents SDK's MCP servers and the AI SDK's MCP client all answer in the MCP protocol's terms, and
// one build serves the versions each supports.

/** A tool as an MCP server lists it (`tools/list`). */
export interface McpToolDefinition {
  name: string
  title?: string | undefined
  description?: string | undefined
  /** The JSON Schema of the tool's arguments (an object schema). */
  inputSchema: { type: 'object'; properties?: Record<string, unknown> | undefined }
  outputSchema?: { type: 'object'; properties?: Record<string, unknown> | undefined } | undefined
  annotations?: Record<string, unknown> | undefined
  _meta?: Record<string, unknown> | undefined
}

/** What `tools/list` answers: the tools, and a cursor when there are more. */
export interface McpToolList {
  tools: McpToolDefinition[]
  nextCursor?: string | undefined
}

/** One part of a tool result's `content` (`text`, `image`, `audio`, `resource`, `resource_link`). */
export interface McpContent {
  type: string
  [key: string]: unknown
}

/** What `tools/call` answers. A tool that failed answers `isError: true`, not an error. */
export interface McpToolResult {
  content: McpContent[]
  structuredContent?: Record<string, unknown> | undefined
  isError?: boolean | undefined
  _meta?: Record<string, unknown> | undefined
}

/**
 * What `mcpClient` needs of a connected MCP client: the MCP SDK's `Client`
 * (`@modelcontextprotocol/sdk/client/index.js`) has it.
 */
export interface McpSdkClient {
  listTools(params?: { cursor?: string }): Promise<object>
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<object>
  close(): Promise<void>
}
