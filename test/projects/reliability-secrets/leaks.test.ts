import OpenAI from 'openai'
import { expect } from 'vitest'
import { END, scenario, wrap } from 'vitest-scenario'

// The scripted server answers each question with what it names; the secrets themselves reach
// this project only through the environment, so any copy of one in a file here is a leak.
const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'
const ask = (question: string) => (s: Parameters<Parameters<typeof scenario>[1]>[0]) =>
  s.addNode('ask', { question }).addEdge('ask', END).setEntry('ask')

scenario('an answer echoes the live key', ask('say:live-key'), async ({ run }) => {
  // A key given in the model config (its variable's name says nothing about secrets).
  const apiKey = process.env.SCENARIO_LIVE_CREDENTIAL ?? ''
  const result = await run({ model: { model: 'test-model', baseURL, apiKey } })
  expect(result).toHaveStatus('error')
})

scenario(
  'an answer holds an env secret, a Bearer token and a JWT',
  ask('say:env-bearer-jwt'),
  async ({ run }) => {
    const result = await run()
    expect(result).toMatchConversationSnapshot()
  },
)

scenario('an error body echoes the key', ask('say:error-401'), async ({ run }) => {
  const result = await run()
  expect(result).toHaveStatus('completed')
})

scenario('credentials in the query string', ask('say:hello'), async ({ run }) => {
  const client = wrap(
    new OpenAI({
      baseURL,
      apiKey: process.env.OPENAI_API_KEY,
      maxRetries: 0,
      defaultQuery: {
        'subscription-key': process.env.SCENARIO_QUERY_CREDENTIAL,
        'api-version': '2024-10-21',
      },
    }),
  )
  const result = await run({ model: { model: 'test-model', client } })
  expect(result).toHaveStatus('completed')
})

scenario(
  'redact and escapes reach the snapshot',
  ask('say:tenant-and-escapes'),
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result).toMatchConversationSnapshot()
    // A failing matcher prints the answer: its escapes must not reach the terminal raw.
    expect(result).toHaveTurnCount(5)
  },
)
