import { expect } from 'vitest'
import { END, scenario } from 'vitest-scenario'

// A model base URL with a password in its user-info (`http://user:<password>@127.0.0.1:9/v1`),
// given through the environment: the call fails, and the error that quotes the URL reaches the
// matcher message, the task meta and every report — each must show it masked.
const baseURL = process.env.SCENARIO_CREDENTIALED_URL ?? 'http://127.0.0.1:9/v1'

scenario(
  'a base URL with a password in it',
  (s) => s.addNode('ask', { question: 'say:hello' }).addEdge('ask', END).setEntry('ask'),
  async ({ run }) => {
    const result = await run({ model: { model: 'test-model', baseURL } })
    // Fails: the run ends in a connection error, which the failure message quotes.
    expect(result).toHaveStatus('completed')
  },
)
