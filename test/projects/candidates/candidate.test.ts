import { expect } from 'vitest'
import { END, scenario } from 'vitest-scenario'

scenario(
  'keeps its answer under pushback',
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addNode('challenge', { question: 'Are you sure?' })
      .addEdge('ask', 'challenge')
      .addEdge('challenge', END)
      .setEntry('ask')
  },
  async ({ run, candidate }) => {
    // The run's candidate, as the test that spawns this project expects it.
    expect(candidate).toBe(process.env.EXPECT_CANDIDATE || undefined)
    console.log(`candidate in the context: ${candidate ?? 'none'}`)
    const result = await run()
    expect(result.error?.message).toBeUndefined()
    expect(result.status).toBe('completed')
  },
)
