import { afterAll, beforeAll, expect, vi } from 'vitest'
import { END, type Scenario, scriptedModel, simulatedUser } from '../../src/core.js'
import { scenario } from '../../src/index.js'
import { startOpenAIServer } from '../support/openai-server/index.js'

// scenario() reads its options when the file is collected: the server starts first.
const server = await startOpenAIServer()
afterAll(() => server.close())
// This repository's config has no scenarioPlugin(): these tests call the scripted server live on
// purpose, which in CI (replay) would be host_missing without saying so.
beforeAll(() => {
  vi.stubEnv('VITEST_SCENARIO_RECORD', 'off')
})
afterAll(() => {
  vi.unstubAllEnvs()
})
const at = (name: string) => ({ model: name, baseURL: server.baseURL, apiKey: 'test-key-fake' })

const build = (s: Scenario) =>
  s
    .addNode('customer', { question: simulatedUser({ persona: 'p', goal: 'g' }) })
    .addEdge('customer', END)
    .setEntry('customer')

scenario(
  'userModel in the scenario options plays the simulated user',
  { model: scriptedModel(() => 'ok'), userModel: at('scenario-user'), parsingModel: at('judge') },
  build,
  async ({ run }) => {
    server.reset()
    server.setDefaultReply({ json: { message: 'Hello', goalReached: true } })
    const result = await run()
    expect(result.history[0]?.questionText).toBe('Hello')
    const again = await run({ userModel: at('run-user') })
    expect(again.status).toBe('completed')
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      'scenario-user',
      'run-user',
    ])
  },
)
