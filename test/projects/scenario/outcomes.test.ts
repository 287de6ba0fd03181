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
  'fails naming an outcome that could not be evaluated',
  { model: caves },
  (s) =>
    twoTurns(s).addOutcomeCriterion({
      name: 'graded by a service',
      evaluate: () => {
        throw new Error('grading service unreachable')
      },
    }),
  async ({ run }) => {
    await run()
  },
)

scenario(
  'fails showing the reason a callable gave',
  { model: caves },
  (s) =>
    twoTurns(s).addOutcomeCriterion({
      name: 'short',
      evaluate: (result) => ({
        pass: result.turnCount <= 1,
        reason: `took ${result.turnCount} turns, at most 1 allowed`,
      }),
    }),
  async ({ run }) => {
    await run()
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
