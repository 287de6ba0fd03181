import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import type { Json } from '../recordings/stable-json.js'
import { checkName } from './client.js'
import { lazily } from './lazy-connection.js'
import { recordedRequest, type SessionLookup } from './recorded-request.js'
import type { McpContent, McpToolDefinition, McpToolResult } from './types.js'

/**
 * What `mcpServer` needs of an Agents SDK MCP server (`MCPServerStdio`,
 * `MCPServerStreamableHttp`, `MCPServerSSE`, or any object implementing the SDK's `MCPServer`).
 */
export interface AgentsMcpServer {
  readonly name: string
  cacheToolsList: boolean
  connect(): Promise<void>
  close(): Promise<void>
  listTools(): Promise<McpToolDefinition[]>
  callTool(
    toolName: string,
    args: Record<string, unknown> | null,
    meta?: Record<string, unknown> | null,
    options?: { signal?: AbortSignal },
  ): Promise<McpContent[]>
  callToolResult?(
    toolName: string,
    args: Record<string, unknown> | null,
    meta?: Record<string, unknown> | null,
    options?: { signal?: AbortSignal },
  ): Promise<McpToolResult>
  invalidateToolsCache(): Promise<void>
}

/** What `mcpServer` takes besides the server. */
export interface McpServerOptions {
  /**
   * The server's name in recordings (default: the server's own `name`). Give one when the
   * server's name is its command or URL (`stdio: /usr/bin/node …`), which differ between machines.
   */
  name?: string | undefined
}

type CallArgs = [
  toolName: string,
  args: Record<string, unknown> | null,
  meta?: Record<string, unknown> | null,
  options?: { signal?: AbortSignal },
]

/** Makes `mcpServer` for a way to find the running test's session. */
export function makeMcpServer(lookup: SessionLookup) {
  return function mcpServer<S extends AgentsMcpServer>(
    server: S,
    options: McpServerOptions = {},
  ): S {
    if (typeof server !== 'object' || server === null || typeof server.callTool !== 'function') {
      throw new InvalidArgumentError(
        `mcpServer(server) needs an Agents SDK MCP server (MCPServerStdio, MCPServerStreamableHttp, or an object with connect, close, listTools and callTool), got ${describeValue(server)}`,
      )
    }
    const name = options.name ?? server.name
    checkName(name, 'mcpServer(server, { name })')
    // Connected when a request first has to go live: a test that replays never starts it.
    const connection = lazily(async () => {
      await server.connect()
      return server
    })
    const liveResult = async (...[toolName, args, meta, callOptions]: CallArgs) => {
      const live = await connection.get()
      if (live.callToolResult !== undefined) {
        return live.callToolResult(toolName, args, meta, callOptions)
      }
      // A server without `callToolResult` carries the result's other fields on the content array.
      const content = await live.callTool(toolName, args, meta, callOptions)
      const carried = content as McpContent[] & Omit<McpToolResult, 'content'>
      return {
        content: [...content],
        ...(carried.structuredContent === undefined
          ? {}
          : { structuredContent: carried.structuredContent }),
        ...(carried.isError === undefined ? {} : { isError: carried.isError }),
        ...(carried._meta === undefined ? {} : { _meta: carried._meta }),
      }
    }
    const callToolResult = async (...call: CallArgs): Promise<McpToolResult> =>
      (await recordedRequest(
        lookup,
        { server: name, method: 'tools/call', tool: call[0], arguments: (call[1] ?? {}) as Json },
        () => liveResult(...call),
      )) as McpToolResult
    // The SDK's own methods and fields (filters, resources, options) stay the server's.
    const wrapper = Object.create(server) as S
    Object.defineProperties(wrapper, {
      name: { get: () => name },
      // Listed per run: each test records the listing it replays, so a test replays alone.
      cacheToolsList: { value: false, writable: true },
      connect: { value: async () => undefined },
      close: {
        value: async () => {
          const live = await connection.made()?.catch(() => undefined)
          await live?.close()
        },
      },
      invalidateToolsCache: { value: async () => undefined },
      listTools: {
        value: async () =>
          (
            (await recordedRequest(lookup, { server: name, method: 'tools/list' }, async () => ({
              tools: await (await connection.get()).listTools(),
            }))) as { tools: McpToolDefinition[] }
          ).tools,
      },
      callTool: {
        value: async (...call: CallArgs) => withResultFields(await callToolResult(...call)),
      },
      ...(server.callToolResult === undefined ? {} : { callToolResult: { value: callToolResult } }),
    })
    return wrapper
  }
}

/**
 * The result's content array carrying `isError`, `structuredContent` and `_meta` as properties
 * that are not enumerated, as the Agents SDK's own servers return it from `callTool`.
 */
function withResultFields(result: McpToolResult): McpContent[] {
  const content = [...result.content]
  for (const key of ['isError', 'structuredContent', '_meta'] as const) {
    if (result[key] === undefined) continue
    Object.defineProperty(content, key, {
      value: result[key],
      enumerable: false,
      configurable: true,
    })
  }
  return content
}
