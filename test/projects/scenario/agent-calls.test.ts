import OpenAI from 'openai'
import { type AgentFunction, scenario, wrap } from 'vitest-scenario'
import { twoTurns } from './graph.js'

// An agent under test that calls the model itself, through a client it wraps on its first call:
// its tokens are its turns' answering usage, recorded locally and replayed in CI.
let openai: OpenAI | undefined
const agent: AgentFunction = async (conversation) => {
  openai ??= wrap(
    new OpenAI({
      // The scripted server's URL while recording; a closed port when replaying.
      baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
      apiKey: process.env.OPENAI_API_KEY ?? 'replay-only',
      maxRetries: 0,
    }),
  )
  const completion = await openai.chat.completions.create({
    model: 'steady',
    messages: conversation as OpenAI.ChatCompletionMessageParam[],
  })
  return completion.choices[0]?.message.content ?? ''
}

scenario('counts the agent’s own calls', { model: agent }, twoTurns, async ({ run, expect }) => {
  const result = await run()
  expect(result).toHaveStatus('completed')
  console.log(
    `[agent-calls] answering=${JSON.stringify(result.usage.answering)} replayed=${result.usage.replayed === true}`,
  )
})
