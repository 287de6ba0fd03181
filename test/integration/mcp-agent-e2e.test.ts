import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { transcriptOf } from '../openai-agents/support.js'
import { codeBlocks, docSection } from '../support/docs.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type {
  ReceivedRequest,
  ScriptedReply,
  ScriptedServer,
} from '../support/openai-server/types.js'
import { prepareSample, projectFiles, runVitestAsync } from '../support/sample-project.js'

// An Agents SDK agent whose tools are on an MCP server it starts over stdio (MCPServerStdio,
// wrapped with mcpServer), tested as a user writes it (test/projects/mcp-agent): recorded against
// the real MCP server and the scripted model server, then replayed in CI with neither running,
// no key, and the MCP server never spawned.

const KEY = 'test-key-fake-mcp-agent'
let server: ScriptedServer | undefined
let dir: string
let spawnLog: string

/** The model: asks for both MCP tools in one message, then answers from their results. */
function playForecast(request: ReceivedRequest): ScriptedReply {
  const lines = transcriptOf(request.body)
  const results = lines.filter((line) => line.startsWith('result '))
  if (results.length === 0) {
    return {
      toolCalls: [
        { id: 'call_weather', name: 'get_weather', arguments: { city: 'Oslo' } },
        { id: 'call_add', name: 'add', arguments: { a: 2, b: 3 } },
      ],
      usage: { promptTokens: 50, completionTokens: 10 },
    }
  }
  return {
    content: `From the tools: ${results.map((line) => line.replace(/^result \S+ /, '')).join(' | ')}`,
    usage: { promptTokens: 80, completionTokens: 12 },
  }
}

/** The guide's model: asks for the weather, then answers from the tool's result. */
function playWeather(request: ReceivedRequest): ScriptedReply {
  const results = transcriptOf(request.body).filter((line) => line.startsWith('result '))
  return results.length === 0
    ? { toolCalls: [{ id: 'call_weather', name: 'get_weather', arguments: { city: 'Oslo' } }] }
    : { content: `It is ${results[0]?.replace(/^result \S+ /, '')} in Oslo.` }
}

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply(playForecast)
  dir = prepareSample('mcp-agent')
  spawnLog = join(dir, 'spawned.log')
}, 60_000)

afterAll(async () => {
  await server?.close()
})

const spawns = () => (existsSync(spawnLog) ? readFileSync(spawnLog, 'utf8').trim().split('\n') : [])

const recordings = () =>
  new Map([...projectFiles(dir)].filter(([name]) => name.startsWith('__recordings__/')))

