import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { type AgentsMcpServer, makeMcpServer } from '../../src/mcp/agents-server.js'
import { makeMcpClient } from '../../src/mcp/client.js'
import { makeMcpTools, mcpTools } from '../../src/mcp/tools.js'
import type { McpContent, McpToolDefinition } from '../../src/mcp/types.js'
import { memoryStore } from '../../src/recordings/store.js'
import { inMemoryClient, session } from './support.js'

// mcpServer (an Agents SDK MCPServer, here one implemented over the MCP SDK's Client as the
// SDK's interface allows) and mcpTools (tools of the library's own answering side).

/** An object implementing the Agents SDK's MCPServer interface, without `callToolResult`. */
function agentsServer(connect: () => Promise<Client>): AgentsMcpServer & { connects: number } {
  let client: Client | undefined
  return {
    name: 'weather',
    cacheToolsList: true,
    connects: 0,
    async connect() {
      this.connects += 1
      client = await connect()
    },
    async close() {
      await client?.close()
    },
    async listTools() {
      return (await (client as Client).listTools()).tools as McpToolDefinition[]
    },
    async callTool(toolName, args) {
      const result = await (client as Client).callTool({ name: toolName, arguments: args ?? {} })
      const content = [...(result.content as McpContent[])]
      for (const key of ['isError', 'structuredContent', '_meta'] as const) {
        if (result[key] !== undefined) {
          Object.defineProperty(content, key, { value: result[key], enumerable: false })
        }
      }
      return content
    },
    async invalidateToolsCache() {},
  }
}

describe('mcpServer', () => {
  test('replays callTool with isError and structuredContent on the content array, not enumerated', async () => {
    const store = memoryStore()
    const recording = session(store, 'new')
    const inner = agentsServer(inMemoryClient)
    const live = makeMcpServer(() => recording)(inner)
    await live.connect()
    expect(inner.connects).toBe(0)
    expect(live.cacheToolsList).toBe(false)
    expect((await live.listTools()).map((t) => t.name)).toEqual(['add', 'get_weather', 'fail'])
    const weather = await live.callTool('get_weather', { city: 'Oslo' })
    const failed = await live.callTool('fail', { why: 'no' })
    expect(inner.connects).toBe(1)
    await live.close()
    await recording.finish(false)

    const replay = session(store, 'replay')
    const again = agentsServer(inMemoryClient)
    const replayed = makeMcpServer(() => replay)(again, { name: 'weather' })
    await replayed.connect()
    await replayed.listTools()
    const weather2 = await replayed.callTool('get_weather', { city: 'Oslo' })
    const failed2 = await replayed.callTool('fail', { why: 'no' })
    await replayed.close()
    expect(again.connects).toBe(0)
    expect([...weather2]).toEqual([...weather])
    expect(Object.keys(weather2)).toEqual(['0'])
    expect((weather2 as { structuredContent?: unknown }).structuredContent).toEqual({
      city: 'Oslo',
      tempC: 4,
      sky: 'snow',
    })
    expect((failed2 as { isError?: unknown }).isError).toBe(true)
    expect((failed as { isError?: unknown }).isError).toBe(true)
    expect(replay.failures).toEqual([])
  })

  test('a server without a name to record under is refused with the fix', () => {
    const inner = { ...agentsServer(inMemoryClient), name: '' }
    expect(() => makeMcpServer(() => undefined)(inner)).toThrow(InvalidArgumentError)
    expect(() => makeMcpServer(() => undefined)(inner)).toThrow(
      "[vitest-scenario] mcpServer(server, { name }) needs the server's name",
    )
  })
})

