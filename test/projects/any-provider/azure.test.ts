import type OpenAI from 'openai'
import { AzureOpenAI } from 'openai'
import { expect, test } from 'vitest'
import { type AgentFunction, END, runScenario, Scenario, wrap } from 'vitest-scenario'

// An app on Azure OpenAI: its own `AzureOpenAI` client, wrap()ped so its calls record and replay.
// wrap() keeps every option the client was built with (apiVersion, deployment, the key).
const client = wrap(
  new AzureOpenAI({
    // The loopback server while recording; a closed port when replaying.
    endpoint: process.env.AZURE_OPENAI_ENDPOINT ?? 'http://127.0.0.1:9',
    apiKey: process.env.AZURE_OPENAI_API_KEY ?? 'replay-only',
    apiVersion: '2024-10-21',
    deployment: 'pharma-gpt',
    maxRetries: 0,
  }),
)

const agent: AgentFunction = async (conversation, context) => {
  const completion = await client.chat.completions.create(
    { model: 'gpt-4o', messages: conversation as OpenAI.ChatCompletionMessageParam[] },
    { signal: context.signal },
  )
  return completion.choices[0]?.message.content ?? ''
}

const definition = new Scenario('azure-agent')
  .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
  .addNode('challenge', { question: 'Are you sure?' })
  .addEdge('ask', 'challenge')
  .addEdge('challenge', END)
  .setEntry('ask')
  .validate()

test('an AzureOpenAI client through wrap()', async () => {
  expect(client.apiVersion).toBe('2024-10-21')
  expect(client.deploymentName).toBe('pharma-gpt')
  const result = await runScenario(definition, { model: agent })
  expect(result.error?.message).toBeUndefined()
  expect(result.status).toBe('completed')
  for (const turn of result.history) {
    console.log(
      `[sample] azure ${turn.nodeId} replayed=${turn.usage.replayed === true} answering=${JSON.stringify(turn.usage.answering)} answer=${JSON.stringify(turn.rawResponse)}`,
    )
  }
})
