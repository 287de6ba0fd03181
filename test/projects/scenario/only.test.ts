import { scenario } from 'vitest-scenario'
import { twoTurns } from './graph.js'

scenario.only('runs alone', { model: () => 'ok' }, twoTurns, async ({ run }) => {
  await run()
})

scenario('is left out by .only', { model: () => 'ok' }, twoTurns, async () => {
  throw new Error('a scenario left out by .only ran')
})
