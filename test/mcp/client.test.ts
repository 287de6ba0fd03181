import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RecordingMissingError } from '../../src/errors/index.js'
import { makeMcpClient } from '../../src/mcp/client.js'
import { parseRecording } from '../../src/recordings/recording-file.js'
import type { RecordingSession } from '../../src/recordings/session.js'
import { memoryStore } from '../../src/recordings/store.js'
import { resultsDir } from '../support/paths.js'
import {
  type HttpMcp,
  httpClient,
  inMemoryClient,
  session,
  startHttpServer,
  stdioClient,
} from './support.js'

// An MCP SDK Client's requests recorded against real servers (in-memory, a stdio child process,
// streamable HTTP on 127.0.0.1), then replayed with the server not started: the same answers.

const logDir = join(resultsDir, 'mcp')
let http: HttpMcp

beforeAll(async () => {
  mkdirSync(logDir, { recursive: true })
  http = await startHttpServer()
})
afterAll(() => http.close())

/** What a test's agent does with the weather server, and what it got. */
async function useWeather(client: ReturnType<ReturnType<typeof makeMcpClient>>) {
  const listed = await client.listTools()
  const sum = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })
  const weather = await client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } })
  const failed = await client.callTool({ name: 'fail', arguments: { why: 'on purpose' } })
  const unknown = await client.callTool({ name: 'nope', arguments: {} })
  return { tools: listed.tools.map((t) => t.name), sum, weather, failed, unknown }
}

const transports: {
  name: string
  connect: (log: string) => Promise<Client>
  /** What shows the server was reached, read after each phase. */
  reached: (log: string) => number
}[] = [
  { name: 'in-memory', connect: () => inMemoryClient(), reached: () => 0 },
  {
    name: 'stdio',
    connect: (log) => stdioClient(log),
    reached: (log) => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').length - 1 : 0),
  },
  { name: 'streamable HTTP', connect: () => httpClient(http.url), reached: () => http.posts },
]

describe.each(transports)('an MCP SDK client over $name', ({ name, connect, reached }) => {
  test('records every tools/list and tools/call, then replays them with the server not started', async () => {
    const log = join(logDir, `${name.replace(/\W/g, '-')}.log`)
    rmSync(log, { force: true })
    const store = memoryStore()
    let connects = 0
    const client = (recording: RecordingSession) =>
      makeMcpClient(() => recording)('weather', () => {
        connects += 1
        return connect(log)
      })

    const recording = session(store, 'new')
    const live = client(recording)
    const recorded = await useWeather(live)
    await live.close()
    expect(connects).toBe(1)
    expect(recorded.tools).toEqual(['add', 'get_weather', 'fail'])
    expect(recorded.sum).toEqual({ content: [{ type: 'text', text: '3' }] })
    expect(recorded.weather).toEqual({
      content: [{ type: 'text', text: 'Oslo: 4°C, snow' }],
      structuredContent: { city: 'Oslo', tempC: 4, sky: 'snow' },
    })
    expect(recorded.failed).toMatchObject({
      isError: true,
      content: [{ text: 'failed: on purpose' }],
    })
    expect(recorded.unknown).toMatchObject({ isError: true })
    expect(recording.failures).toEqual([])
    expect(await recording.finish(false)).toMatchObject({ recorded: 5, replayed: 0, written: true })

    const file = parseRecording(store.read('/rec/mcp.json') ?? '', 'mcp.json')
    expect(file.interactions).toEqual([])
    expect(file.mcp?.map((i) => `${i.server} ${i.method} ${i.tool ?? ''}`.trim())).toEqual([
      'weather tools/list',
      'weather tools/call add',
      'weather tools/call get_weather',
      'weather tools/call fail',
      'weather tools/call nope',
    ])
    expect(file.mcp?.[2]).toMatchObject({ arguments: { city: 'Oslo' } })

    const before = reached(log)
    // The stdio child was spawned once, the HTTP server got the client's POSTs.
    if (name !== 'in-memory') expect(before).toBeGreaterThan(0)
    const replay = session(store, 'replay')
    const replayed = await useWeather(client(replay))
    expect(replayed).toEqual(recorded)
    expect(connects).toBe(1)
    expect(reached(log)).toBe(before)
    expect(replay.failures).toEqual([])
    expect(await replay.finish(false)).toMatchObject({ replayed: 5, recorded: 0, written: false })
  })
})

