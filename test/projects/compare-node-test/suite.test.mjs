// The baseline's wrong answer the candidate fixes, and the baseline's right answer the candidate
// gets wrong.
import { assertScenario } from 'vitest-scenario/node-test'
import { ask, scenario } from './scenario.mjs'

scenario(
  'fixed: names the inhibitor',
  (s) => ask(s, 'FIXED: Which drug inhibits BCL-2?'),
  async ({ run }) => {
    assertScenario(await run()).toHaveStatus('completed')
  },
)

scenario(
  'regressed: names the inhibitor',
  (s) => ask(s, 'ROUTE: Which drug inhibits BCL-2?'),
  async ({ run }) => {
    assertScenario(await run()).toHaveStatus('completed')
  },
)
