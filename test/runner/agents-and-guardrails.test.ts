import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import type { AgentFunction, ChatMessage } from '../../src/core.js'
import { END, runScenario, Scenario, scriptedModel } from '../../src/core.js'
import { GuardrailTripwire } from '../../src/errors/guardrail-tripwire.js'
import { exactMatch } from '../../src/primitives/index.js'
import { callableTrait } from '../../src/rubrics/index.js'
import { defineTemplate } from '../../src/templates/index.js'
import { tool } from '../../src/tools/index.js'
import { useScriptedServer } from '../models/server-fixture.js'

// The agent-stack fields of a reply on the turn record and in the state: the chain of agents
// (`agents`, `agent` its last entry) and a tripped guardrail, which ends the turn with no answer,
// completes it and lets the run go on along the edges.

const twoTurns = () =>
  new Scenario('chain')
    .addNode('ask', { question: 'Where is my refund?' })
    .addNode('confirm', { question: 'Thanks, anything else?' })
    .addEdge('ask', 'confirm')
    .addEdge('confirm', END)
    .setEntry('ask')
    .validate()

describe('the chain of agents', () => {
  test('`agent` alone is a chain of one; `agents` alone gives `agent` its last entry', async () => {
    const model = scriptedModel([
      { content: 'Looking.', agent: 'triage' },
      { content: 'Refunded.', agents: ['triage', 'billing'] },
    ])
    const result = await runScenario(twoTurns(), { model })
    expect(result.status).toBe('completed')
    expect(result.history.map((t) => [t.agent, t.agents])).toEqual([
      ['triage', ['triage']],
      ['billing', ['triage', 'billing']],
    ])
    expect(result.finalState).toMatchObject({ agent: 'billing', agents: ['triage', 'billing'] })
    expect(result.finalState.guardrail).toBeNull()
  })

  test('a reply without agents clears the latest turn’s agents in the state', async () => {
    const model = scriptedModel([{ content: 'a', agents: ['triage', 'billing'] }, 'b'])
    const result = await runScenario(twoTurns(), { model })
    expect(result.history[1]).not.toHaveProperty('agents')
    expect(result.finalState.agents).toEqual([])
    expect(result.finalState).not.toHaveProperty('agent')
  })

  test.each([
    [
      'agents that disagree with agent',
      { agent: 'triage', agents: ['triage', 'billing'] },
      "a reply whose `agent` 'triage' is not the last entry of `agents` ('billing')",
    ],
    [
      'an empty agents array',
      { agents: [] },
      'a reply whose `agents` is an empty array; expected the chain of agents that handled the turn (a non-empty array of names, the entry agent first)',
    ],
    ['a name that is no string', { agents: ['triage', 4] }, 'a reply whose `agents[1]` is 4'],
    [
      'a guardrail without a kind',
      { guardrail: { name: 'no-math' } },
      "a reply whose `guardrail.kind` is undefined; expected 'input' or 'output'",
    ],
    [
      'a guardrail with an empty name',
      { guardrail: { name: '', kind: 'input' } },
      "a reply whose `guardrail.name` is ''",
    ],
    [
      'a guardrail whose info is no JSON',
      { guardrail: { name: 'g', kind: 'output', info: { at: new Date(0) } } },
      'a reply whose `guardrail.info` holds',
    ],
  ])('%s is an agent error naming the field', async (_, fields, message) => {
    // What a JavaScript agent could return: typed as unknown on purpose.
    const reply: unknown = { content: 'x', ...fields }
    const result = await runScenario(twoTurns(), { model: () => reply as string })
    expect(result.status).toBe('error')
    expect(result.error?.category).toBe('agent')
    expect(result.error?.message).toMatch(/^\[vitest-scenario\] The agent at node 'ask' returned /)
    expect(result.error?.message).toContain(message)
  })
})

const drug = defineTemplate({
  schema: z.object({ drug: z.string() }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch() },
  parse: (raw) => ({ drug: raw }),
})

/**
 * `ask` routes on the guardrail: refused by `no-math`, the run goes to `explain`, which continues
 * the conversation; otherwise it ends.
 */
const routed = (rubricCalls: string[]) =>
  new Scenario('guarded')
    .addNode('ask', {
      question: {
        question: 'What is 12 * 7?',
        template: drug,
        rubric: {
          traits: [
            callableTrait('seen', (raw) => {
              rubricCalls.push(raw)
              return true
            }),
          ],
        },
      },
    })
    .addNode('explain', { question: 'Why can you not help with that?' })
    .addEdge('ask', 'explain', { when: { 'guardrail.name': 'no-math' } })
    .addEdge('ask', END)
    .addEdge('explain', END)
    .setEntry('ask')
    .validate()

