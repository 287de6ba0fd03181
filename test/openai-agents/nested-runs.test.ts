import { Agent, OpenAIProvider, Runner } from '@openai/agents'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { runScenario, Scenario, wrap } from '../../src/core.js'
import { memoryStore, RecordingSession } from '../../src/host.js'
import { openAIAgent } from '../../src/openai-agents/index.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { airlineAgents, playAirline } from './airline.js'

// An agent used as a tool (agent.asTool()) runs on the turn's runner's model provider: its model
// call is recorded with the turn's, and replayed without the server.

let server: ScriptedServer

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.setDefaultReply(playAirline)
})

test("an agent as a tool goes through the runner's provider: recorded, then replayed", async () => {
  const { faq } = airlineAgents()
  const desk = new Agent({
    name: 'Desk',
    model: 'triage-model',
    instructions: 'Ask the FAQ agent.',
    tools: [faq.asTool({ toolName: 'ask_faq', toolDescription: 'Asks the FAQ agent.' })],
  })
  const store = memoryStore()
  const session = (mode: 'new' | 'replay') =>
    new RecordingSession({
      file: '/rec/nested.json',
      displayFile: 'nested.json',
      test: 'nested',
      mode,
      command: 'vitest run',
      store,
    })
  const openai = new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake-agents' })
  const ask = new Scenario('bags')
    .addNode('bags', { question: 'How many bags may I bring?' })
    .setEntry('bags')
    .validate()
  const runWith = (recording: RecordingSession) =>
    runScenario(ask, {
      model: openAIAgent(desk, {
        runner: new Runner({
          modelProvider: new OpenAIProvider({ openAIClient: wrap(openai, recording) }),
        }),
      }),
    })

  const recording = session('new')
  const recorded = await runWith(recording)
  await recording.finish(false)
  expect(recorded.status, recorded.error?.message).toBe('completed')
  expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual([
    'triage-model',
    'faq-model',
    'triage-model',
  ])
  expect(recorded.history[0]?.rawResponse).toBe(
    'The FAQ says: You may bring one bag of up to 23 kg.',
  )

  server.setDefaultReply({ status: 500, message: 'the server is gone' })
  const replaying = session('replay')
  const replayed = await runWith(replaying)
  await replaying.finish(true)
  expect(replayed.status, replayed.error?.message).toBe('completed')
  expect(server.requests).toHaveLength(3)
  expect(replayed.history[0]?.rawResponse).toBe(recorded.history[0]?.rawResponse)
  expect(replayed.history[0]?.toolNames).toEqual(['ask_faq'])
})
