import { Agent, type InputGuardrail, OpenAIProvider, run } from '@openai/agents'
import OpenAI from 'openai'
import { END, scenario, wrap } from 'vitest-scenario'
import { openAIAgent } from 'vitest-scenario/openai-agents'
import { z } from 'zod'

// The app under test: a support agent whose model calls go through a wrap()ped client, with an
// input guardrail that runs its own agent through the SDK's `run()`, on the SDK's default client
// (OPENAI_BASE_URL), which nothing wraps.

/** The scripted server's URL while recording; a closed port when replaying. */
const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'

const guardrailAgent = new Agent({
  name: 'Topic check',
  model: 'guardrail-model',
  instructions: 'Say whether the message is about billing.',
  outputType: z.object({ offTopic: z.boolean() }),
})

const topicGuardrail: InputGuardrail = {
  name: 'topic',
  // Before the agent's own call, so a refused guardrail is the run's only failure.
  runInParallel: false,
  execute: async ({ input, context }) => {
    const result = await run(guardrailAgent, input, { context })
    return {
      outputInfo: result.finalOutput,
      tripwireTriggered: result.finalOutput?.offTopic === true,
    }
  },
}

const support = new Agent({
  name: 'Support',
  model: 'support-model',
  instructions: 'You answer billing questions.',
  inputGuardrails: process.env.SEAL_GUARDRAIL === 'off' ? [] : [topicGuardrail],
})

const client = new OpenAI({ baseURL, apiKey: process.env.OPENAI_API_KEY ?? 'replay-only' })

scenario(
  'a guarded support agent answers a billing question',
  {
    model: openAIAgent(support, {
      runConfig: { modelProvider: new OpenAIProvider({ openAIClient: wrap(client) }) },
    }),
  },
  (s) =>
    s.addNode('ask', { question: 'Why was I charged twice?' }).addEdge('ask', END).setEntry('ask'),
  async ({ run, expect }) => {
    // No assertion on the outcome: a guardrail that failed ends the turn as an error, which the
    // run reports without throwing; only the seal fails this test.
    const result = await run()
    console.log(`[sample] status=${result.status}`)
    expect(result.history).toHaveLength(1)
  },
)
