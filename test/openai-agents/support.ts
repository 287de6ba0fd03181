import { Agent, OpenAIProvider, tool } from '@openai/agents'
import OpenAI from 'openai'
import { z } from 'zod'
import type { ReceivedRequest, ScriptedReply } from '../support/openai-server/index.js'

// A triage agent that hands billing questions off to a billing specialist with a function tool,
// and the scripted model behind both, as the tests of `openAIAgent` use them.

/** The invoices the billing tool looks up. */
export const invoices: Record<string, { amount: number; charged: number }> = {
  '1042': { amount: 120, charged: 2 },
}

/** Builds the two agents (fresh per test: an Agent keeps no state, but tests stay apart). */
export function billingAgents() {
  const lookUpInvoice = tool({
    name: 'lookUpInvoice',
    description: 'Looks an invoice up by its number.',
    parameters: z.object({ id: z.string() }),
    execute: ({ id }) => invoices[id] ?? { error: `No invoice ${id}` },
  })
  const billing = new Agent({
    name: 'Billing',
    model: 'billing-model',
    instructions: 'You answer billing questions. Look invoices up before answering.',
    tools: [lookUpInvoice],
  })
  const triage = new Agent({
    name: 'Triage',
    model: 'triage-model',
    instructions: 'You route customers: billing questions go to Billing.',
    handoffs: [billing],
  })
  return { triage, billing }
}

/** A model provider on the Chat Completions API of the scripted server. */
export function chatProvider(baseURL: string, client?: OpenAI): OpenAIProvider {
  return new OpenAIProvider({
    openAIClient: client ?? new OpenAI({ baseURL, apiKey: 'test-key-fake-agents', maxRetries: 0 }),
    useResponses: false,
  })
}

/** A model provider on the Responses API of the scripted server (the SDK's default API). */
export function responsesProvider(baseURL: string): OpenAIProvider {
  return new OpenAIProvider({
    openAIClient: new OpenAI({ baseURL, apiKey: 'test-key-fake-agents', maxRetries: 0 }),
  })
}

/** The latest message of a request, Chat Completions or Responses: who said it, and its text. */
export function latest(body: unknown): { role: string; text: string } {
  const { messages, input } = body as { messages?: unknown[]; input?: unknown[] }
  const last = (messages ?? input ?? []).at(-1) as
    | { role?: string; type?: string; content?: unknown; output?: unknown }
    | undefined
  if (last?.type === 'function_call_output') return { role: 'tool', text: textOf(last.output) }
  return { role: last?.role ?? '', text: textOf(last?.content) }
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part) => textOf(part?.text)).join('')
  return ''
}

/** Whether the request offers the handoff tool: the triage agent is asking, whatever its model. */
function offersHandoff(body: unknown): boolean {
  const { tools } = body as { tools?: { name?: string; function?: { name?: string } }[] }
  return (tools ?? []).some((t) => (t.name ?? t.function?.name) === 'transfer_to_Billing')
}

/**
 * The two agents' model, over Chat Completions or the Responses API: triage (offered the handoff)
 * hands a question naming an invoice off to Billing and answers anything else itself; Billing looks
 * the invoice up (after the handoff, or for a question naming an invoice), then answers from the
 * tool's result, and answers a follow-up without one itself.
 */
export function playChat(request: ReceivedRequest): ScriptedReply {
  const last = latest(request.body)
  const usage = { promptTokens: 40, completionTokens: 8, cachedTokens: 10 }
  if (offersHandoff(request.body)) {
    if (last.role === 'user' && /invoice/i.test(last.text)) {
      return {
        toolCalls: [{ id: 'call_handoff', name: 'transfer_to_Billing', arguments: {} }],
        usage,
      }
    }
    return { content: 'Refunds reach your card within 5 days.', usage }
  }
  if (last.role === 'tool' && !last.text.includes('assistant')) {
    return { content: 'Invoice 1042 was charged twice; I have refunded 120.', usage }
  }
  // A follow-up the turn starts with Billing (the agent that answered before): no lookup.
  if (last.role === 'user' && !/invoice/i.test(last.text)) {
    return { content: 'Refunds reach your card within 5 days.', usage }
  }
  return {
    toolCalls: [{ id: 'call_lookup', name: 'lookUpInvoice', arguments: { id: '1042' } }],
    usage,
  }
}

/**
 * What a request gives the model, as one line per event — `user: …`, `assistant: …`, `call <id>
 * <name> <arguments>`, `result <id> <output>` — read from Chat Completions `messages` or Responses
 * `input` items alike. The SDK versions differ in how they split or annotate these (0.20 puts an
 * assistant text and its tool calls in one Chat message, 0.14 in two), not in what they say.
 */
export function transcriptOf(body: unknown): string[] {
  const { messages, input } = body as { messages?: unknown[]; input?: unknown[] }
  const lines: string[] = []
  for (const raw of messages ?? input ?? []) {
    const item = raw as {
      role?: string
      type?: string
      content?: unknown
      tool_calls?: { id: string; function: { name: string; arguments: string } }[]
      tool_call_id?: string
      call_id?: string
      name?: string
      arguments?: string
      output?: unknown
    }
    if (item.type === 'function_call') {
      lines.push(`call ${item.call_id} ${item.name} ${item.arguments}`)
    } else if (item.type === 'function_call_output') {
      lines.push(`result ${item.call_id} ${textOf(item.output)}`)
    } else if (item.role === 'tool') {
      lines.push(`result ${item.tool_call_id} ${textOf(item.content)}`)
    } else {
      const text = textOf(item.content)
      if (text !== '') lines.push(`${item.role}: ${text}`)
      for (const call of item.tool_calls ?? []) {
        lines.push(`call ${call.id} ${call.function.name} ${call.function.arguments}`)
      }
    }
  }
  return lines
}
