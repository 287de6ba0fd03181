import { OpenAIProvider, Runner } from '@openai/agents'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { END, runScenario, Scenario, type ScenarioDefinition } from '../../src/core.js'
import type { AgentContext } from '../../src/models/types.js'
import { openAIAgent } from '../../src/openai-agents/index.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { type AirlineContext, airlineAgents, playAirline, TO_SEATS } from './airline.js'
import { transcriptOf } from './support.js'

// openAIAgent's continuation over turns with the SDK's customer-service shape: a turn starts with
// the agent that answered the previous one (read from the run's history), the app's own Runner is
// used as is, and one run context is shared by the turns.

let server: ScriptedServer

const client = () =>
  new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake-agents', maxRetries: 0 })

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.setDefaultReply(playAirline)
})

/** Three user turns: ask for a seat change, give the booking, ask which seat is on file. */
const seatChange = (): ScenarioDefinition =>
  new Scenario('seat change')
    .addNode('ask', { question: 'I would like to change my seat.' })
    .addNode('booking', { question: 'Confirmation ABC123, seat 14C please.' })
    .addNode('check', { question: 'Which seat do I have now?' })
    .addEdge('ask', 'booking')
    .addEdge('booking', 'check')
    .addEdge('check', END)
    .setEntry('ask')
    .validate()

/** The models the server was asked, in order. */
const models = () => server.requests.map((r) => (r.body as { model: string }).model)

/** A turn context whose history's last turn was answered by `agent`. */
const previousTurnBy = (agent: string | undefined): AgentContext =>
  ({
    nodeId: 'next',
    turn: 1,
    state: { history: [agent === undefined ? {} : { agent }] },
    signal: new AbortController().signal,
  }) as unknown as AgentContext

