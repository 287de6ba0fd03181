import { expect } from '@jest/globals'
import { scenario } from 'vitest-scenario/jest'
import { ask } from './ask.js'

// A second file, so Jest runs the suite in its workers: both models answer this one right.
scenario(
  'steady: names the inhibitor',
  (s) => ask(s, 'STEADY: Which drug inhibits BCL-2?'),
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)
