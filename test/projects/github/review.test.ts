import { expect } from 'vitest'
import { END, scenario, statusIs } from 'vitest-scenario'

// An agent with no model and no network: it names the right drug unless SAMPLE_REGRESS=1, the
// pull request's "change" that the review should catch.
const answer = async () => (process.env.SAMPLE_REGRESS === '1' ? 'Navitoclax.' : 'Venetoclax.')

scenario(
  'names the BCL-2 inhibitor',
  { model: answer },
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addNode('wrong', { question: 'Are you sure?' })
      .addEdge('ask', END, {
        when: (st) => /venetoclax/i.test(st.history.at(-1)?.rawResponse ?? ''),
      })
      .addEdge('ask', 'wrong')
      .addEdge('wrong', END)
      .setEntry('ask')
      .addOutcome('completed', statusIs('completed'))
  },
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result).not.toHaveVisited('wrong')
  },
)
