// An OpenAI Agents SDK app under test: a triage agent hands billing questions off to a billing
// specialist, which looks invoices up with a function tool.
//
// `openAIAgent(triage)` (from `vitest-scenario/openai-agents`) runs the agents on the conversation
// each turn. The turn record says which agent answered (`agent`), which tools and handoffs were
// called (`toolCalls`, a handoff as the `transfer_to_<agent>` call) and what the run spent
// (`usage`). The SDK's model calls (the Responses API, its default) go through a `wrap()`ped
// OpenAI client, so they are recorded and replayed like the library's own.
import { Agent, OpenAIProvider, tool } from '@openai/agents'
import OpenAI from 'openai'
import { expect } from 'vitest'
import { calledTool, END, lastTurn, scenario, wrap } from 'vitest-scenario'
import { openAIAgent } from 'vitest-scenario/openai-agents'
import { z } from 'zod'

/** The billing system behind the tool. */
const invoices: Record<string, { id: string; amount: number; charges: number }> = {
  '1042': { id: '1042', amount: 49, charges: 2 },
}

const billing = new Agent({
  name: 'Billing',
  model: 'billing-model',
  instructions: 'You answer billing questions. Look the invoice up before you answer.',
  tools: [
    tool({
      name: 'lookUpInvoice',
      description: 'Looks an invoice up by its number.',
      parameters: z.object({ id: z.string().describe('The invoice number.') }),
      execute: ({ id }) => invoices[id] ?? { error: `No invoice ${id}` },
    }),
  ],
})

const triage = new Agent({
  name: 'Triage',
  model: 'triage-model',
  instructions: 'You greet customers and hand billing questions to Billing.',
  handoffs: [billing],
})

// OPENAI_BASE_URL and OPENAI_API_KEY while recording; replay needs neither.
const openai = wrap(new OpenAI({ apiKey: process.env.OPENAI_API_KEY || 'replay-only' }))
// Every turn starts at triage (`continueWith: 'entry'`), as a chat endpoint that runs the triage
// agent on the history does; the default continues with the agent that answered last.
const model = openAIAgent(triage, {
  runConfig: { modelProvider: new OpenAIProvider({ openAIClient: openai }) },
  continueWith: 'entry',
})

scenario(
  'a double charge is handed off to billing and refunded',
  { model },
  (s) =>
    s
      .addNode('charged', { question: 'I was charged twice for invoice 1042.' })
      .addNode('hours', { question: 'Thanks. What are your opening hours?' })
      .addEdge('charged', 'hours')
      .addEdge('hours', END)
      .setEntry('charged')
      .addOutcome('looked the invoice up', calledTool('lookUpInvoice', { args: { id: '1042' } }))
      .addOutcome('triage answers the follow-up', lastTurn({ agent: 'Triage' })),
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    const [charged, hours] = result.history
    // The specialist answered after the handoff; each turn starts at triage again.
    expect(charged?.agent).toBe('Billing')
    expect(charged?.rawResponse).toContain('refunded the duplicate charge of 49 EUR')
    expect(hours?.agent).toBe('Triage')
    expect(result).toHaveCalledTool('transfer_to_Billing', {}, { turn: 0, times: 1 })
    expect(result).toHaveToolTrajectory(['transfer_to_Billing', 'lookUpInvoice'])
    expect(result).not.toHaveCalledTool('transfer_to_Billing', {}, { turn: 1 })
    // Three model calls in the first turn (triage, then billing twice), one in the second.
    expect(charged?.usage.answering).toEqual({
      input: 660,
      output: 64,
      cached: 384,
      cacheWrite: 0,
      reasoning: 0,
      model: 'triage-model, billing-model',
    })
    expect(result.usage.answering.input).toBe(810)
  },
)
