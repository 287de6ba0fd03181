import { describe, expect, test } from 'vitest'
import { END, runScenario, Scenario } from 'vitest-scenario'

// The scripted server's URL while recording; a closed port when replaying (nothing listens).
const model = {
  model: 'test-model',
  baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
}

function pushback(first: string) {
  return new Scenario('pushback')
    .addNode('ask', { question: first })
    .addNode('challenge', { question: 'Are you sure? I read it was navitoclax.' })
    .addNode('wrap', { question: 'Summarize in one word.' })
    .addEdge('ask', 'challenge')
    .addEdge('challenge', 'wrap')
    .addEdge('wrap', END)
    .setEntry('ask')
    .validate()
}

test(process.env.SCENARIO_TEST_NAME ?? 'keeps its answer under pushback', async () => {
  const result = await runScenario(
    pushback(process.env.SCENARIO_FIRST_QUESTION ?? 'Which drug inhibits BCL-2?'),
    { model },
  )
  expect(result.error?.message).toBeUndefined()
  expect(result.status).toBe('completed')
  expect(result.path).toEqual(['ask', 'challenge', 'wrap'])
  expect(result.usage.input).toBeGreaterThan(0)
  console.log(
    `[sample] replayed=${result.usage.replayed === true} input=${result.usage.input} recordedMs=${result.history.map((t) => t.recordedDurationMs ?? '-').join(',')}`,
  )
})

describe.concurrent('concurrent tests', () => {
  for (const drug of ['venetoclax', 'imatinib', 'osimertinib', 'trastuzumab']) {
    test(`asks about ${drug}`, async ({ expect }) => {
      const result = await runScenario(pushback(`What is ${drug}?`), { model })
      expect(result.status).toBe('completed')
      // The server echoes the question: each test got its own conversation back.
      expect(result.history[0]?.rawResponse).toContain(drug)
      for (const other of ['venetoclax', 'imatinib', 'osimertinib', 'trastuzumab']) {
        if (other !== drug) expect(JSON.stringify(result.history)).not.toContain(other)
      }
    })
  }
})

// A test of the same file that makes no model call: it gets no recording session, so no file and
// no recording summary in its task meta.
test('makes no model call', () => {
  expect(Object.keys(pushback('Which drug inhibits BCL-2?').nodes)).toHaveLength(3)
})
