import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import type { Json } from '../recordings/stable-json.js'
import { lazily } from './lazy-connection.js'
import { recordedRequest, type SessionLookup } from './recorded-request.js'
import type { McpSdkClient, McpToolList, McpToolResult } from './types.js'

/**
 * An MCP client whose requests go through the running test's recording (see `mcpClient`). It
 * answers `listTools` and `callTool` as the MCP SDK's `Client` does.
 */
export interface McpClient {
  /** The server's name in recordings. */
  readonly name: string
  /** `tools/list`: the server's tools (one page; `nextCursor` when there are more). */
  listTools(params?: { cursor?: string }): Promise<McpToolList>
  /** `tools/call`: calls one tool. A tool that failed answers `isError: true`. */
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<McpToolResult>
  /** Closes the connection, when one was made. */
  close(): Promise<void>
}

/**
 * Makes `mcpClient` for a way to find the running test's session: every request of the client
 * is answered through it.
 */
export function makeMcpClient(lookup: SessionLookup) {
  return function mcpClient(name: string, connect: () => Promise<McpSdkClient>): McpClient {
    checkName(name, 'mcpClient(name, connect)')
    if (typeof connect !== 'function') {
      throw new InvalidArgumentError(
        `mcpClient(name, connect) needs \`connect\` as a function that returns a connected MCP client, got ${describeValue(connect)}`,
        "Pass `async () => { const client = new Client({ name: 'test', version: '1.0.0' }); await client.connect(transport); return client }`.",
      )
    }
    const connection = lazily(connect)
    return {
      name,
      listTools: async (params) => {
        const args = params?.cursor === undefined ? undefined : { cursor: params.cursor }
        return (await recordedRequest(
          lookup,
          {
            server: name,
            method: 'tools/list',
            ...(args === undefined ? {} : { arguments: args }),
          },
          async () => (await connection.get()).listTools(args),
        )) as McpToolList
      },
      callTool: async (params) => {
        if (typeof params !== 'object' || params === null || typeof params.name !== 'string') {
          throw new InvalidArgumentError(
            `callTool(params) of MCP client '${name}' needs { name, arguments? }, got ${describeValue(params)}`,
          )
        }
        const args = params.arguments ?? {}
        return (await recordedRequest(
          lookup,
          { server: name, method: 'tools/call', tool: params.name, arguments: args as Json },
          async () => (await connection.get()).callTool({ name: params.name, arguments: args }),
        )) as McpToolResult
      },
      close: async () => {
        const made = connection.made()
        // A connection that failed has nothing to close.
        const client = await made?.catch(() => undefined)
        await client?.close()
      },
    }
  }
}

/** Checks a server's name: the key its requests are recorded under. */
export function checkName(name: unknown, where: string): void {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new InvalidArgumentError(
      `${where} needs the server's name (a non-empty string): its requests are recorded under it, got ${describeValue(name)}`,
      "Name the server as the test knows it, e.g. 'weather': not its URL or command, which differ between machines.",
    )
  }
}