describe('openAIAgent continues with the agent that answered', () => {
  test("the app's runner, its hooks and one shared context: one handoff over three turns", async () => {
    const { triage } = airlineAgents()
    const runner = new Runner({ modelProvider: new OpenAIProvider({ openAIClient: client() }) })
    const handoffs: string[] = []
    runner.on(
      'agent_handoff',
      (_context, from, to) => void handoffs.push(`${from.name}>${to.name}`),
    )
    const context: AirlineContext = {}
    const result = await runScenario(seatChange(), {
      model: openAIAgent(triage, { runner, context }),
    })
    expect(result.status, result.error?.message).toBe('completed')
    expect(result.history.map((turn) => turn.agent)).toEqual([
      'Seat Booking Agent',
      'Seat Booking Agent',
      'Seat Booking Agent',
    ])
    // Turn 1: triage, then the seat agent; turns 2 and 3 start at the seat agent.
    expect(models()).toEqual([
      'triage-model',
      'seat-model',
      'seat-model',
      'seat-model',
      'seat-model',
    ])
    const lastRequest = transcriptOf(server.requests.at(-1)?.body)
    expect(lastRequest.filter((line) => line.includes(' transfer_to_'))).toEqual([
      `call call_seats ${TO_SEATS} {}`,
    ])
    expect(handoffs).toEqual(['Triage Agent>Seat Booking Agent'])
    // The tool wrote the shared context on turn 2; turn 3's instructions read it.
    expect(context).toEqual({ confirmationNumber: 'ABC123', seatNumber: '14C' })
    expect(result.history[2]?.rawResponse).toBe('You are in seat 14C.')
    expect(result.history[1]?.toolNames).toEqual(['update_seat'])
  })

  test("continueWith: 'entry' starts every turn at the entry agent, which hands off again", async () => {
    const { triage } = airlineAgents()
    const result = await runScenario(seatChange(), {
      model: openAIAgent(triage, {
        runConfig: { modelProvider: new OpenAIProvider({ openAIClient: client() }) },
        context: {},
        continueWith: 'entry',
      }),
    })
    expect(result.status, result.error?.message).toBe('completed')
    expect(models().filter((model) => model === 'triage-model')).toHaveLength(3)
    expect(result.history.map((turn) => turn.toolNames[0])).toEqual([TO_SEATS, TO_SEATS, TO_SEATS])
  })

  test('the reply carries the chain: the starting agent, then each handoff target', async () => {
    const { triage } = airlineAgents()
    const agent = openAIAgent(triage, {
      runConfig: { modelProvider: new OpenAIProvider({ openAIClient: client() }) },
      context: {},
    })
    const first = await agent(
      [{ role: 'user', content: 'I want another seat.' }],
      previousTurnBy(undefined),
    )
    expect(first).toMatchObject({
      agents: ['Triage Agent', 'Seat Booking Agent'],
      agent: 'Seat Booking Agent',
    })
    const next = await agent(
      [{ role: 'user', content: 'Which seat do I have now?' }],
      previousTurnBy('Seat Booking Agent'),
    )
    expect(next).toMatchObject({ agents: ['Seat Booking Agent'], agent: 'Seat Booking Agent' })
    // A previous turn without an agent (a scripted or guardrail turn) starts at the entry.
    const fresh = await agent([{ role: 'user', content: 'Hello' }], previousTurnBy(undefined))
    expect(fresh).toMatchObject({ agents: ['Triage Agent'], agent: 'Triage Agent' })
  })

  test('one agent function serves concurrent scenarios: each continues from its own history', async () => {
    const { triage } = airlineAgents()
    const agent = openAIAgent(triage, {
      runConfig: { modelProvider: new OpenAIProvider({ openAIClient: client() }) },
    })
    const greeting = new Scenario('greeting')
      .addNode('hi', { question: 'Hello' })
      .addNode('again', { question: 'Hello again' })
      .addEdge('hi', 'again')
      .addEdge('again', END)
      .setEntry('hi')
      .validate()
    const [seats, hello] = await Promise.all([
      runScenario(seatChange(), { model: agent }),
      runScenario(greeting, { model: agent }),
    ])
    expect(seats.history.map((turn) => turn.agent)).toEqual([
      'Seat Booking Agent',
      'Seat Booking Agent',
      'Seat Booking Agent',
    ])
    expect(hello.history.map((turn) => turn.agent)).toEqual(['Triage Agent', 'Triage Agent'])
  })

  test('a previous agent no handoff reaches is an agent error saying what to do', async () => {
    const { seats } = airlineAgents()
    const lone = openAIAgent(seats.clone({ handoffs: [] }), {
      runConfig: { modelProvider: new OpenAIProvider({ openAIClient: client() }) },
    })
    await expect(
      lone([{ role: 'user', content: 'Hi' }], previousTurnBy('Triage Agent')),
    ).rejects.toThrow(
      expect.objectContaining({
        code: 'adapter_failed',
        message: expect.stringMatching(
          /^\[vitest-scenario\] openAIAgent cannot start turn 1 with the agent 'Triage Agent', which answered turn 0: no agent of that name is reachable from 'Seat Booking Agent' through handoffs[\s\S]*continueWith: 'entry'/,
        ),
      }),
    )
    expect(server.requests).toHaveLength(0)
  })
})

describe('openAIAgent options', () => {
  test('runner with runConfig, a runner that is none and an unknown continueWith are refused', () => {
    const { triage } = airlineAgents()
    expect(() => openAIAgent(triage, { runner: new Runner(), runConfig: {} })).toThrow(
      '[vitest-scenario] openAIAgent(agent, { runner, runConfig }) takes a runner or a run configuration, got both',
    )
    expect(() => openAIAgent(triage, { runner: {} as Runner })).toThrow(
      "openAIAgent(agent, { runner }) needs the SDK's Runner, got an object",
    )
    expect(() => openAIAgent(triage, { continueWith: 'last' as never })).toThrow(
      "openAIAgent(agent, { continueWith }) needs 'lastAgent' or 'entry', got 'last'",
    )
  })
})
