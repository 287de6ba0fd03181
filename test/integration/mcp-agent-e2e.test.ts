import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseRecording } from '../../src/recordings/recording-file.js'
import { transcriptOf } from '../openai-agents/support.js'
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
    expect(spawns()).toHaveLength(1)
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
    const { writeFileSync } = await import('node:fs')
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
