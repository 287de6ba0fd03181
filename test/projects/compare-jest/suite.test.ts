import { expect } from '@jest/globals'
import { scenario } from 'vitest-scenario/jest'
import { ask } from './ask.js'

// The baseline's wrong answer the candidate fixes, and the baseline's right answer the candidate
// gets wrong.
scenario(
  'fixed: names the inhibitor',
  (s) => ask(s, 'FIXED: Which drug inhibits BCL-2?'),
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario(
  'regressed: names the inhibitor',
  (s) => ask(s, 'ROUTE: Which drug inhibits BCL-2?'),
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)
