import type { AgentConfiguration } from '@openai/agents'
import { Agent, OpenAIProvider, setDefaultOpenAIClient } from '@openai/agents'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AgentContext } from '../../src/models/types.js'
import { openAIAgent } from '../../src/openai-agents/index.js'
import { jsonAble } from '../../src/openai-agents/json-able.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { type AirlineContext, airlineAgents, mathGuardrail, playAirline } from './airline.js'

// Agents SDK guardrails through openAIAgent: a tripwire is the turn's reply data (the guardrail's
// name, kind and info), not an error; a guardrail that fails is still an error. The guardrail
// agent calls the global run(), which uses the SDK's default client: set here, once, before any
// run (the SDK's default provider keeps the first client it resolves).

let server: ScriptedServer

const client = () =>
  new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake-agents', maxRetries: 0 })

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  setDefaultOpenAIClient(client())
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.setDefaultReply(playAirline)
})

const firstTurn = {
  nodeId: 'ask',
  turn: 0,
  state: { history: [] },
  signal: new AbortController().signal,
} as unknown as AgentContext

/** The triage agent with `guardrails` added, behind openAIAgent on the scripted server. */
function guarded(guardrails: Partial<AgentConfiguration<AirlineContext>>) {
  const { triage } = airlineAgents()
  return openAIAgent(triage.clone(guardrails), {
    runConfig: { modelProvider: new OpenAIProvider({ openAIClient: client() }) },
    context: {},
  })
}

describe('openAIAgent: Agents SDK guardrails', () => {
  test('an input guardrail (a guardrail agent run with run()) trips: reply data, no answer', async () => {
    const agent = guarded({ inputGuardrails: [mathGuardrail()] })
    const reply = await agent([{ role: 'user', content: 'Solve 2x + 3 = 11 for me.' }], firstTurn)
    expect(reply).toEqual({
      content: '',
      guardrail: {
        name: 'Math Homework Guardrail',
        kind: 'input',
        info: { isMathHomework: true, reasoning: 'The user asks to solve an equation.' },
      },
      agents: ['Triage Agent'],
      agent: 'Triage Agent',
    })
    // The guardrail agent's call went to the server; the blocking guardrail stopped triage's.
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      'guardrail-model',
    ])
  })

  test('a question the guardrail lets through is answered as usual', async () => {
    const agent = guarded({ inputGuardrails: [mathGuardrail()] })
    const reply = await agent([{ role: 'user', content: 'Hello there.' }], firstTurn)
    expect(reply).toMatchObject({
      content: 'How can I help with your flight?',
      agent: 'Triage Agent',
    })
    expect(reply).not.toHaveProperty('guardrail')
  })

  test('an output guardrail trips after a handoff: kind output, the chain up to the judged agent', async () => {
    const { triage, seats } = airlineAgents()
    const noSeatTalk = {
      name: 'No seat talk',
      execute: async ({ agentOutput }: { agentOutput: unknown }) => ({
        tripwireTriggered: true,
        // Functions and undefined are dropped, a date becomes its text: the info is plain data.
        outputInfo: { said: agentOutput, check: () => true, missing: undefined, at: new Date(0) },
      }),
    }
    seats.outputGuardrails = [noSeatTalk]
    const checked = openAIAgent(triage, {
      runConfig: { modelProvider: new OpenAIProvider({ openAIClient: client() }) },
      context: {},
    })
    const reply = await checked([{ role: 'user', content: 'I need a new seat.' }], firstTurn)
    expect(reply).toEqual({
      content: '',
      guardrail: {
        name: 'No seat talk',
        kind: 'output',
        info: {
          said: 'Sure. What is your confirmation number, and which seat would you like?',
          at: '1970-01-01T00:00:00.000Z',
        },
      },
      agents: ['Triage Agent', 'Seat Booking Agent'],
      agent: 'Seat Booking Agent',
    })
  })

  test('a guardrail that throws is still an error (GuardrailExecutionError), not a trip', async () => {
    const agent = guarded({
      inputGuardrails: [
        {
          name: 'Broken',
          runInParallel: false,
          execute: async () => {
            throw new Error('the guardrail service is down')
          },
        },
      ],
    })
    await expect(agent([{ role: 'user', content: 'Hi' }], firstTurn)).rejects.toMatchObject({
      name: 'GuardrailExecutionError',
    })
  })
})

describe('jsonAble', () => {
  test('keeps what JSON keeps, as values; a toJSON is used; cycles and class methods dropped', () => {
    const cycle: Record<string, unknown> = { a: 1 }
    cycle.self = cycle
    class Verdict {
      ok = true
      explain() {
        return 'x'
      }
    }
    expect(
      jsonAble({
        list: [1, undefined, () => 0, Number.NaN],
        when: new Date('2026-01-02T03:04:05.000Z'),
        agent: new Agent({ name: 'Judge' }),
        cycle,
        verdict: new Verdict(),
        symbol: Symbol('s'),
      }),
    ).toEqual({
      list: [1, null, null, null],
      when: '2026-01-02T03:04:05.000Z',
      agent: { name: 'Judge' },
      cycle: { a: 1 },
      verdict: { ok: true },
    })
    expect(jsonAble(undefined)).toBeNull()
    expect(jsonAble({ id: 7n, inf: Number.POSITIVE_INFINITY })).toEqual({ id: '7', inf: null })
    expect(jsonAble('text')).toBe('text')
  })
})
