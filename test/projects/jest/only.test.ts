import { expect } from '@jest/globals'
import { END, scriptedModel } from 'vitest-scenario/core'
import { scenario } from 'vitest-scenario/jest'

scenario.only(
  'is the only one run in this file',
  { model: scriptedModel(['Paris.']) },
  (s) => {
    s.addNode('ask', { question: 'Capital of France?' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run }) => {
    expect(await run()).toHaveStatus('completed')
  },
)

scenario(
  'is left out by only',
  (s) => s,
  async () => {
    throw new Error('only() did not leave this scenario out')
  },
)
