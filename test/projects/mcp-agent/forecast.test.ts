import { afterAll, beforeAll } from 'vitest'
import { END, scenario } from 'vitest-scenario'
import { openAIAgent } from 'vitest-scenario/openai-agents'
import { forecaster, modelProvider, weather } from './forecaster.js'

beforeAll(() => weather.connect())
afterAll(() => weather.close())

scenario(
  'the forecaster looks the weather up and adds on its MCP server',
  { model: openAIAgent(forecaster, { runConfig: { modelProvider } }) },
  (s) =>
    s
      .addNode('ask', { question: 'How cold is it in Oslo, and what is 2 + 3?' })
      .addEdge('ask', END)
      .setEntry('ask'),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result).toHaveCalledTool('get_weather', { city: 'Oslo' })
    expect(result).toHaveCalledTool('add', { a: 2, b: 3 })
    const answer = result.history[0]?.rawResponse
    expect(answer).toContain('Oslo: 4°C, snow')
    console.log(
      `[sample] tools=${result.history[0]?.toolNames.join('+')} answer=${answer} replayed=${result.usage.replayed === true}`,
    )
  },
)
