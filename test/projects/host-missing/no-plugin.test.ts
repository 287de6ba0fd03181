// Scenario tests as a user writes them, in a project that forgot the plugin. The model is the
// scripted server the integration test starts (SCENARIO_BASE_URL).
import { expect } from 'vitest'
import { END, type Scenario, scenario } from 'vitest-scenario'

const model = {
  model: 'test-model',
  baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
}
const build = (s: Scenario) =>
  s.addNode('ask', { question: 'Which drug?' }).addEdge('ask', END).setEntry('ask')

scenario('asks the model', { model }, build, async ({ run }) => {
  const result = await run()
  expect(result.status).toBe('completed')
})

scenario('asks the model again', { model }, build, async ({ run }) => {
  const result = await run()
  expect(result.status).toBe('completed')
})

// An agent function and no model named anywhere: nothing to record, so no host is needed.
scenario(
  'an agent function alone',
  { model: async () => 'Venetoclax.' },
  build,
  async ({ run }) => {
    const result = await run()
    expect(result.status).toBe('completed')
  },
)
