// A conversation snapshot through node:test's own snapshots (`t.assert.snapshot`, Node 22.3+).
import { END } from 'vitest-scenario/core'
import { assertScenario, scenario } from 'vitest-scenario/node-test'

scenario(
  'matches its conversation snapshot',
  { model: { model: 'test-model' } },
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run, t }) => {
    const result = await run()
    assertScenario(result).toMatchConversationSnapshot(t)
  },
)
