// Under `node --test --test-only`, only the scenario marked `only` runs.
import { END } from 'vitest-scenario/core'
import { scenario } from 'vitest-scenario/node-test'

const build = (s) => {
  s.addNode('ask', { question: 'Which drug inhibits BCL-2?' }).addEdge('ask', END).setEntry('ask')
}

scenario.only('runs alone', { model: { model: 'test-model' } }, build, async ({ run }) => {
  await run()
  console.log('[sample] only ran')
})

scenario('is left out', { model: { model: 'test-model' } }, build, async () => {
  throw new Error('a scenario left out by --test-only ran')
})
