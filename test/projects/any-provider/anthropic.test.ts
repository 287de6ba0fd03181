import { expect, test } from 'vitest'
import { END, runScenario, Scenario } from 'vitest-scenario'
import { anthropicAgent } from './anthropic-agent.js'

// A two-turn conversation with an agent built on @anthropic-ai/sdk: the first turn uses a tool
// (a tool_use answer, then the final text), the second streams its answer.
const definition = new Scenario('anthropic-agent')
  .addNode('ask', {
    question: process.env.SCENARIO_QUESTION ?? 'Which drug inhibits BCL-2? Look it up.',
  })
  .addNode('challenge', { question: 'Are you sure? I read it was navitoclax.' })
  .addEdge('ask', 'challenge')
  .addEdge('challenge', END)
  .setEntry('ask')
  .validate()

test('an Anthropic SDK agent with a tool, recorded through recordedFetch', async () => {
  const result = await runScenario(definition, {
    model: anthropicAgent({ stream: (turn) => turn === 1 }),
  })
  expect(result.error?.message).toBeUndefined()
  expect(result.status).toBe('completed')
  const [ask, challenge] = result.history
  expect(ask?.toolCalls).toEqual([
    expect.objectContaining({
      name: 'lookUpDrug',
      arguments: { target: 'BCL-2' },
      result: { target: 'BCL-2', drug: 'venetoclax' },
    }),
  ])
  expect(ask?.rawResponse).toContain('venetoclax')
  expect(challenge?.toolCalls ?? []).toEqual([])
  for (const turn of result.history) {
    console.log(
      `[sample] ${turn.nodeId} replayed=${turn.usage.replayed === true} answering=${JSON.stringify(turn.usage.answering)} answer=${JSON.stringify(turn.rawResponse)}`,
    )
  }
  const { input, output, cached, cacheWrite, replayed } = result.usage
  console.log(`[sample] total=${JSON.stringify({ input, output, cached, cacheWrite, replayed })}`)
})
