// A scenario whose assertion fails: the test fails with node:assert's AssertionError and the
// matcher's message.
import { END } from 'vitest-scenario/core'
import { assertScenario, scenario } from 'vitest-scenario/node-test'

scenario(
  'fails its assertion',
  { model: { model: 'test-model' } },
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run }) => {
    const result = await run()
    assertScenario(result).toHaveStatus('error')
  },
)
