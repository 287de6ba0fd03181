import { expect, test } from 'vitest'
import { END, runScenario, Scenario, scriptedModel } from 'vitest-scenario'

// Without @openai/agents the rest of the package works as before, with no warning.
test('a scenario runs without the optional peers', async () => {
  const definition = new Scenario('plain')
    .addNode('ask', { question: 'Hello?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()
  const result = await runScenario(definition, { model: scriptedModel(['Hi.']) })
  expect(result.status).toBe('completed')
})
