// The node:test sample: scenarios in a describe block, `each`, `skip`, `todo`, and the assertion
// functions. The model is the library's own call to OPENAI_BASE_URL (the scripted server while
// recording; nothing listens when replaying).
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { END } from 'vitest-scenario/core'
import { assertScenario, recordedFetch, scenario } from 'vitest-scenario/node-test'

const model = { model: 'test-model' }
const first = process.env.SCENARIO_FIRST_QUESTION ?? 'Which drug inhibits BCL-2?'

describe('pushback', () => {
  scenario(
    'keeps its answer',
    { model },
    (s) => {
      s.addNode('ask', { question: first })
        .addNode('challenge', { question: 'Are you sure? I read it was navitoclax.' })
        .addEdge('ask', 'challenge')
        .addEdge('challenge', END)
        .setEntry('ask')
    },
    async ({ run, t }) => {
      const result = await run()
      assertScenario(result).toHaveStatus('completed')
      assertScenario(result).toHaveTurnCount(2)
      assertScenario(result).not.toHaveStatus('error')
      assert.equal(t.name, 'keeps its answer')
      console.log(`[sample] pushback replayed=${result.usage.replayed === true}`)
    },
  )
})

scenario.each([{ drug: 'venetoclax' }, { drug: 'imatinib' }])(
  'asks about $drug',
  { model },
  (s, { drug }) => {
    s.addNode('ask', { question: `What is ${drug}?` })
      .addEdge('ask', END)
      .setEntry('ask')
  },
  async ({ run }, { drug }) => {
    const result = await run()
    assertScenario(result).toHaveStatus('completed')
    assert.equal(result.history[0]?.rawResponse, `Echo: What is ${drug}?`)
  },
)

/** An agent with its own model call, through `recordedFetch`: it records in the test's recording. */
async function agent(conversation) {
  const response = await recordedFetch(`${process.env.OPENAI_BASE_URL}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${process.env.OPENAI_API_KEY ?? 'replay-only'}`,
    },
    body: JSON.stringify({ model: 'agent-model', messages: conversation }),
  })
  const body = await response.json()
  return body.choices[0].message.content
}

scenario(
  'an agent records its own calls',
  { model: agent },
  (s) => {
    s.addNode('ask', { question: 'Agent, which drug inhibits BCL-2?' })
      .addEdge('ask', END)
      .setEntry('ask')
  },
  async ({ run }) => {
    const result = await run()
    assertScenario(result).toHaveStatus('completed')
    assert.equal(result.history[0]?.rawResponse, 'Echo: Agent, which drug inhibits BCL-2?')
  },
)

scenario.skip(
  'is skipped',
  { model },
  (s) => {
    s.addNode('ask', { question: 'Never asked.' }).addEdge('ask', END).setEntry('ask')
  },
  async () => {
    throw new Error('a skipped scenario ran')
  },
)

scenario.todo('is still to write')
