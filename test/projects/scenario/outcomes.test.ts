import { expect } from 'vitest'
import { lastTurn, scenario } from 'vitest-scenario'
import { twoTurns } from './graph.js'

const caves = () => 'You are right, it is BCL2L1.'

scenario(
  'fails on a false outcome after the body',
  { model: caves },
  (s) => twoTurns(s).addOutcome('kept BCL2', lastTurn({ rawResponse: { matches: '\\bBCL2\\b' } })),
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
  },
)

scenario(
  'asserts nothing with assertOutcomes: false',
  { model: caves, assertOutcomes: false },
  (s) => twoTurns(s).addOutcome('kept BCL2', lastTurn({ rawResponse: { matches: '\\bBCL2\\b' } })),
  async ({ run }) => {
    const result = await run()
    expect(result).not.toPassOutcomes()
  },
)

scenario(
  'fails when the body never calls run()',
  { model: caves },
  (s) => twoTurns(s),
  async () => {},
)

scenario(
  'fails with the validation problems of a broken graph',
  { model: caves },
  (s) => s.addNode('ask', { question: 'Hi' }).addEdge('ask', 'nowhere'),
  async ({ run }) => {
    await run()
  },
)