describe('a tripped guardrail', () => {
  test('the turn completes with no answer, nothing judged; the run routes on it and goes on', async () => {
    const seen: ChatMessage[][] = []
    const rubricCalls: string[] = []
    const agent: AgentFunction = (conversation) => {
      seen.push(conversation)
      if (seen.length === 1) {
        return {
          content: 'ignored',
          agents: ['triage'],
          guardrail: { name: 'no-math', kind: 'input', info: { reason: 'homework' } },
        }
      }
      return 'I only answer questions about your orders.'
    }
    const result = await runScenario(routed(rubricCalls), { model: agent })
    expect(result.status).toBe('completed')
    expect(result.path).toEqual(['ask', 'explain'])
    const [refused, next] = result.history
    expect(refused).toMatchObject({
      rawResponse: null,
      parsedFields: {},
      verifyResult: null,
      rubric: {},
      messages: [],
      agent: 'triage',
      guardrail: { name: 'no-math', kind: 'input', info: { reason: 'homework' } },
    })
    expect(refused?.error).toBeUndefined()
    expect(refused?.route?.reason).toBe('condition')
    // Neither the template nor the rubric ran on the refused turn.
    expect(rubricCalls).toEqual([])
    // The next turn sees the refused question and no assistant answer for it.
    expect(seen[1]?.map((m) => [m.role, m.content])).toEqual([
      ['user', 'What is 12 * 7?'],
      ['user', 'Why can you not help with that?'],
    ])
    expect(next?.guardrail).toBeUndefined()
    expect(result.finalState.guardrail).toBeNull()
  })

  test('a reply with a guardrail may leave content out; info left out is null', async () => {
    const reply: unknown = { guardrail: { name: 'pii', kind: 'output' } }
    const result = await runScenario(routed([]), { model: () => reply as string })
    expect(result.status).toBe('completed')
    expect(result.history[0]?.guardrail).toEqual({ name: 'pii', kind: 'output', info: null })
    // Not `no-math`: the fallback edge ends the run.
    expect(result.path).toEqual(['ask'])
  })

  test.each([
    [
      'thrown at once',
      () => {
        throw new GuardrailTripwire('no-math', { info: { score: 0.9 } })
      },
    ],
    [
      'rejected',
      async () => {
        throw new GuardrailTripwire('no-math', { info: { score: 0.9 } })
      },
    ],
    [
      'the cause of another error',
      async () => {
        const tripwire = new GuardrailTripwire('no-math', { info: { score: 0.9 } })
        throw new Error('the SDK wrapped it', { cause: tripwire })
      },
    ],
  ])('a GuardrailTripwire %s by the agent is the turn’s guardrail', async (_, trip) => {
    let calls = 0
    const agent: AgentFunction = (conversation, context) => {
      calls++
      return calls === 1 ? trip() : `fine (${conversation.length}, ${context.nodeId})`
    }
    const result = await runScenario(routed([]), { model: agent })
    expect(result.status).toBe('completed')
    expect(result.path).toEqual(['ask', 'explain'])
    expect(result.history[0]).toMatchObject({
      rawResponse: null,
      guardrail: { name: 'no-math', kind: 'input', info: { score: 0.9 } },
    })
    expect(result.history[1]?.rawResponse).toBe('fine (2, explain)')
  })

  test('another error is still the turn’s failure', async () => {
    const result = await runScenario(routed([]), {
      model: () => {
        throw new Error('boom')
      },
    })
    expect(result.status).toBe('error')
    expect(result.history[0]?.guardrail).toBeUndefined()
  })
})

describe('when reads agent, agents and guardrail', () => {
  const byAgent = () =>
    new Scenario('handoff')
      .addNode('ask', { question: 'I want a refund.' })
      .addNode('billing', { question: 'How long will it take?' })
      .addNode('other', { question: 'Who are you?' })
      .addEdge('ask', 'billing', { when: { agents: { contains: 'billing' } } })
      .addEdge('ask', 'other', { when: { agent: 'triage' } })
      .addEdge('ask', END)
      .addEdge('billing', END)
      .addEdge('other', END)
      .setEntry('ask')
      .validate()

  test('agents with contains, and agent by value', async () => {
    const handedOff = await runScenario(byAgent(), {
      model: scriptedModel([{ content: 'On it.', agents: ['triage', 'billing'] }, 'Soon.']),
    })
    expect(handedOff.path).toEqual(['ask', 'billing'])
    const stayed = await runScenario(byAgent(), {
      model: scriptedModel([{ content: 'Hello.', agent: 'triage' }, 'Triage.']),
    })
    expect(stayed.path).toEqual(['ask', 'other'])
  })
})

describe('a tool of the library’s own model that throws a GuardrailTripwire', () => {
  const { server, model } = useScriptedServer()
  const guarded = (onError?: 'report') =>
    tool({
      description: 'Refunds an order',
      parameters: z.object({ id: z.string() }),
      execute: ({ id }) => {
        throw new GuardrailTripwire('no-math', { kind: 'output', info: { id } })
      },
      ...(onError === undefined ? {} : { onError }),
    })

  test.each([
    ['by default', undefined],
    ["with onError: 'report' (never shown to the model)", 'report' as const],
  ])('trips the turn’s guardrail %s, the call kept on the record', async (_, onError) => {
    server().reply(
      { toolCalls: [{ id: 'call_1', name: 'refund', arguments: { id: '1042' } }] },
      { content: 'Anything else?' },
    )
    const result = await runScenario(routed([]), {
      model: model(),
      tools: { refund: guarded(onError) },
    })
    expect(result.status).toBe('completed')
    expect(result.history[0]).toMatchObject({
      rawResponse: null,
      guardrail: { name: 'no-math', kind: 'output', info: { id: '1042' } },
      toolCalls: [{ id: 'call_1', name: 'refund' }],
    })
    expect(result.path).toEqual(['ask', 'explain'])
    // The refused turn's tool round never reaches the model: one call for it, one for `explain`,
    // which sees both questions and nothing of the refused turn's tool round.
    expect(server().requests).toHaveLength(2)
    const second = server().requests[1]?.body as { messages: { role: string }[] }
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'user'])
  })
})
