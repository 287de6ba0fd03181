import OpenAI from 'openai'
import { expect, test } from 'vitest'
import { wrap } from 'vitest-scenario'

test('a streamed answer replays event by event', async () => {
  const client = wrap(
    new OpenAI({
      baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
      // Replaying needs no key, but the SDK wants one to construct a client.
      apiKey: process.env.OPENAI_API_KEY ?? 'replay-only',
      maxRetries: 0,
    }),
  )
  const stream = await client.chat.completions.create({
    model: 'test-model',
    messages: [{ role: 'user', content: 'Stream the name of a BCL-2 inhibitor.' }],
    stream: true,
  })
  const deltas: string[] = []
  for await (const chunk of stream) deltas.push(chunk.choices[0]?.delta?.content ?? '')
  expect(deltas.join('')).toContain('Stream the name of a BCL-2 inhibitor.')
  console.log(`[sample] chunks=${deltas.length}`)
})
