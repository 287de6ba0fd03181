// scenarioWith: node:test's host defaults and candidates. VITEST_SCENARIO_CANDIDATE=next answers
// with next-model and records under __recordings__/.candidates/next/; the body gets the name.
import assert from 'node:assert/strict'
import { END } from 'vitest-scenario/core'
import { scenarioWith } from 'vitest-scenario/node-test'

const scenario = scenarioWith({
  model: { model: 'test-model' },
  candidates: { next: { model: { model: 'next-model' } } },
})

scenario(
  'answers as its candidate',
  (s) => {
    s.addNode('ask', { question: 'Which drug inhibits BCL-2?' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run, candidate }) => {
    console.log(`[sample] candidate=${candidate ?? 'none'}`)
    const result = await run()
    assert.equal(result.error?.message, undefined)
    assert.equal(result.usage.model, candidate === 'next' ? 'next-model' : 'test-model')
  },
)
