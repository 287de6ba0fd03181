import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  type AgentReply,
  type ChatMessage,
  runScenario,
  Scenario,
  scriptedModel,
  tool,
} from '../../src/core.js'
import { useScriptedServer } from '../models/server-fixture.js'

// Each tool call record carries its step: the calls one assistant message (one model response)
// made share it, whoever made them — an agent's messages, its own records, the library's model.

const oneTurn = () =>
  new Scenario('weather')
    .addNode('ask', { question: 'What is the weather in SF and London?' })
    .setEntry('ask')
    .validate()

const callMessage = (...calls: [id: string, city: string][]): ChatMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: calls.map(([id, city]) => ({
    id,
    type: 'function',
    function: { name: 'get_weather', arguments: JSON.stringify({ city }) },
  })),
})
const toolMessage = (id: string, content: string): ChatMessage => ({
  role: 'tool',
  tool_call_id: id,
  content,
})

const steps = (reply: AgentReply | string) =>
  runScenario(oneTurn(), { model: () => reply }).then((result) => {
    expect(result.status, result.error?.message).toBe('completed')
    return result.history[0]?.toolCalls.map((call) => [call.id, call.step])
  })

describe('steps of the tool calls an agent reports', () => {
  test('read from messages: the calls of one assistant message share a step', async () => {
    expect(
      await steps({
        content: 'Sunny in SF, rainy in London; Paris is cloudy.',
        messages: [
          callMessage(['c1', 'SF'], ['c2', 'London']),
          toolMessage('c1', 'sunny'),
          toolMessage('c2', 'rainy'),
          { role: 'assistant', content: 'Let me check Paris too.' },
          callMessage(['c3', 'Paris']),
          toolMessage('c3', 'cloudy'),
        ],
      }),
    ).toEqual([
      ['c1', 0],
      ['c2', 0],
      ['c3', 1],
    ])
  })

  test('toolCalls without steps take them from the message carrying their id', async () => {
    const record = (id: string, city: string) => ({
      id,
      name: 'get_weather',
      arguments: { city },
    })
    expect(
      await steps({
        content: 'Done.',
        messages: [
          callMessage(['c1', 'SF'], ['c2', 'London']),
          toolMessage('c1', 'sunny'),
          toolMessage('c2', 'rainy'),
          callMessage(['c4', 'Rome']),
          toolMessage('c4', 'hot'),
        ],
        // c3 is in no message: a step of its own, in order.
        toolCalls: [
          record('c1', 'SF'),
          record('c2', 'London'),
          record('c3', 'Oslo'),
          record('c4', 'Rome'),
        ],
      }),
    ).toEqual([
      ['c1', 0],
      ['c2', 0],
      ['c3', 1],
      ['c4', 2],
    ])
  })

  test('without messages each call is its own step; steps given are kept', async () => {
    const record = (id: string, step?: number) => ({
      id,
      name: 'search',
      arguments: {},
      ...(step === undefined ? {} : { step }),
    })
    expect(await steps({ content: 'x', toolCalls: [record('a'), record('b')] })).toEqual([
      ['a', 0],
      ['b', 1],
    ])
    expect(
      await steps({ content: 'x', toolCalls: [record('a', 0), record('b', 0), record('c', 1)] }),
    ).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 1],
    ])
    // The scripted model's replies are read the same way.
    const scripted = await runScenario(oneTurn(), {
      model: scriptedModel([{ content: 'x', toolCalls: [record('a'), record('b', 4)] }]),
    })
    expect(scripted.history[0]?.toolCalls.map((call) => call.step)).toEqual([0, 4])
  })

  test('a step that is no index makes the reply an agent error naming it', async () => {
    const result = await runScenario(oneTurn(), {
      model: () => ({
        content: 'x',
        toolCalls: [{ id: 'a', name: 'search', arguments: {}, step: 1.5 }],
      }),
    })
    expect(result.status).toBe('error')
    expect(result.error?.category).toBe('agent')
    expect(result.error?.message).toContain(
      "returned a reply whose `toolCalls[0]` has `step` 1.5; expected the step's index in the turn (an integer ≥ 0",
    )
  })
})

describe("steps of the library's own model", () => {
  const { server, model } = useScriptedServer()
  const getWeather = tool({
    description: 'The weather in a city',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => (city === 'SF' ? 'sunny' : 'rainy'),
  })

  test('each model response is a step: the calls it asked for at once share it', async () => {
    server().reply(
      {
        toolCalls: [
          { id: 'c1', name: 'get_weather', arguments: { city: 'SF' } },
          { id: 'c2', name: 'get_weather', arguments: { city: 'London' } },
        ],
      },
      { toolCalls: [{ id: 'c3', name: 'get_weather', arguments: { city: 'Paris' } }] },
      { content: 'Sunny in SF, rainy in London and Paris.' },
    )
    const result = await runScenario(oneTurn(), {
      model: model(),
      tools: { get_weather: getWeather },
    })
    expect(result.status, result.error?.message).toBe('completed')
    expect(result.history[0]?.toolCalls.map((call) => [call.id, call.step, call.result])).toEqual([
      ['c1', 0, 'sunny'],
      ['c2', 0, 'rainy'],
      ['c3', 1, 'rainy'],
    ])
  })
})
