import { createOpenAI } from '@ai-sdk/openai'
import { tool } from 'ai'
import { recordedFetch } from 'vitest-scenario'
import { aiSdkAgent, aiSdkModel } from 'vitest-scenario/ai-sdk'
import { z } from 'zod'

// The provider's calls go through recordedFetch: recorded locally, replayed in CI.
const openai = createOpenAI({
  apiKey: process.env.OPENAI_API_KEY ?? 'replay-only', // replaying needs no key
  fetch: recordedFetch,
})

const lookUpOrder = tool({
  description: 'Finds an order by its number',
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }) => ({ id, status: id === '1042' ? 'delayed until Friday' : 'unknown' }),
})

/** The app under test: generateText with its tool loop, once per turn. */
export const supportAgent = aiSdkAgent({
  model: openai.chat('gpt-4.1-mini'),
  system: 'You are a support agent. Look orders up before you answer.',
  tools: { lookUpOrder },
})

/** An AI SDK model as the judge (and template parser) of the scenarios. */
export const judgeModel = aiSdkModel(openai.chat('gpt-4.1-mini'))
