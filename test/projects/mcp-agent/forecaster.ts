import { fileURLToPath } from 'node:url'
import { Agent, MCPServerStdio, OpenAIProvider } from '@openai/agents'
import OpenAI from 'openai'
import { wrap } from 'vitest-scenario'
import { mcpServer } from 'vitest-scenario/mcp'

// The app under test: a forecaster agent whose tools (get_weather, add) are on an MCP server it
// starts over stdio. The agent's model calls go through a wrap()ped `openai` client and its MCP
// requests through mcpServer(), so both are recorded and replayed with the test.

/** The scripted model server's URL while recording; a closed port when replaying. */
const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'

export const weather = mcpServer(
  new MCPServerStdio({
    name: 'weather',
    command: process.execPath,
    args: [fileURLToPath(new URL('./weather-server.mjs', import.meta.url)), 'stdio'],
    // The server writes a line to this file when it starts: the driving test reads it.
    env: { MCP_FIXTURE_SPAWN_LOG: process.env.MCP_SPAWN_LOG ?? '', PATH: process.env.PATH ?? '' },
  }),
)

export const forecaster = new Agent({
  name: 'Forecaster',
  model: 'forecast-model',
  instructions: 'You answer weather questions. Use the weather tools; add numbers with add.',
  mcpServers: [weather],
})

/** The agent's model provider, on Chat Completions. */
export const modelProvider = new OpenAIProvider({
  openAIClient: wrap(new OpenAI({ baseURL, apiKey: process.env.OPENAI_API_KEY ?? 'replay-only' })),
  useResponses: false,
})
