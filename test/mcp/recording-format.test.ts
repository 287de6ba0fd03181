import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, test } from 'vitest'
import { RecordingError, RecordingSecretError } from '../../src/errors/index.js'
import { makeMcpClient } from '../../src/mcp/client.js'
import { parseRecording, serializeRecording } from '../../src/recordings/recording-file.js'
import { memoryStore } from '../../src/recordings/store.js'
import { session } from './support.js'

// The recording file's `mcp` list: errors the server answered with, the secret scan over MCP
// results, old files without the list, and broken entries named by their path.

/** A low-level server whose `lookup` tool answers a JSON-RPC error or a text given per call. */
async function scriptedClient(answer: (city: string) => string): Promise<Client> {
  const server = new Server({ name: 'scripted', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      { name: 'lookup', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
    ],
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const city = String(request.params.arguments?.city)
    if (city === 'Atlantis') {
      throw new McpError(ErrorCode.InvalidParams, 'No such city', { city })
    }
    return { content: [{ type: 'text', text: answer(city) }] }
  })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'tests', version: '1.0.0' })
  await client.connect(clientSide)
  return client
}

describe('errors the server answers with', () => {
  test('a JSON-RPC error is recorded and thrown again on replay with its message, code and data', async () => {
    const store = memoryStore()
    const recording = session(store, 'new')
    const live = makeMcpClient(() => recording)('scripted', () => scriptedClient((c) => c))
    const thrown = await live
      .callTool({ name: 'lookup', arguments: { city: 'Atlantis' } })
      .catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(McpError)
    await recording.finish(false)
    const file = parseRecording(store.read('/rec/mcp.json') ?? '', 'mcp.json')
    expect(file.mcp?.[0]).toMatchObject({
      error: { code: ErrorCode.InvalidParams, data: { city: 'Atlantis' } },
    })
    expect(file.mcp?.[0]?.result).toBeUndefined()

    const replay = session(store, 'replay')
    const again = await makeMcpClient(() => replay)('scripted', () => scriptedClient((c) => c))
      .callTool({ name: 'lookup', arguments: { city: 'Atlantis' } })
      .catch((e: unknown) => e)
    expect(again).toBeInstanceOf(Error)
    expect(again).toMatchObject({
      name: 'McpError',
      message: (thrown as Error).message,
      code: ErrorCode.InvalidParams,
      data: { city: 'Atlantis' },
    })
    expect(replay.failures).toEqual([])
  })
})

describe('secrets in MCP results', () => {
  test('a result holding a key-shaped value is refused at the write, naming its path', async () => {
    const store = memoryStore()
    const recording = session(store, 'new')
    const client = makeMcpClient(() => recording)('scripted', () =>
      scriptedClient(() => 'token: sk-proj-abcdefghijklmnopqrstuvwxyz0123456789'),
    )
    await client.callTool({ name: 'lookup', arguments: { city: 'Oslo' } })
    const error = await recording.finish(false).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RecordingSecretError)
    expect((error as RecordingSecretError).jsonPath).toBe('mcp.0.result.content.0.text')
    expect(store.read('/rec/mcp.json')).toBeUndefined()
  })

  test('allowSecrets lists such a path relative to the request; redact rewrites arguments and results', async () => {
    const store = memoryStore()
    const options = {
      file: '/rec/mcp.json',
      displayFile: 'mcp.json',
      test: 'mcp',
      command: 'npx vitest run mcp.test.ts -u',
      store,
      redact: (value: string) => value.replace(/acme-\d+/g, '<tenant>'),
      allowSecrets: ['result.content.*.text'],
    }
    const { RecordingSession } = await import('../../src/recordings/session.js')
    const recording = new RecordingSession({ ...options, mode: 'new' })
    const client = makeMcpClient(() => recording)('scripted', () =>
      scriptedClient((city) => `${city} sk-proj-abcdefghijklmnopqrstuvwxyz0123456789`),
    )
    await client.callTool({ name: 'lookup', arguments: { city: 'acme-42' } })
    expect(await recording.finish(false)).toMatchObject({ written: true })
    const text = store.read('/rec/mcp.json') ?? ''
    expect(text).not.toContain('acme-42')
    expect(parseRecording(text, 'x').mcp?.[0]).toMatchObject({ arguments: { city: '<tenant>' } })
    // The same call replays: its arguments pass the same hook before matching.
    const replay = new RecordingSession({ ...options, mode: 'replay' })
    const again = makeMcpClient(() => replay)('scripted', () => scriptedClient((c) => c))
    expect(await again.callTool({ name: 'lookup', arguments: { city: 'acme-42' } })).toMatchObject({
      content: [{ text: '<tenant> sk-proj-abcdefghijklmnopqrstuvwxyz0123456789' }],
    })
  })
})

describe('the file format', () => {
  const base = {
    kind: 'vitest-scenario.recording',
    formatVersion: 2,
    keyVersion: 1,
    test: 't',
    status: 'complete',
    interactions: [],
  }

  test('a file without `mcp` reads as before, and one without MCP requests is written without it', () => {
    const file = parseRecording(JSON.stringify(base), 'old.json')
    expect(file.mcp).toBeUndefined()
    expect(serializeRecording(file)).not.toContain('"mcp"')
    expect(serializeRecording({ ...file, mcp: [] })).not.toContain('"mcp"')
  })

  test('an MCP request round-trips, keys in a fixed order', () => {
    const mcp = [
      { server: 's', method: 'tools/list' as const, result: { tools: [] }, durationMs: 1 },
      {
        server: 's',
        method: 'tools/call' as const,
        tool: 'add',
        arguments: { b: 2, a: 1 },
        result: { content: [{ type: 'text', text: '3' }] },
        durationMs: 2,
      },
    ]
    const text = serializeRecording({ ...parseRecording(JSON.stringify(base), 'x'), mcp })
    expect(text.indexOf('"a": 1')).toBeLessThan(text.indexOf('"b": 2'))
    expect(parseRecording(text, 'x').mcp).toEqual(mcp)
  })

  test.each([
    [{ method: 'tools/call', result: { content: [] }, durationMs: 0 }, 'mcp.0.server is missing'],
    [
      { server: 's', method: 'resources/read', result: { content: [] }, durationMs: 0 },
      `mcp.0.method is "resources/read"; it must be 'tools/list' or 'tools/call'`,
    ],
    [
      { server: 's', method: 'tools/call', result: { content: [] }, durationMs: 0 },
      'mcp.0.tool is missing; it must be the name of the tool called',
    ],
    [
      { server: 's', method: 'tools/call', tool: 't', durationMs: 0 },
      'mcp.0 has neither result nor error; it must have one of them',
    ],
    [
      { server: 's', method: 'tools/list', result: { content: [] }, durationMs: 0 },
      'mcp.0.result.tools is missing; it must be an array',
    ],
    [
      {
        server: 's',
        method: 'tools/call',
        tool: 't',
        error: { message: 'x', code: 1.5 },
        durationMs: 0,
      },
      'mcp.0.error.code is 1.5; it must be the JSON-RPC error code',
    ],
    [
      { server: 's', method: 'tools/list', result: { tools: [] }, durationMs: 0, url: 'x' },
      'mcp.0.url is not a field of a recording',
    ],
  ])('a broken entry is named by its path: %j', (entry, message) => {
    const error = (() => {
      try {
        parseRecording(JSON.stringify({ ...base, mcp: [entry] }), 'broken.json')
      } catch (e) {
        return e
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(RecordingError)
    expect((error as Error).message).toContain(message)
  })
})
