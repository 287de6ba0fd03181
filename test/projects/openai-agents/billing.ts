import { Agent, OpenAIProvider, tool } from '@openai/agents'
import OpenAI from 'openai'
import { wrap } from 'vitest-scenario'
import { z } from 'zod'

// The app under test: a triage agent that hands billing questions off to a billing specialist,
// which looks invoices up with a function tool. The agents' model calls go through a wrap()ped
// `openai` client, so they are recorded and replayed with the test.

/** The scripted server's URL while recording; a closed port when replaying. */
const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'

const invoices: Record<string, { amount: number; charged: number }> = {
  '1042': { amount: 120, charged: 2 },
}

const lookUpInvoice = tool({
  name: 'lookUpInvoice',
  description: 'Looks an invoice up by its number.',
  parameters: z.object({ id: z.string() }),
  execute: ({ id }) => invoices[id] ?? { error: `No invoice ${id}` },
})

export const billing = new Agent({
  name: 'Billing',
  model: 'billing-model',
  instructions: 'You answer billing questions. Look invoices up before answering.',
  tools: [lookUpInvoice],
})

export const triage = new Agent({
  name: 'Triage',
  model: 'triage-model',
  instructions: 'You route customers: billing questions go to Billing.',
  handoffs: [billing],
})

/** The agents' model provider: the Responses API (the SDK's default) or Chat Completions. */
export function modelProvider(api: 'responses' | 'chat'): OpenAIProvider {
  const client = new OpenAI({ baseURL, apiKey: process.env.OPENAI_API_KEY ?? 'replay-only' })
  return new OpenAIProvider({ openAIClient: wrap(client), useResponses: api === 'responses' })
}
