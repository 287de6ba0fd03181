import { expect, test } from 'vitest'
import { recordedFetch } from 'vitest-scenario'

// Any SDK (or none) records through `recordedFetch`: here plain requests, as an SDK of another
// provider would send them through its `fetch` option.
const url = `${process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'}/chat/completions`
const headers = {
  'content-type': 'application/json',
  authorization: `Bearer ${process.env.OPENAI_API_KEY ?? 'replay-only'}`,
}

test('a JSON answer records and replays through recordedFetch', async () => {
  const response = await recordedFetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Name a BCL-2 inhibitor, any provider.' }],
    }),
  })
  const body = (await response.json()) as { choices: { message: { content: string } }[] }
  expect(response.status).toBe(200)
  expect(body.choices[0]?.message.content).toContain('any provider')
  console.log(`[sample] fetch-json ${body.choices[0]?.message.content}`)
})

test('an event stream records and replays through recordedFetch', async () => {
  const response = await recordedFetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Stream a BCL-2 inhibitor, any provider.' }],
      stream: true,
    }),
  })
  const text = await response.text()
  expect(response.headers.get('content-type')).toContain('text/event-stream')
  expect(text).toContain('data: [DONE]')
  console.log(`[sample] fetch-stream events=${text.split('data: ').length - 1}`)
})
