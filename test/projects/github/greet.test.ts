import { expect } from 'vitest'
import { END, scenario } from 'vitest-scenario'

// A second file, so a run split in two shards gives each shard one.
scenario(
  'greets the user',
  { model: async () => 'Hello!' },
  (s) => {
    s.addNode('greet', { question: 'Hello?' }).addEdge('greet', END).setEntry('greet')
  },
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
  },
)
