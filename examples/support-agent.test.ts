// A simulated customer talks to a support agent with tools until the customer's goal is reached.
//
// Ports LangWatch Scenario's customer-support example (`scenario.run({ agents: [agent,
// userSimulatorAgent(), judgeAgent({ criteria })] })` with `state.hasToolCall(...)`). What differs:
// the conversation is a graph, so it ends on an edge — the simulated user says its goal is
// reached (`user.goalReached`), or a visit cap ends it — instead of a judge deciding after each
// turn; the judge runs once, after the run, as an outcome; and every model call (the agent's own,
// made through a `wrap()`ped OpenAI client, the simulated user's and the judge's) is recorded and
// replayed, and counted in `result.usage`.
import OpenAI from 'openai'
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources'
import { expect } from 'vitest'
import {
  type AgentFunction,
  type AgentReply,
  type ChatMessage,
  calledTool,
  END,
  judge,
  scenario,
  simulatedUser,
  wrap,
} from 'vitest-scenario'

/** The shop's data behind the agent's tools. */
const orders: Record<string, { item: string; total: number; deliveredOn: string }> = {
  'A-1042': { item: 'Aurora wireless headphones', total: 89, deliveredOn: '2026-11-02' },
}
const refunds: { orderId: string; amount: number }[] = []

/** The agent's tools, as the Chat Completions API takes them. */
const tools: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'lookupOrder',
      description: 'Looks an order up by its number: the item, the total and the delivery date.',
      parameters: {
        type: 'object',
        properties: { orderId: { type: 'string', description: 'The order number, e.g. A-1234.' } },
        required: ['orderId'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'issueRefund',
      description: 'Refunds an order to the original payment method.',
      parameters: {
        type: 'object',
        properties: {
          orderId: { type: 'string' },
          amount: { type: 'number', description: 'In dollars.' },
          reason: { type: 'string' },
        },
        required: ['orderId', 'amount', 'reason'],
        additionalProperties: false,
      },
    },
  },
]

/** Runs one of the agent's tools. */
function runTool(name: string, args: Record<string, unknown>): unknown {
  const order = orders[String(args.orderId)]
  if (order === undefined) return { error: `No order ${String(args.orderId)}` }
  if (name === 'lookupOrder') return { orderId: args.orderId, ...order, returnable: true }
  const refund = { orderId: String(args.orderId), amount: Number(args.amount) }
  refunds.push(refund)
  return { refundId: `R-${7730 + refunds.length}`, status: 'issued', ...refund }
}

// The agent under test: your app, with its own model client and its own tool loop. Wrapped, the
// client's calls are recorded in the running test and their tokens land in `usage.answering`.
// (apiKey: replaying never sends it, but the SDK wants one to build a client.)
const openai = wrap(new OpenAI({ apiKey: process.env.OPENAI_API_KEY || 'replay-only' }))

const instructions =
  'You are the support agent of an online shop. Look orders up before you answer questions about them. Before you refund, confirm the amount with the customer. Never blame the customer.'

const supportAgent: AgentFunction = async (conversation, { signal }) => {
  // This turn's messages: the tool calls, their results and the final answer. Returned as
  // `messages`, the library derives the turn's `toolCalls` from them.
  const turn: ChatMessage[] = []
  for (let step = 0; step < 5; step++) {
    const completion = await openai.chat.completions.create(
      {
        model: 'support-model',
        temperature: 0,
        messages: [
          { role: 'system', content: instructions },
          ...conversation,
          ...turn,
          // The library's messages are the Chat Completions shape; the SDK's type only differs
          // under `exactOptionalPropertyTypes` (an absent `tool_calls` typed as `undefined`).
        ] as ChatCompletionMessageParam[],
        tools,
      },
      { signal },
    )
    const message = completion.choices[0]?.message
    const calls = (message?.tool_calls ?? []).filter((call) => call.type === 'function')
    if (calls.length === 0) {
      const content = message?.content ?? ''
      turn.push({ role: 'assistant', content })
      return { content, messages: turn } satisfies AgentReply
    }
    turn.push({
      role: 'assistant',
      content: message?.content ?? null,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.function.name, arguments: call.function.arguments },
      })),
    })
    for (const call of calls) {
      const result = runTool(call.function.name, JSON.parse(call.function.arguments))
      turn.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) })
    }
  }
  throw new Error('The support agent called tools five times in a row without answering')
}

const customer = simulatedUser({
  persona:
    'You are Sam. The wireless headphones you ordered (order A-1042) arrived with a cracked headband. You are annoyed but polite, and you write short messages.',
  goal: 'Get a refund for order A-1042.',
  instructions: 'Give the order number only when you are asked for it.',
  opening: 'Hi, the headphones I ordered arrived broken. I want my money back.',
})

scenario(
  'a customer with a broken item gets a refund',
  // The simulated user is played by its own model; the judge is the plugin's parsing model.
  { model: supportAgent, userModel: { model: 'customer-model', temperature: 0 } },
  (s) =>
    s
      .addNode('customer', { question: customer })
      .addEdge('customer', END, { when: { 'user.goalReached': true } })
      .addEdge('customer', 'customer', { when: { 'nodeVisits.customer': { lt: 6 } } })
      .addEdge('customer', END) // the visit cap: at most 6 customer messages
      .setEntry('customer')
      .addOutcome(
        'handled well',
        judge([
          'The agent asks for the order number before it looks the order up',
          'The agent confirms the refund amount with the customer before it issues the refund',
          'The agent never blames the customer for the damage',
        ]),
      )
      .addOutcome(
        'refunded once',
        calledTool('issueRefund', { args: { orderId: 'A-1042' }, times: 1 }),
      ),
  async ({ run }) => {
    refunds.length = 0
    const result = await run()

    expect(result).toHaveStatus('completed')
    expect(result.stopReason).toBe('end')
    // The customer said its goal was reached on its fourth message, before the visit cap.
    expect(result.turnCount).toBe(4)
    expect(result.finalState.user?.goalReached).toBe(true)
    expect(result.history.map((turn) => turn.user?.goalReached)).toEqual([
      false,
      false,
      false,
      true,
    ])
    expect(result.history[0]?.questionText).toMatch(/arrived broken/) // the opening: no call

    expect(result).toHaveCalledTool('lookupOrder', { orderId: 'A-1042' }, { turn: 1 })
    expect(result).toHaveCalledTool('issueRefund', { orderId: 'A-1042', amount: 89 }, { times: 1 })
    expect(result).toHaveToolTrajectory(['lookupOrder', 'issueRefund'])
    expect(refunds).toEqual([{ orderId: 'A-1042', amount: 89 }]) // the tools ran on replay too

    // Every side's tokens are counted: the agent's own calls, the simulated user's, the judge's.
    expect(result.usage.answering.input).toBeGreaterThan(0)
    expect(result.usage.simulating.input).toBeGreaterThan(0)
    expect(result.usage.judging.input).toBeGreaterThan(0)
    expect(result.judgements['handled well']?.verdict).toBe('pass')
  },
)