describe('mcpTools', () => {
  test("makes the server's tools library tools; `only` picks, an unknown name is refused", async () => {
    const client = makeMcpClient(() => undefined)('weather', inMemoryClient)
    const tools = await mcpTools(client, { only: ['add', 'get_weather', 'fail'] })
    expect(Object.keys(tools)).toEqual(['add', 'get_weather', 'fail'])
    expect(tools.add?.kind).toBe('Tool')
    expect(tools.add?.description).toBe('Adds two numbers')
    expect(tools.add?.onError).toBe('report')
    expect(tools.add?.parameters.safeParse({ a: 1, b: 2 }).success).toBe(true)
    expect(tools.add?.parameters.safeParse({ a: 'x', b: 2 }).success).toBe(false)
    const context = { nodeId: 'n', turn: 0, signal: new AbortController().signal }
    expect(await tools.add?.execute({ a: 2, b: 3 }, context)).toBe('5')
    expect(await tools.get_weather?.execute({ city: 'Oslo' }, context)).toEqual({
      city: 'Oslo',
      tempC: 4,
      sky: 'snow',
    })
    await expect(tools.fail?.execute({ why: 'no' }, context)).rejects.toThrow('failed: no')
    await expect(mcpTools(client, { only: ['nope'] })).rejects.toThrow(
      "mcpTools(client, { only }) names 'nope', which MCP server 'weather' does not list",
    )
    await client.close()
  })
})

describe("mcpTools with the MCP SDK's own Client", () => {
  test("records under the server's own name, and replays without calling the client", async () => {
    const store = memoryStore()
    const recording = session(store, 'new')
    const raw = await inMemoryClient()
    const tools = await makeMcpTools(makeMcpClient(() => recording))(raw, { only: ['add'] })
    const context = { nodeId: 'n', turn: 0, signal: new AbortController().signal }
    expect(await tools.add?.execute({ a: 2, b: 3 }, context)).toBe('5')
    await recording.finish(false)
    const file = JSON.parse([...store.files.values()][0] ?? '{}') as { mcp?: { server: string }[] }
    expect(file.mcp?.map((entry) => entry.server)).toEqual(['weather', 'weather'])

    // Replayed: the client is closed (its server gone), and nothing reaches it.
    await raw.close()
    const replay = session(store, 'replay')
    const again = await makeMcpTools(makeMcpClient(() => replay))(raw, { only: ['add'] })
    expect(await again.add?.execute({ a: 2, b: 3 }, context)).toBe('5')
    expect(replay.failures).toEqual([])
  })

  test('a client whose server gave no name is refused with the fix', async () => {
    const unconnected = { ...(await inMemoryClient()), getServerVersion: () => undefined }
    await expect(
      makeMcpTools(makeMcpClient(() => undefined))(unconnected as never),
    ).rejects.toThrow("Pass mcpClient('weather', connect) instead")
  })
})

describe('mcpTools in the library tool loop', () => {
  test('a model config calls an MCP tool and reads its structured result', async () => {
    const { startOpenAIServer } = await import('../support/openai-server/index.js')
    const { END, runScenario, Scenario } = await import('../../src/core.js')
    const server = await startOpenAIServer({ created: 1_700_000_000 })
    server.reply(
      { toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Oslo' } }] },
      { content: 'It is 4°C and snowing in Oslo.' },
    )
    const client = makeMcpClient(() => undefined)('weather', inMemoryClient)
    try {
      const definition = new Scenario('weather')
        .addNode('ask', { question: 'How cold is it in Oslo?' })
        .addEdge('ask', END)
        .setEntry('ask')
        .validate()
      const result = await runScenario(definition, {
        model: { model: 'test-model', baseURL: server.baseURL, apiKey: 'test-key-fake' },
        tools: await mcpTools(client, { only: ['get_weather'] }),
      })
      expect(result.status, JSON.stringify(result.error)).toBe('completed')
      expect(result.history[0]?.toolCalls).toMatchObject([
        { name: 'get_weather', arguments: { city: 'Oslo' } },
      ])
      const sent = server.requests[0]?.body as { tools: { function: { name: string } }[] }
      expect(sent.tools.map((t) => t.function.name)).toEqual(['get_weather'])
      const second = JSON.stringify(server.requests[1]?.body)
      expect(second).toContain('\\"tempC\\":4')
    } finally {
      await client.close()
      await server.close()
    }
  })
})
