import OpenAI from 'openai'
import { type AgentFunction, type ChatMessage, wrap } from 'vitest-scenario'

// The app under test: a support agent with one tool, calling its model itself through its own
// wrap()ped `openai` client (its tokens are the turns' answering usage, recorded and replayed).

/** The scripted server's URL while recording; a closed port when replaying. */
export const baseURL = process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1'

const orders: Record<string, { status: string; eta: string }> = {
  '1042': { status: 'delayed', eta: 'Friday' },
}

const tools: OpenAI.ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'lookUpOrder',
      description: 'Finds an order by its number',
      parameters: {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
      },
    },
  },
]

let openai: OpenAI | undefined

/** Asks the model, runs the tools it calls, and reports this turn's messages. */
export const supportAgent: AgentFunction = async (conversation) => {
  openai ??= wrap(
    new OpenAI({ baseURL, apiKey: process.env.OPENAI_API_KEY ?? 'replay-only', maxRetries: 0 }),
  )
  const turn: ChatMessage[] = []
  for (let step = 0; step < 4; step++) {
    const completion = await openai.chat.completions.create({
      model: 'agent',
      messages: [...conversation, ...turn] as OpenAI.ChatCompletionMessageParam[],
      tools,
    })
    const message = completion.choices[0]?.message
    const calls = (message?.tool_calls ?? []).filter((call) => call.type === 'function')
    if (calls.length === 0) {
      const content = message?.content ?? ''
      turn.push({ role: 'assistant', content })
      return { content, messages: turn }
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
      const { id } = JSON.parse(call.function.arguments) as { id: string }
      const order = orders[id] ?? { error: `no order ${id}` }
      turn.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(order) })
    }
  }
  return 'Sorry, I could not finish looking that up.'
}
