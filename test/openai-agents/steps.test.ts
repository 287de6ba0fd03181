import { Agent, OpenAIChatCompletionsModel, tool } from '@openai/agents'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { evaluateOutcome, runScenario, Scenario, toolTrajectory } from '../../src/core.js'
import { openAIAgent } from '../../src/openai-agents/index.js'
import { stepsFromResponses } from '../../src/openai-agents/steps.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'

// The steps of an Agents SDK run's tool calls: the calls one model response made (parallel
// calls) share a step, with the real SDK against the scripted server's Chat Completions API.

let server: ScriptedServer

beforeAll(async () => {
  server = await startOpenAIServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const weatherAgent = () => {
  const getWeather = tool({
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => (city === 'SF' ? 'sunny' : 'rainy'),
  })
  const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key-fake', maxRetries: 0 })
  // A model instance, not a name: the run uses it as is, whatever provider is the default.
  return new Agent({
    name: 'Weather',
    model: new OpenAIChatCompletionsModel(client, 'weather-model'),
    instructions: 'Answer with the weather.',
    tools: [getWeather],
  })
}

const oneTurn = () =>
  new Scenario('weather')
    .addNode('ask', { question: 'What is the weather in SF and London?' })
    .setEntry('ask')
    .validate()

describe('steps of an Agents SDK run', () => {
  test('the calls of one model response share a step; the next response starts the next', async () => {
    server.reply(
      {
        toolCalls: [
          { id: 'c1', name: 'get_weather', arguments: { city: 'SF' } },
          { id: 'c2', name: 'get_weather', arguments: { city: 'London' } },
        ],
      },
      { toolCalls: [{ id: 'c3', name: 'get_weather', arguments: { city: 'Paris' } }] },
      { content: 'Sunny in SF, rainy in London and Paris.' },
    )
    const result = await runScenario(oneTurn(), { model: openAIAgent(weatherAgent()) })
    expect(result.status, result.error?.message).toBe('completed')
    expect(result.history[0]?.toolCalls.map((call) => [call.id, call.step, call.result])).toEqual([
      ['c1', 0, 'sunny'],
      ['c2', 0, 'rainy'],
      ['c3', 1, 'rainy'],
    ])
    // Strict: the parallel calls in any order, the steps in order.
    const outcome = (expected: Parameters<typeof toolTrajectory>[0]) =>
      evaluateOutcome(toolTrajectory(expected), result)
    const weather = (city: string) => ({ name: 'get_weather', args: { city } })
    expect(outcome([weather('London'), weather('SF'), weather('Paris')])).toBe(true)
    expect(outcome([weather('Paris'), weather('SF'), weather('London')])).toBe(false)
  })

  test("a call no response names keeps its step; responses without calls don't count", () => {
    const call = (id: string, step: number) => ({ id, name: 't', arguments: {}, step })
    const responses = [
      { output: [{ type: 'message' }] },
      {
        output: [
          { type: 'function_call', callId: 'a' },
          { type: 'function_call', callId: 'b' },
        ],
      },
      { output: 'not a list' },
      { output: [{ type: 'function_call', callId: 'c' }] },
    ]
    expect(
      stepsFromResponses([call('a', 7), call('b', 8), call('c', 9), call('d', 3)], responses).map(
        (record) => record.step,
      ),
    ).toEqual([0, 0, 1, 3])
  })
})
