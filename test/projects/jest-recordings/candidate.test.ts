import { expect } from '@jest/globals'
import { END } from 'vitest-scenario/core'
import { scenario } from 'vitest-scenario/jest'

// The candidate of the run reaches the body: the model comes from it, a test's own agent would too.
scenario(
  'answers as its candidate',
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run, candidate }) => {
    console.log(`[sample] candidate=${candidate ?? 'none'}`)
    const result = await run()
    expect(result.error?.message).toBeUndefined()
    expect(result.usage.model).toBe(candidate === 'next' ? 'next-model' : 'test-model')
  },
)
