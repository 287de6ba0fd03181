// biome-ignore-all assist/source/organizeImports: grouped by topic
/**
 * `vitest-scenario/mcp`: MCP servers recorded and replayed with the test that uses them. Every
 * `tools/list` and `tools/call` request made through these wrappers goes to the running test's
 * recording: replayed in `replay` mode (the server is never started or connected), recorded live
 * otherwise, so an MCP-backed agent runs in CI with no server process and no key.
 *
 * - `mcpClient(name, connect)`: an MCP SDK `Client` (`@modelcontextprotocol/sdk`), connected by
 *   `connect` only when a request must go live; `mcpTools(client, { only? })` makes its tools
 *   tools of the library's own answering side.
 * - `mcpServer(server, { name? })`: an Agents SDK MCP server (`MCPServerStdio`, …) for
 *   `new Agent({ mcpServers: [...] })`.
 * - `mcpToolSet(name, connect)`: the AI SDK's MCP client's tools for `generateText({ tools })`.
 *
 * @example
 * import { mcpClient, mcpTools } from 'vitest-scenario/mcp'
 * const weather = mcpClient('weather', connectWeather)
 * const tools = await mcpTools(weather)
 *
 * @module
 */
import { RecordingError } from './errors/index.js'
import { refusingSession } from './hosts/core/finish-sessions.js'
import { sessionInContext } from './hosts/core/test-context.js'
import { makeMcpToolSet } from './mcp/ai-sdk.js'
import { makeMcpServer } from './mcp/agents-server.js'
import { makeMcpClient } from './mcp/client.js'
import { makeMcpTools } from './mcp/tools.js'
import { RECORD_ENV, readModeOverride } from './recordings/mode.js'
import type { RecordingSession } from './recordings/session.js'
import { fileSystemStore } from './recordings/store.js'

// ─── MCP SDK clients ─────────────────────────────────────────────────────────────────────────────
/**
 * An MCP client recorded with the running test (see the module's description). `connect` makes
 * and connects the MCP SDK's `Client`; it is called the first time a request must go live, and
 * never when the test replays.
 *
 * @example
 * const weather = mcpClient('weather', async () => {
 *   const client = new Client({ name: 'tests', version: '1.0.0' })
 *   await client.connect(new StdioClientTransport({ command: 'node', args: ['weather-server.js'] }))
 *   return client
 * })
 * const { tools } = await weather.listTools()
 */
export const mcpClient = makeMcpClient(currentSession)
export type { McpClient } from './mcp/client.js'
export type { McpToolsOptions } from './mcp/tools.js'

/**
 * The tools of an MCP client as tools for the library's own answering side (a model config's tool
 * loop: `runScenario(definition, { model, tools })`), recorded and replayed with the test. Takes
 * a client `mcpClient` made, or the MCP SDK's own connected `Client` (recorded under the name its
 * server gives; it is not called when the test replays). `only` picks tools by name.
 *
 * @example
 * const tools = await mcpTools(mcpClient('weather', connectWeather), { only: ['get_weather'] })
 */
export const mcpTools = makeMcpTools(mcpClient)

// ─── Agents SDK MCP servers ────────────────────────────────────────────────────────────────────
/**
 * An Agents SDK MCP server recorded with the running test: pass it to `new Agent({ mcpServers:
 * [...] })`. Its `connect()` and `close()` are the server's, but the server is connected only
 * when a request must go live; it lists its tools on every run (`cacheToolsList: false`), so each
 * test's recording holds the listing it replays.
 *
 * @example
 * const weather = mcpServer(new MCPServerStdio({ name: 'weather', command: 'node', args: ['weather-server.js'] }))
 * const agent = new Agent({ name: 'Forecaster', mcpServers: [weather] })
 */
export const mcpServer = makeMcpServer(currentSession)
export type { AgentsMcpServer, McpServerOptions } from './mcp/agents-server.js'

// ─── The AI SDK's MCP client ────────────────────────────────────────────────────────────────────
/**
 * The tools of an MCP server for the AI SDK (`generateText({ tools })`), recorded with the
 * running test. `connect` makes the AI SDK's MCP client (`() => createMCPClient({ transport })`,
 * from `@ai-sdk/mcp`); it is called only when a request must go live, and never when the test
 * replays: the tools are then made from the recorded listing. Needs the optional peer `ai`.
 *
 * @example
 * const weather = await mcpToolSet('weather', () => createMCPClient({ transport }))
 * const { text } = await generateText({ model, tools: weather.tools, prompt })
 * await weather.close()
 */
export const mcpToolSet = makeMcpToolSet(currentSession, () => import('ai'))
export type { AiSdkMcpClient, McpToolSet } from './mcp/ai-sdk.js'

// ─── What the wrappers read ─────────────────────────────────────────────────────────────────────
export type {
  McpContent,
  McpSdkClient,
  McpToolDefinition,
  McpToolList,
  McpToolResult,
} from './mcp/types.js'

/**
 * The running test's session on every host; outside a test, none (the request goes live) unless
 * the run replays (`CI` set or `VITEST_SCENARIO_RECORD=replay`): then a session that refuses it,
 * since nothing live may run in a replay.
 */
function currentSession(): RecordingSession | undefined {
  const session = sessionInContext()
  if (session !== undefined || !replaying()) return session
  return refusingSession(
    new RecordingError(
      {
        what: 'An MCP request was made outside any test, so it cannot be replayed',
        fix: 'Make MCP requests inside a test (not in beforeAll or at import time), or set VITEST_SCENARIO_RECORD=off to call the server live.',
      },
      '',
    ),
    fileSystemStore,
  )
}

/** Whether this run replays: `VITEST_SCENARIO_RECORD=replay`, or `CI` set without an override. */
function replaying(): boolean {
  const override = readModeOverride(process.env[RECORD_ENV])
  if (override !== undefined) return override === 'replay'
  const ci = process.env.CI
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0'
}
