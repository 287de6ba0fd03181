import { expect, test } from 'vitest'
import { END, runScenario, Scenario } from 'vitest-scenario'

test('a response that echoes the key is not written', async () => {
  const definition = new Scenario('echo')
    .addNode('ask', { question: 'Echo my key.' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()
  const result = await runScenario(definition, {
    model: {
      model: 'test-model',
      baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
    },
  })
  expect(result.turnCount).toBe(1)
})
