import { expect } from 'vitest'
import { defineTemplate, END, exactMatch, scenario, tool } from 'vitest-scenario'
import { z } from 'zod'

// The plugin's models (README, "The Responses API") answer and parse over the Responses API.
const weather = tool({
  description: 'The weather in a city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: 'sunny' }),
})

const sky = defineTemplate({
  schema: z.object({ sky: z.string() }),
  groundTruth: { sky: 'sunny' },
  verify: { sky: exactMatch() },
})

scenario(
  'answers with a tool over the Responses API',
  (s) =>
    s
      .addNode('ask', { question: { question: 'What is the sky like in Paris?', template: sky } })
      .addEdge('ask', END)
      .setEntry('ask'),
  async ({ run }) => {
    const result = await run({ tools: { weather } })
    expect(result).toHaveStatus('completed')
    expect(result).toHaveCalledTool('weather', { city: 'Paris' })
    expect(result.history[0]?.verifyResult).toBe(true)
    console.log(
      `[sample] answer=${result.history[0]?.rawResponse} replayed=${result.history[0]?.usage.replayed === true}`,
    )
  },
)
