import { setDefaultOpenAIClient } from '@openai/agents'
import OpenAI from 'openai'
import { wrap } from 'vitest-scenario'

// A guardrail agent run with the global run() uses the SDK's default client: wrap()ped here, its
// calls are recorded and replayed with the test that makes them.
setDefaultOpenAIClient(
  wrap(
    new OpenAI({
      baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
      apiKey: process.env.OPENAI_API_KEY ?? 'replay-only',
    }),
  ),
)
