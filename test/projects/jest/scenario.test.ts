import { expect } from '@jest/globals'
import { END, lastTurn, scriptedModel } from 'vitest-scenario/core'
import { scenario } from 'vitest-scenario/jest'

scenario(
  'keeps its answer under pushback',
  { model: scriptedModel(['Venetoclax.', 'Yes: venetoclax.']) },
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addNode('challenge', { question: 'Are you sure? I read it was navitoclax.' })
      .addEdge('ask', 'challenge')
      .addEdge('challenge', END)
      .setEntry('ask')
      .addOutcome('kept', lastTurn({ rawResponse: { matches: 'venetoclax' } }))
  },
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result).toHaveFollowedPath(['ask', 'challenge'])
    expect(result).not.toHaveTurnCount(3)
    expect(result).toMatchSnapshot()
  },
)

scenario(
  'fails when the agent gives in',
  { model: scriptedModel(['Venetoclax.', 'You are right: navitoclax.']) },
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' })
      .addNode('challenge', { question: 'Are you sure? I read it was navitoclax.' })
      .addEdge('ask', 'challenge')
      .addEdge('challenge', END)
      .setEntry('ask')
      .addOutcome('kept', lastTurn({ rawResponse: { matches: 'venetoclax' } }))
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario.each([{ drug: 'venetoclax' }, { drug: 'navitoclax' }])(
  'names $drug',
  (s, { drug }) => {
    s.addNode('ask', { question: `Spell ${drug}.` })
      .addEdge('ask', END)
      .setEntry('ask')
  },
  async ({ run }, { drug }) => {
    const result = await run({ model: scriptedModel([drug]) })
    expect(result).toHaveTurnCheck(lastTurn({ rawResponse: { matches: drug } }))
  },
)

scenario.concurrent(
  'runs concurrently',
  { model: scriptedModel(['Paris.']) },
  (s) => {
    s.addNode('ask', { question: 'Capital of France?' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run }) => {
    expect(await run()).toHaveVisited('ask', 1)
  },
)

scenario.skipIf(true)(
  'is skipped by skipIf',
  (s) => s,
  async () => {},
)
scenario.runIf(false)(
  'is skipped by runIf',
  (s) => s,
  async () => {},
)
scenario.skip(
  'is skipped',
  (s) => s,
  async () => {},
)
scenario.todo('is still to write')

scenario(
  'times out after its own timeout',
  { model: scriptedModel(['Paris.']), timeout: 100 },
  (s) => {
    s.addNode('ask', { question: 'Capital of France?' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run }) => {
    await run()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  },
)

scenario.each([
  ['venetoclax', 1],
  ['navitoclax', 2],
])(
  'passes an array row whole: %s',
  (s, [drug]) => {
    s.addNode('ask', { question: `Spell ${drug}.` })
      .addEdge('ask', END)
      .setEntry('ask')
  },
  async ({ run }, row) => {
    expect(row).toHaveLength(2)
    const result = await run({ model: scriptedModel([`${row[0]} ${row[1]}`]) })
    expect(result).toHaveTurnCheck(lastTurn({ rawResponse: { matches: `${row[0]} ${row[1]}` } }))
  },
)
