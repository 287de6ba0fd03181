import { z } from 'zod'
import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { tool } from '../tools/tool.js'
import type { Tool } from '../tools/types.js'
import type { McpClient } from './client.js'
import type { McpSdkClient, McpToolDefinition, McpToolResult } from './types.js'

/** What `mcpTools` takes besides the client. */
export interface McpToolsOptions {
  /** The tools to take, by name (default: every tool the server lists). */
  only?: readonly string[] | undefined
}

/**
 * The tools of an MCP client (`mcpClient`) as tools for the library's own answering side (a
 * model config's tool loop: `runScenario(definition, { model, tools })`): each one's name,
 * description and argument schema as the server lists them, and `execute` calling the tool
 * through the client (recorded and replayed with the test). What the model reads back is the
 * tool's `structuredContent` when it has some, else its text, else its content; a result with
 * `isError: true` is reported to the model as `{ error: text }` (the tools' `onError` is
 * `'report'`) and the turn goes on.
 *
 * @example
 * const weather = mcpClient('weather', connectWeather)
 * const result = await runScenario(definition, { model, tools: await mcpTools(weather) })
 */
export async function mcpTools(
  client: McpClient,
  options: McpToolsOptions = {},
): Promise<Record<string, Tool>> {
  if (typeof client !== 'object' || client === null || typeof client.callTool !== 'function') {
    throw new InvalidArgumentError(
      `mcpTools(client) needs a client made by mcpClient(name, connect), got ${describeValue(client)}`,
    )
  }
  const listed = await allTools(client)
  const only = options.only
  if (only !== undefined) {
    const missing = only.filter((name) => !listed.some((t) => t.name === name))
    if (missing.length > 0) {
      throw new InvalidArgumentError(
        `mcpTools(client, { only }) names ${quoteList(missing)}, which MCP server '${client.name}' does not list`,
        `Its tools are ${quoteList(listed.map((t) => t.name))}.`,
      )
    }
  }
  const tools: Record<string, Tool> = {}
  for (const definition of listed) {
    if (only !== undefined && !only.includes(definition.name)) continue
    tools[definition.name] = toTool(client, definition)
  }
  return tools
}

/**
 * Makes the entry's `mcpTools`, which also takes the MCP SDK's own connected `Client`: it is then
 * wrapped by `mcpClient` under the name its server gives in the handshake (`getServerVersion()`),
 * so its requests are recorded and replayed with the test like those of an `mcpClient`.
 */
export function makeMcpTools(
  mcpClient: (name: string, connect: () => Promise<McpSdkClient>) => McpClient,
): (client: McpClient | McpSdkClient, options?: McpToolsOptions) => Promise<Record<string, Tool>> {
  return async (client, options) => mcpTools(recordedClient(client, mcpClient), options)
}

/** `client` when `mcpClient` made it; the MCP SDK's `Client`, wrapped by `mcpClient`. */
function recordedClient(
  client: McpClient | McpSdkClient,
  mcpClient: (name: string, connect: () => Promise<McpSdkClient>) => McpClient,
): McpClient {
  const sdk = client as McpSdkClient & { getServerVersion?: unknown; name?: unknown }
  if (typeof sdk !== 'object' || sdk === null || typeof sdk.getServerVersion !== 'function') {
    return client as McpClient
  }
  const server = (sdk.getServerVersion as () => { name?: unknown } | undefined).call(sdk)
  const name = server?.name
  if (typeof name !== 'string' || name.trim() === '') {
    throw new InvalidArgumentError(
      `mcpTools(client) got an MCP SDK Client whose server named itself ${describeValue(name)} (is it connected?)`,
      "Pass mcpClient('weather', connect) instead: it names the server and connects only when a request must go live.",
    )
  }
  return mcpClient(name, async () => sdk)
}

/** Every page of the server's tools. */
async function allTools(client: McpClient): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = []
  let cursor: string | undefined
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor })
    tools.push(...page.tools)
    cursor = page.nextCursor
  } while (cursor !== undefined)
  return tools
}

function toTool(client: McpClient, definition: McpToolDefinition): Tool {
  // The server's JSON Schema as zod (what `tool()` takes), so the model sees the same schema.
  const parameters = z.fromJSONSchema(
    definition.inputSchema as unknown as Parameters<typeof z.fromJSONSchema>[0],
  )
  return tool({
    description: definition.description ?? definition.title ?? definition.name,
    // Strict (no other keys), as the tool loop's function definitions must be.
    parameters: parameters instanceof z.ZodObject ? parameters.strict() : z.strictObject({}),
    onError: 'report',
    execute: async (args: Record<string, unknown>) =>
      modelOutput(await client.callTool({ name: definition.name, arguments: args })),
  })
}

/** What the model reads of a tool's result. */
function modelOutput(result: McpToolResult): unknown {
  const text = result.content
    .flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : []))
    .join('\n')
  if (result.isError === true) throw new Error(text === '' ? 'The tool failed' : text)
  if (result.structuredContent !== undefined) return result.structuredContent
  return text !== '' && text.length > 0 ? text : result.content
}