describe('credentials of the transport', () => {
  test("a token in the server's URL or headers never reaches the recording", async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const { StreamableHTTPClientTransport } = await import(
      '@modelcontextprotocol/sdk/client/streamableHttp.js'
    )
    const token = 'test-token-fake-mcp-0123456789abcdef'
    const store = memoryStore()
    const recording = session(store, 'new')
    const client = makeMcpClient(() => recording)('weather', async () => {
      const sdk = new Client({ name: 'tests', version: '1.0.0' })
      const url = new URL(`${http.url.href}?token=${token}`)
      const headers = { authorization: `Bearer ${token}` }
      await sdk.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }))
      return sdk
    })
    await client.listTools()
    await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } })
    await client.close()
    expect(await recording.finish(false)).toMatchObject({ recorded: 2, written: true })
    expect(store.read('/rec/mcp.json')).not.toContain(token)
    expect(store.read('/rec/mcp.json')).not.toContain(String(http.url.port))
  })
})

describe('replaying what was not recorded', () => {
  test('a changed argument is a miss naming the server, the tool, the arguments and the fix', async () => {
    const store = memoryStore()
    const recording = session(store, 'new')
    const client = makeMcpClient(() => recording)('weather', inMemoryClient)
    await client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } })
    await recording.finish(false)

    const replay = session(store, 'replay')
    let connected = false
    const again = makeMcpClient(() => replay)('weather', async () => {
      connected = true
      return inMemoryClient()
    })
    const error = await again
      .callTool({ name: 'get_weather', arguments: { city: 'Bergen' } })
      .catch((e: unknown) => e)
    expect(connected).toBe(false)
    expect(error).toBeInstanceOf(RecordingMissingError)
    const message = (error as Error).message
    expect(message).toContain(
      "[vitest-scenario] No recording for MCP request #1 of this test (server 'weather', tools/call 'get_weather'): no recorded MCP request matches this one",
    )
    expect(message).toMatch(/^ +- +"city": "Oslo"$/m)
    expect(message).toMatch(/^ +\+ +"city": "Bergen"$/m)
    expect(message).toContain('npx vitest run mcp.test.ts -t mcp -u')
    // The test fails with it even when the app swallowed the error.
    expect(replay.failures).toEqual([error])
  })

  test('the same call twice replays its two recorded answers in order; a third is a miss', async () => {
    const store = memoryStore()
    const recording = session(store, 'new')
    const client = makeMcpClient(() => recording)('calc', inMemoryClient)
    await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } })
    await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } })
    await recording.finish(false)
    expect(parseRecording(store.read('/rec/mcp.json') ?? '', 'x').mcp).toHaveLength(2)

    const replay = session(store, 'replay')
    const again = makeMcpClient(() => replay)('calc', inMemoryClient)
    for (let i = 0; i < 2; i++) {
      expect(await again.callTool({ name: 'add', arguments: { b: 1, a: 1 } })).toEqual({
        content: [{ type: 'text', text: '2' }],
      })
    }
    await expect(again.callTool({ name: 'add', arguments: { a: 1, b: 1 } })).rejects.toThrow(
      'No recording for MCP request #3',
    )
  })

  test('a complete recording from before MCP was recorded misses in mode new; all records it', async () => {
    const store = memoryStore()
    store.write(
      '/rec/mcp.json',
      `${JSON.stringify({ kind: 'vitest-scenario.recording', formatVersion: 2, keyVersion: 1, test: 'mcp', status: 'complete', interactions: [] })}\n`,
    )
    const local = session(store, 'new')
    await expect(makeMcpClient(() => local)('weather', inMemoryClient).listTools()).rejects.toThrow(
      'the recording is complete and no recorded MCP request matches this one',
    )
    const update = session(store, 'all')
    await makeMcpClient(() => update)('weather', inMemoryClient).listTools()
    expect(await update.finish(false)).toMatchObject({ recorded: 1, written: true })
    expect(parseRecording(store.read('/rec/mcp.json') ?? '', 'x').mcp).toHaveLength(1)
  })
})
