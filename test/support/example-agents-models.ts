import type { ChatReply, ErrorReply } from './openai-server/types.js'

// The models of the OpenAI Agents SDK example (examples/openai-agents-handoff.test.ts), played by
// the scripted server when the examples are recorded. The SDK calls the Responses API: a request
// carries `instructions` and `input` items (messages, `function_call`, `function_call_output`).
// The answers are written here by hand; none comes from a real model.

/** The models this file plays. */
export const agentsSdkModels: ReadonlySet<string> = new Set(['triage-model', 'billing-model'])

/** The parts of a Responses request the models read. */
interface ResponsesBody {
  model: string
  input?: { role?: string; type?: string; content?: unknown; output?: unknown }[]
}

const usage = (promptTokens: number, completionTokens: number, cachedTokens = 0) => ({
  promptTokens,
  completionTokens,
  cachedTokens,
})

/** The text of a message's content: a string, or its text parts. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : ''))
    .join('')
}

/**
 * The triage agent hands an invoice question off to Billing and answers anything else itself;
 * Billing looks the invoice up, then answers from what the tool returned.
 */
export function playAgentsSdk(body: ResponsesBody): ChatReply | ErrorReply {
  const input = body.input ?? []
  const last = input.at(-1)
  const question = textOf([...input].reverse().find((item) => item.role === 'user')?.content)
  if (body.model === 'triage-model') {
    if (last?.role !== 'user') return unknown(`triage-model expects a user message last`)
    if (/invoice|charged/i.test(question)) {
      return {
        toolCalls: [{ id: 'call_transfer_1', name: 'transfer_to_Billing', arguments: {} }],
        usage: usage(180, 12, 128),
      }
    }
    if (/opening hours|open/i.test(question)) {
      return {
        content: 'Our support line is open 9:00–17:00, Monday to Friday.',
        usage: usage(150, 16),
      }
    }
    return unknown(`triage-model has no answer to "${question}"`)
  }
  if (last?.type === 'function_call_output' && !String(last.output).includes('"assistant"')) {
    const invoice = JSON.parse(String(last.output)) as {
      id: string
      amount: number
      charges: number
    }
    return {
      content: `Invoice ${invoice.id} was charged ${invoice.charges} times. I have refunded the duplicate charge of ${invoice.amount} EUR; it reaches your card within 5 working days.`,
      usage: usage(260, 34, 128),
    }
  }
  const id = /\b\d{4}\b/.exec(question)?.[0]
  if (id === undefined) return unknown(`billing-model needs an invoice number in "${question}"`)
  return {
    toolCalls: [{ id: 'call_lookup_1', name: 'lookUpInvoice', arguments: { id } }],
    usage: usage(220, 18, 128),
  }
}

function unknown(what: string): ErrorReply {
  return { status: 400, message: `example-agents-models: ${what}` }
}
