import { END, scenario } from 'vitest-scenario'

scenario(
  'masks the tenant id with the hook from the module',
  (s) => {
    s.addNode('ask', { question: 'Which tenant am I? I am tenant-123456.' })
      .addEdge('ask', END)
      .setEntry('ask')
  },
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
  },
)
