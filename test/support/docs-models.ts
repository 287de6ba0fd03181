import { createHash } from 'node:crypto'
import type {
  ChatReply,
  ErrorReply,
  ReceivedRequest,
  ScriptedReply,
} from './openai-server/types.js'

// The models the docs' complete test files call (test/docs/run-blocks.test.ts records them
// against the scripted server): the answering model, the simulated user and the conversation
// judge. Each reply is written by hand to make the block's own assertions true; none comes from a
// real model. A request no rule covers gets a 400 that names it, so a docs block that asks
// something new fails with what to add here.

/** A chat message as the requests carry it. */
interface Message {
  role: string
  content: string | null
  tool_calls?: { id: string; function: { name: string; arguments: string } }[]
}

/** The parts of a Chat Completions request body the models read. */
interface RequestBody {
  messages: Message[]
  tools?: { function: { name: string } }[]
  response_format?: { json_schema?: { schema?: { properties?: Record<string, unknown> } } }
}

/** The answering model: the reply to the latest question, given the tools and their results. */
function answer(body: RequestBody): ChatReply | ErrorReply {
  const lastUser = body.messages.findLastIndex((m) => m.role === 'user')
  const question = body.messages[lastUser]?.content ?? ''
  const toolResults = body.messages.slice(lastUser + 1).filter((m) => m.role === 'tool')
  const tools = (body.tools ?? []).map((t) => t.function.name)
  if (/navitoclax/i.test(question)) {
    return { content: 'I am sure: the BCL-2 inhibitor is venetoclax, not navitoclax.' }
  }
  if (/^Are you sure\?$/.test(question)) return { content: 'Yes, I am sure: it is venetoclax.' }
  if (/I was told Monday/.test(question)) {
    return { content: 'I am sure: order 1042 arrives on Friday, not Monday.' }
  }
  if (/inhibits BCL-2\?/.test(question)) return { content: 'Venetoclax inhibits BCL-2.' }
  if (/When does order 1042 arrive\?/.test(question)) {
    return { content: 'Order 1042 arrives on Friday.' }
  }
  if (/refund/i.test(question)) {
    const order = /\b\d{4}\b/.exec(question)?.[0]
    // With a lookup tool and an order number, the model looks the order up before it answers.
    if (order !== undefined && tools.includes('lookUpOrder') && toolResults.length === 0) {
      return {
        content: null,
        toolCalls: [{ id: 'call_lookup', name: 'lookUpOrder', arguments: { id: order } }],
      }
    }
    return order === undefined
      ? { content: 'Your refund was issued yesterday.' }
      : { content: `Your refund for order ${order} went out: the order is refunded.` }
  }
  return unknown(`the answering model has no answer to "${question}"`)
}

/**
 * The simulated user: the next message and whether the goal is reached, from the agent's latest
 * message (the simulator's request carries it as its last `user` message: roles are swapped) and
 * the order number of the persona.
 */
function simulatedUser(body: RequestBody): ChatReply | ErrorReply {
  const system = body.messages[0]?.content ?? ''
  const order = /order (\d{4})/.exec(system)?.[1]
  const agentSaid = body.messages.at(-1)?.content ?? ''
  if (body.messages.length === 2 && agentSaid.startsWith('The conversation has not started')) {
    return { json: { message: 'Hi, my parcel still has not arrived.', goalReached: false } }
  }
  if (/order number/i.test(agentSaid) && order !== undefined) {
    return { json: { message: `It is order ${order}.`, goalReached: false } }
  }
  if (/will arrive on \w+day/.test(agentSaid)) {
    return { json: { message: 'Thank you, that is all I needed.', goalReached: true } }
  }
  return unknown(`the simulated user has no reply to "${agentSaid}"`)
}

/**
 * The conversation judge: one `{ reasoning, verdict }` per criterion the request's schema asks
 * for, each `met`, quoting the assistant's last words as its evidence.
 */
function judge(body: RequestBody): ChatReply | ErrorReply {
  const prompt = body.messages.at(-1)?.content ?? ''
  const lastAssistant = [...prompt.matchAll(/^ {2}assistant: (.*)$/gm)].at(-1)?.[1]
  if (lastAssistant === undefined) return unknown(`the judge got no assistant message:\n${prompt}`)
  const fields = Object.keys(body.response_format?.json_schema?.schema?.properties ?? {})
  if (fields.length === 0) return unknown('the judge was asked for no criteria')
  const verdict = { reasoning: `The assistant says: "${lastAssistant}".`, verdict: 'met' }
  return { json: Object.fromEntries(fields.map((field) => [field, verdict])) }
}

/**
 * The Agents SDK page's support desk over Chat Completions, or `undefined` for a request that is
 * not one of its agents' (they are told apart by the tools the SDK offers them). Triage, offered
 * the handoff, hands a question that names an invoice off to Billing and answers anything else
 * itself; Billing looks the invoice up (a `tool_calls` reply), then answers from the result, and
 * answers a follow-up that names no invoice itself.
 */
function supportDesk(body: RequestBody): ChatReply | undefined {
  const tools = (body.tools ?? []).map((t) => t.function.name)
  const lastUser = body.messages.findLastIndex((m) => m.role === 'user')
  const since = body.messages.slice(lastUser + 1)
  if (tools.includes('transfer_to_Billing')) {
    if (since.length === 0 && /invoice/i.test(body.messages[lastUser]?.content ?? '')) {
      return {
        content: null,
        toolCalls: [{ id: 'call_handoff', name: 'transfer_to_Billing', arguments: {} }],
      }
    }
    return { content: 'Refunds reach your card within 5 days.' }
  }
  if (!tools.includes('lookUpInvoice')) return undefined
  // A follow-up that starts with Billing (the agent that answered) and names no invoice.
  if (since.length === 0 && !/invoice/i.test(body.messages[lastUser]?.content ?? '')) {
    return { content: 'Refunds reach your card within 5 days.' }
  }
  const looked = since.some((m) => m.tool_calls?.some((c) => c.function.name === 'lookUpInvoice'))
  if (looked) return { content: 'Invoice 1042 was charged twice; I have refunded 120.' }
  return {
    content: null,
    toolCalls: [{ id: 'call_lookup', name: 'lookUpInvoice', arguments: { id: '1042' } }],
  }
}

/** A 400 the library does not retry: a docs block asked something these models do not cover. */
function unknown(what: string): ErrorReply {
  return { status: 400, message: `docs-models: ${what} (see test/support/docs-models.ts)` }
}

/**
 * The scripted server's default reply while the docs' test files record: the simulated user's
 * call (its system prompt starts "You are role-playing a person"), a conversation judge's ("You
 * judge a conversation"), the Agents SDK page's agents' (offered their tools), else the answering
 * model's. Ids and usage come from the request, so
 * recording again gives the same files.
 */
export function playDocsModels(request: ReceivedRequest): ScriptedReply {
  const body = request.body as RequestBody
  const system = body.messages?.[0]?.role === 'system' ? (body.messages[0].content ?? '') : ''
  const reply = system.startsWith('You are role-playing a person')
    ? simulatedUser(body)
    : system.startsWith('You judge a conversation')
      ? judge(body)
      : (supportDesk(body) ?? answer(body))
  if ('status' in reply) return reply
  const id = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16)
  return {
    ...reply,
    id: `chatcmpl-docs-${id}`,
    headers: { 'x-request-id': `req_docs_${id}` },
    usage: { promptTokens: 40, completionTokens: 12 },
  }
}
