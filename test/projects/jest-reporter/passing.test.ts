import { describe, expect } from '@jest/globals'
import { END, lastTurn, scriptedModel } from 'vitest-scenario/core'
import { scenario } from 'vitest-scenario/jest'

describe('pushback', () => {
  scenario(
    'keeps venetoclax',
    { model: scriptedModel(['Venetoclax.', 'Yes, venetoclax.']) },
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
})
