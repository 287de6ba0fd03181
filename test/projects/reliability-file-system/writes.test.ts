import { expect, test } from 'vitest'
import { END, scenario } from 'vitest-scenario'

// One test that records a conversation, one that makes no model call: when the recording cannot
// be written, only the first fails, and the run goes on.

scenario(
  'records its conversation',
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run }) => {
    const result = await run()
    expect(result.status).toBe('completed')
  },
)

test('a test without model calls', () => {
  expect(1 + 1).toBe(2)
})
