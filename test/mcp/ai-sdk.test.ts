import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createMCPClient } from '@ai-sdk/mcp'
import { createOpenAI } from '@ai-sdk/openai'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { generateText, stepCountIs } from 'ai'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeMcpToolSet } from '../../src/mcp/ai-sdk.js'
import { parseRecording } from '../../src/recordings/recording-file.js'
import type { RecordingSession } from '../../src/recordings/session.js'
import { memoryStore } from '../../src/recordings/store.js'
import { transcriptOf } from '../openai-agents/support.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ReceivedRequest, ScriptedServer } from '../support/openai-server/types.js'
import { resultsDir } from '../support/paths.js'
import { SERVER_SCRIPT, session } from './support.js'

// The AI SDK's MCP client (`@ai-sdk/mcp`) over stdio, its tools used by generateText against a
// Chat Completions server on 127.0.0.1: the MCP requests are recorded, then replayed with the MCP
// server never spawned, and the model is sent the same tool results.

const log = join(resultsDir, 'mcp', 'ai-sdk.log')
let model: ScriptedServer

beforeAll(async () => {
  mkdirSync(join(resultsDir, 'mcp'), { recursive: true })
  rmSync(log, { force: true })
  model = await startOpenAIServer({ created: 1_700_000_000 })
  model.setDefaultReply((request: ReceivedRequest) => {
    const results = transcriptOf(request.body).filter((line) => line.startsWith('result '))
    return results.length === 0
      ? { toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Oslo' } }] }
      : { content: `Per the tool: ${results.join(' | ')}` }
  })
})
afterAll(() => model.close())

const spawns = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').length : 0)

async function ask(recording: RecordingSession) {
  const weather = await makeMcpToolSet(
    () => recording,
    () => import('ai'),
  )('weather', () =>
    createMCPClient({
      transport: new StdioClientTransport({
        command: process.execPath,
        args: [SERVER_SCRIPT, 'stdio'],
        env: { MCP_FIXTURE_SPAWN_LOG: log, PATH: process.env.PATH ?? '' },
        stderr: 'ignore',
      }),
    }),
  )
  try {
    const openai = createOpenAI({ baseURL: model.baseURL, apiKey: 'test-key-fake' })
    const result = await generateText({
      model: openai.chat('forecast-model'),
      tools: weather.tools,
      stopWhen: stepCountIs(3),
      prompt: 'How cold is it in Oslo?',
    })
    return { tools: Object.keys(weather.tools), text: result.text }
  } finally {
    await weather.close()
  }
}

test('tools of the AI SDK MCP client are recorded, then replayed with the server never spawned', async () => {
  const store = memoryStore()
  const recording = session(store, 'new')
  const live = await ask(recording)
  expect(spawns()).toBe(1)
  expect(live.tools).toEqual(['add', 'get_weather', 'fail'])
  expect(live.text).toContain('Oslo: 4°C, snow')
  expect(recording.failures).toEqual([])
  await recording.finish(false)
  const file = parseRecording(store.read('/rec/mcp.json') ?? '', 'mcp.json')
  expect(file.mcp?.map((i) => `${i.method} ${i.tool ?? ''}`.trim())).toEqual([
    'tools/list',
    'tools/call get_weather',
  ])
  const sentLive = model.requests.at(-1)?.body

  const replay = session(store, 'replay')
  const replayed = await ask(replay)
  expect(spawns()).toBe(1)
  expect(replayed).toEqual(live)
  // The model was sent the same tool result, as the AI SDK's own MCP tools give it.
  expect(model.requests.at(-1)?.body).toEqual(sentLive)
  expect(replay.failures).toEqual([])
})
