import { expect } from '@jest/globals'
import { END, lastTurn, scriptedModel } from 'vitest-scenario/core'
import { scenario } from 'vitest-scenario/jest'

// The pull request's change (`DRIFT=1`) rewords this file's second question: that scenario's
// definition changes, so a comparison cannot compare it with the base branch's run.
const reworded = process.env.DRIFT === '1'

scenario(
  'names the inhibitor',
  { model: scriptedModel(['Venetoclax.']) },
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcome('named', lastTurn({ rawResponse: { matches: '[Vv]enetoclax' } }))
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario(
  'names the starting dose',
  { model: scriptedModel(['20 mg of venetoclax on day one.']) },
  (s) => {
    s.addNode('ask', {
      question: reworded
        ? 'What is the first dose of venetoclax in CLL?'
        : 'Which dose of venetoclax starts the ramp-up in CLL?',
    })
      .addEdge('ask', END)
      .setEntry('ask')
      .addOutcome('dosed', lastTurn({ rawResponse: { matches: '20 mg' } }))
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)
