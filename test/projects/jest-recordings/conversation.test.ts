import { describe, expect, test } from '@jest/globals'
import OpenAI from 'openai'
import { END } from 'vitest-scenario/core'
import { scenario, wrap } from 'vitest-scenario/jest'

const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'
const first = process.env.SCENARIO_FIRST_QUESTION ?? 'Which drug inhibits BCL-2?'

scenario(
  'keeps its answer under pushback',
  (s) => {
    s.addNode('ask', { question: first })
      .addNode('challenge', { question: 'Are you sure? I read it was navitoclax.' })
      .addEdge('ask', 'challenge')
      .addEdge('challenge', END)
      .setEntry('ask')
  },
  async ({ run }) => {
    const result = await run()
    expect(result.error?.message).toBeUndefined()
    expect(result).toHaveStatus('completed')
    expect(result).toMatchConversationSnapshot()
    // The judge is withScenario's parsing model; its call records in this test's recording too.
    await expect(result).toSatisfyJudge(['The assistant answers every question.'])
    console.log(`[sample] pushback replayed=${result.usage.replayed === true}`)
  },
)

describe('concurrent', () => {
  for (const drug of ['venetoclax', 'imatinib']) {
    scenario.concurrent(
      `asks about ${drug}`,
      (s) => {
        s.addNode('ask', { question: `What is ${drug}?` })
          .addEdge('ask', END)
          .setEntry('ask')
      },
      async ({ run }) => {
        const result = await run()
        expect(result).toHaveStatus('completed')
        expect(result.history[0]?.rawResponse).toBe(`Echo: What is ${drug}?`)
      },
    )
  }
})

scenario(
  'samples record one file each',
  { samples: 2 },
  (s) => {
    s.addNode('ask', { question: 'Sample me.' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run }) => {
    const set = await run()
    expect(set.results).toHaveLength(2)
    expect(set).toHavePassRate(0.1)
  },
)

// Renamed through SCENARIO_PLAIN_NAME by the test of a renamed test's miss report.
test(process.env.SCENARIO_PLAIN_NAME ?? 'a plain test records through wrap()', async () => {
  const client = wrap(new OpenAI({ baseURL, apiKey: process.env.OPENAI_API_KEY ?? 'replay-only' }))
  const completion = await client.chat.completions.create({
    model: 'test-model',
    messages: [{ role: 'user', content: 'Plain call for tenant-123456.' }],
  })
  // Recorded with the tenant id masked by the redact hook: the replay answers with the mask.
  expect(completion.choices[0]?.message.content).toMatch(
    /^Echo: Plain call for (tenant-123456|<tenant>)\.$/,
  )
})
