import { createOpenAI } from '@ai-sdk/openai'
import { tool } from 'ai'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { aiSdkAgent } from '../../src/ai-sdk/index.js'
import {
  type AgentFunction,
  type ChatMessage,
  evaluateOutcome,
  runScenario,
  Scenario,
  type ScenarioExecutionResult,
  type TrajectoryMode,
  toolTrajectory,
} from '../../src/core.js'
// Registers the matchers on this file's `expect`.
import '../matchers/support.js'
import { useScriptedServer } from '../models/server-fixture.js'

// agentevals' trajectory tests "different tool message order" and "different message count"
// (langchain-ai/agentevals, js/src/trajectory/tests/trajectory.test.ts), on real runs: strict
// passes with the parallel calls of one assistant message in the other order, and fails when
// the same calls are split over two assistant messages; the other modes pass both.

const weatherScenario = () =>
  new Scenario('weather')
    .addNode('ask', { question: 'What is the weather in SF and London?' })
    .setEntry('ask')
    .validate()

const call = (id: string, city: string) => ({
  id,
  type: 'function' as const,
  function: { name: 'get_weather', arguments: JSON.stringify({ city }) },
})
const answer = "The weather in SF is 80 degrees and sunny. In London, it's 90 degrees and rainy."
const sf = {
  role: 'tool',
  tool_call_id: 'sf',
  content: "It's 80 degrees and sunny in SF.",
} as const
const london = {
  role: 'tool',
  tool_call_id: 'london',
  content: "It's 90 degrees and rainy in London.",
} as const

/** agentevals' outputs: one assistant message with both calls, SF first. */
const oneMessage: AgentFunction = () => ({
  content: answer,
  messages: [
    { role: 'assistant', content: '', tool_calls: [call('sf', 'SF'), call('london', 'London')] },
    sf,
    london,
    { role: 'assistant', content: answer },
  ] satisfies ChatMessage[],
})

/** agentevals' outputs of the second test: the same calls, one assistant message each. */
const twoMessages: AgentFunction = () => ({
  content: answer,
  messages: [
    { role: 'assistant', content: '', tool_calls: [call('sf', 'SF')] },
    sf,
    { role: 'assistant', content: '', tool_calls: [call('london', 'London')] },
    london,
    { role: 'assistant', content: answer },
  ] satisfies ChatMessage[],
})

// The reference: London first, both in one message.
const weather = (city: string) => ({ name: 'get_weather', args: { city } })
const reference = [weather('London'), weather('SF')]
const referenceStep = [[weather('London'), weather('SF')]]

const MODES: TrajectoryMode[] = ['strict', 'unordered', 'superset', 'subset']

/** The verdict of each mode, by toolTrajectory and by the matcher, which must agree. */
function verdicts(
  result: ScenarioExecutionResult,
  expected: Parameters<typeof toolTrajectory>[0],
): Record<TrajectoryMode, boolean> {
  const out = {} as Record<TrajectoryMode, boolean>
  for (const mode of MODES) {
    const verdict = evaluateOutcome(toolTrajectory(expected, { mode }), result) as boolean
    if (verdict) expect(result).toHaveToolTrajectory(expected, { mode })
    else expect(result).not.toHaveToolTrajectory(expected, { mode })
    out[mode] = verdict
  }
  return out
}

const ALL_PASS = { strict: true, unordered: true, superset: true, subset: true }
const STRICT_FAILS = { strict: false, unordered: true, superset: true, subset: true }

describe('an agent function returning Chat Completions messages', () => {
  test('different tool message order: every mode passes', async () => {
    const result = await runScenario(weatherScenario(), { model: oneMessage })
    expect(result.status, result.error?.message).toBe('completed')
    expect(verdicts(result, reference)).toEqual(ALL_PASS)
    expect(verdicts(result, referenceStep)).toEqual(ALL_PASS)
    // Strict with the parallel calls in the order made fails on the reversed reference.
    expect(result).not.toHaveToolTrajectory(reference, { parallel: 'ordered' })
    expect(result).toHaveToolTrajectory([weather('SF'), weather('London')], { parallel: 'ordered' })
  })

  test('different message count: strict fails, the other modes pass', async () => {
    const result = await runScenario(weatherScenario(), { model: twoMessages })
    expect(result.status, result.error?.message).toBe('completed')
    expect(verdicts(result, reference)).toEqual(STRICT_FAILS)
    expect(verdicts(result, referenceStep)).toEqual(STRICT_FAILS)
  })
})

describe('an AI SDK agent whose model calls both tools in one step', () => {
  const { server } = useScriptedServer()
  const agent = () =>
    aiSdkAgent({
      model: createOpenAI({ baseURL: server().baseURL, apiKey: 'test-key-fake' }).chat('m'),
      tools: {
        get_weather: tool({
          description: 'The weather in a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => (city === 'SF' ? '80 and sunny' : '90 and rainy'),
        }),
      },
    })
  const getWeather = (id: string, city: string) => ({
    id,
    name: 'get_weather',
    arguments: { city },
  })

  test('different tool message order: every mode passes', async () => {
    server().reply(
      { toolCalls: [getWeather('sf', 'SF'), getWeather('london', 'London')] },
      { content: answer },
    )
    const result = await runScenario(weatherScenario(), { model: agent() })
    expect(result.status, result.error?.message).toBe('completed')
    expect(result.history[0]?.toolCalls.map((c) => c.step)).toEqual([0, 0])
    expect(verdicts(result, reference)).toEqual(ALL_PASS)
    expect(verdicts(result, referenceStep)).toEqual(ALL_PASS)
  })

  test('different message count: strict fails, the other modes pass', async () => {
    server().reply(
      { toolCalls: [getWeather('sf', 'SF')] },
      { toolCalls: [getWeather('london', 'London')] },
      { content: answer },
    )
    const result = await runScenario(weatherScenario(), { model: agent() })
    expect(result.status, result.error?.message).toBe('completed')
    expect(result.history[0]?.toolCalls.map((c) => c.step)).toEqual([0, 1])
    expect(verdicts(result, reference)).toEqual(STRICT_FAILS)
    expect(verdicts(result, referenceStep)).toEqual(STRICT_FAILS)
  })
})
