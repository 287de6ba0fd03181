// A small MCP server for the tests: `add` (text), `get_weather` (structuredContent, with an
// output schema) and `fail` (answers isError). Run as `node weather-server.mjs stdio` it serves
// over stdio and writes one line to the file named by MCP_FIXTURE_SPAWN_LOG when it starts, so a
// test can tell whether it was spawned at all.
import { appendFileSync } from 'node:fs'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { z } from 'zod'

/** A fresh server with the three tools. */
export function buildServer() {
  const server = new McpServer({ name: 'weather', version: '1.0.0' })
  server.registerTool(
    'add',
    { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  )
  server.registerTool(
    'get_weather',
    {
      description: 'The weather in a city',
      inputSchema: { city: z.string() },
      outputSchema: { city: z.string(), tempC: z.number(), sky: z.string() },
    },
    async ({ city }) => {
      const weather = {
        city,
        tempC: city === 'Oslo' ? 4 : 21,
        sky: city === 'Oslo' ? 'snow' : 'sun',
      }
      return {
        content: [{ type: 'text', text: `${city}: ${weather.tempC}°C, ${weather.sky}` }],
        structuredContent: weather,
      }
    },
  )
  server.registerTool(
    'fail',
    { description: 'Always fails', inputSchema: { why: z.string() } },
    async ({ why }) => ({ content: [{ type: 'text', text: `failed: ${why}` }], isError: true }),
  )
  return server
}

if (process.argv[2] === 'stdio') {
  const log = process.env.MCP_FIXTURE_SPAWN_LOG
  if (log) appendFileSync(log, `spawned ${process.pid}\n`)
  await buildServer().connect(new StdioServerTransport())
}
