import { scenario } from 'vitest-scenario'
import { twoTurns } from './graph.js'

// @ts-expect-error -- a typo of `samples`, refused when the file is collected
scenario('has a typo in its options', { sample: 3 }, twoTurns, async ({ run }) => {
  await run()
})
