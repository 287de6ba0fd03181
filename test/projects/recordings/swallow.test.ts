import OpenAI from 'openai'
import { expect, test } from 'vitest'
import { wrap } from 'vitest-scenario'

test('an app that swallows the failed call', async () => {
  const client = wrap(
    new OpenAI({
      baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
      apiKey: process.env.OPENAI_API_KEY ?? 'replay-only',
    }),
  )
  try {
    await client.chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Never recorded.' }],
    })
  } catch {
    // The app under test hides the error; the recording miss must still fail the test.
  }
})

test('an app that swallows the failed call, then fails an assertion', async () => {
  const client = wrap(
    new OpenAI({
      baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
      apiKey: process.env.OPENAI_API_KEY ?? 'replay-only',
    }),
  )
  const answer = await client.chat.completions
    .create({ model: 'test-model', messages: [{ role: 'user', content: 'Also never recorded.' }] })
    .catch(() => undefined)
  // Fails because the call failed: the recording miss explains it, so it is printed first.
  expect(answer, 'the app answered').toBeDefined()
})
