// A second file, in its own process under `node --test`: both models answer this one right.
import { assertScenario } from 'vitest-scenario/node-test'
import { ask, scenario } from './scenario.mjs'

scenario(
  'steady: names the inhibitor',
  (s) => ask(s, 'STEADY: Which drug inhibits BCL-2?'),
  async ({ run }) => {
    assertScenario(await run()).toHaveStatus('completed')
  },
)
