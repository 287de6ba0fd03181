import { expect, test } from '@jest/globals'
import OpenAI from 'openai'
import { END } from 'vitest-scenario/core'
import { scenario, wrap } from 'vitest-scenario/jest'

// Tests whose calls cannot be recorded: each fails with a message that says why and what to do.
const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'

test.concurrent('a plain concurrent test cannot record', async () => {
  const client = wrap(new OpenAI({ baseURL, apiKey: 'replay-only', maxRetries: 0 }))
  await expect(
    client.chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Concurrent call.' }],
    }),
  ).rejects.toMatchObject({
    // The SDK wraps what its `fetch` threw; Jest prints the cause under the error.
    cause: { message: expect.stringContaining('nothing finishes the recording of') },
  })
})

for (const answer of ['first', 'second']) {
  scenario(
    'shares a name',
    (s) => {
      s.addNode('ask', { question: `Say ${answer}.` })
        .addEdge('ask', END)
        .setEntry('ask')
    },
    async ({ run }) => {
      expect(await run()).toHaveStatus('completed')
    },
  )
}
