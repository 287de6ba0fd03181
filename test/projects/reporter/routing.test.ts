import { expect } from 'vitest'
import { END, scenario, statusIs } from 'vitest-scenario'

scenario(
  'retries until the agent gets it',
  {
    model: async (_conversation, { nodeId, state }) =>
      nodeId === 'ask' && (state.nodeVisits.ask ?? 0) < 2 ? 'Not sure.' : 'Venetoclax.',
  },
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addNode('hint', { question: 'Hint: it starts with "ven".' })
      .addEdge('ask', END, {
        when: (st) => /venetoclax/i.test(st.history.at(-1)?.rawResponse ?? ''),
      })
      .addEdge('ask', 'hint')
      .addEdge('hint', 'ask')
      .setEntry('ask')
      .addOutcome('completed', statusIs('completed'))
  },
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result).toHaveVisited('ask', 3)
  },
)

scenario(
  'reports an agent that crashes',
  {
    model: async (_conversation, { nodeId }) => {
      if (nodeId === 'lookup') throw new Error('database unavailable')
      return 'ok'
    },
  },
  (s) => {
    s.addNode('greet', { question: 'Hello?' })
      .addNode('lookup', { question: 'Look up the <patient> record.' })
      .addEdge('greet', 'lookup')
      .addEdge('lookup', END)
      .setEntry('greet')
      .addOutcome('ended in an error', statusIs('error'))
  },
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('error')
    expect(result.error?.category).toBe('agent')
  },
)