describe('an Agents SDK agent with an MCP server: recorded, then replayed in CI without it', () => {
  test('a local run records the model calls and the MCP requests', async () => {
    const run = await runVitestAsync(dir, ['--update=new'], {
      CI: '',
      SCENARIO_BASE_URL: server?.baseURL,
      OPENAI_API_KEY: KEY,
      MCP_SPAWN_LOG: spawnLog,
    })
    expect(run.code, run.output).toBe(0)
    // Started for the live run: once with the Agents SDK 0.14's MCP client; 0.20's client (MCP
    // client 2.x) may start it again when its protocol probe falls back to the older handshake.
    expect(spawns().length).toBeGreaterThanOrEqual(1)
    expect(run.output).toMatch(
      /\[sample\] tools=get_weather\+add answer=From the tools: .*Oslo: 4°C, snow.* \| .*5.* replayed=false/,
    )
    const files = [...recordings()]
    expect(files).toHaveLength(1)
    const [name, text] = files[0] as [string, string]
    expect(text).not.toContain(KEY)
    const recording = parseRecording(text, name)
    expect(recording.interactions.map((i) => i.request.path)).toEqual([
      '/chat/completions',
      '/chat/completions',
    ])
    // The SDK lists the tools for each model call; the two calls are kept in the order the model
    // asked for them, whichever the server answered first.
    expect(recording.mcp?.map((i) => `${i.server} ${i.method} ${i.tool ?? ''}`.trim())).toEqual([
      'weather tools/list',
      'weather tools/call get_weather',
      'weather tools/call add',
      'weather tools/list',
    ])
    expect(recording.mcp?.[1]).toMatchObject({
      arguments: { city: 'Oslo' },
      result: { structuredContent: { city: 'Oslo', tempC: 4, sky: 'snow' } },
    })
  }, 120_000)

  test('CI replays it with no model server, no key and the MCP server never started', async () => {
    await server?.close()
    server = undefined
    rmSync(spawnLog, { force: true })
    const before = recordings()
    const run = await runVitestAsync(dir, [], {
      CI: 'true',
      SCENARIO_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
      MCP_SPAWN_LOG: spawnLog,
    })
    expect(run.code, run.output).toBe(0)
    expect(run.output).toMatch(
      /\[sample\] tools=get_weather\+add answer=From the tools: .*Oslo: 4°C, snow.* replayed=true/,
    )
    expect(spawns()).toEqual([])
    expect(recordings()).toEqual(before)
  }, 120_000)

  test('a changed MCP request fails in CI with the miss report, still without starting the server', async () => {
    const [[name, text]] = [...recordings()] as [[string, string]]
    const changed = text.replace('"city": "Oslo"', '"city": "Bergen"')
    expect(changed).not.toBe(text)
    writeFileSync(join(dir, name), changed)
    const run = await runVitestAsync(dir, [], {
      CI: 'true',
      SCENARIO_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
      MCP_SPAWN_LOG: spawnLog,
    })
    writeFileSync(join(dir, name), text)
    expect(run.code).toBe(1)
    expect(run.output).toContain('RecordingMissingError')
    expect(run.output).toContain(
      "No recording for MCP request #2 of this test (server 'weather', tools/call 'get_weather')",
    )
    expect(run.output).toMatch(/^ +- +"city": "Bergen"$/m)
    expect(run.output).toMatch(/^ +\+ +"city": "Oslo"$/m)
    expect(spawns()).toEqual([])
  }, 120_000)
})

describe("the guide's example, as a newcomer runs it: the packed package in a fresh project", () => {
  const page = docSection('docs/guide/mcp.md', '## With the OpenAI Agents SDK')
  const [testFile = ''] = codeBlocks(page, 'ts')
  const [serverFile = ''] = codeBlocks(page, 'js')

  test('recorded against the model server and its MCP server, then replayed in CI with the server file gone', async () => {
    expect(testFile).toContain("import { mcpServer } from 'vitest-scenario/mcp'")
    expect(serverFile).toContain("server.registerTool(\n  'get_weather'")
    const guideDir = prepareSample('readme-mcp')
    writeFileSync(join(guideDir, 'weather.test.ts'), testFile)
    writeFileSync(join(guideDir, 'weather-server.mjs'), serverFile)
    const local = await startOpenAIServer({ created: 1_700_000_000, chatOnly: true })
    local.setDefaultReply(playWeather)
    try {
      const recording = await runVitestAsync(guideDir, ['--update=new'], {
        CI: '',
        OPENAI_BASE_URL: local.baseURL,
        OPENAI_API_KEY: KEY,
      })
      expect(recording.code, recording.output).toBe(0)
      expect(recording.output).toMatch(/Tests\s+1 passed \(1\)/)
    } finally {
      await local.close()
    }
    const files = readdirSync(join(guideDir, '__recordings__'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.json'))
    expect(files).toHaveLength(1)
    const text = readFileSync(join(guideDir, '__recordings__', files[0] ?? ''), 'utf8')
    expect(text).not.toContain(KEY)
    expect(parseRecording(text, 'x').mcp?.map((i) => i.tool ?? i.method)).toContain('get_weather')
    // Without the server's file, a server started in CI would fail the test.
    rmSync(join(guideDir, 'weather-server.mjs'))
    const replay = await runVitestAsync(guideDir, [], {
      CI: 'true',
      OPENAI_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
    })
    expect(replay.code, replay.output).toBe(0)
    expect(replay.output).toMatch(/Tests\s+1 passed \(1\)/)
  }, 240_000)
})
