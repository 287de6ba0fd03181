import Anthropic from '@anthropic-ai/sdk'
import { type AgentFunction, type ChatMessage, recordedFetch } from 'vitest-scenario'

// The app under test: an agent written with Anthropic's own SDK. It runs its tool loop itself
// (tool_use → tool_result) and calls the model through `recordedFetch`, so each call is recorded
// locally and replayed in CI, and its tokens (cache reads and writes included) are the turn's
// answering usage.

const client = new Anthropic({
  // The loopback server while recording; a closed port when replaying (nothing is called).
  baseURL: process.env.ANTHROPIC_BASE_URL ?? 'http://127.0.0.1:9',
  apiKey: process.env.ANTHROPIC_API_KEY ?? 'replay-only',
  fetch: recordedFetch,
  maxRetries: 0,
})

const tools: Anthropic.Tool[] = [
  {
    name: 'lookUpDrug',
    description: 'Finds the approved drug for a molecular target',
    input_schema: {
      type: 'object',
      properties: { target: { type: 'string' } },
      required: ['target'],
    },
  },
]

const drugs: Record<string, string> = { 'BCL-2': 'venetoclax', EGFR: 'osimertinib' }

function runTool(name: string, input: unknown): unknown {
  const target =
    typeof input === 'object' && input !== null ? Reflect.get(input, 'target') : undefined
  if (name !== 'lookUpDrug' || typeof target !== 'string') return { error: `unknown tool ${name}` }
  return { target, drug: drugs[target] ?? 'unknown' }
}

/** The conversation (Chat Completions shape) as Anthropic's `system` and `messages`. */
function toAnthropic(conversation: readonly ChatMessage[]): {
  system: string
  messages: Anthropic.MessageParam[]
} {
  const system: string[] = []
  const messages: Anthropic.MessageParam[] = []
  const add = (role: 'user' | 'assistant', blocks: Anthropic.ContentBlockParam[]) => {
    const last = messages.at(-1)
    // The API wants the roles to alternate: tool results and the next question share a turn.
    if (last?.role === role && Array.isArray(last.content)) last.content.push(...blocks)
    else messages.push({ role, content: blocks })
  }
  for (const message of conversation) {
    if (message.role === 'system') system.push(message.content)
    else if (message.role === 'user') add('user', [{ type: 'text', text: message.content }])
    else if (message.role === 'tool') {
      add('user', [
        { type: 'tool_result', tool_use_id: message.tool_call_id, content: message.content },
      ])
    } else {
      const blocks: Anthropic.ContentBlockParam[] = []
      if (message.content) blocks.push({ type: 'text', text: message.content })
      for (const call of message.tool_calls ?? []) {
        const input = JSON.parse(call.function.arguments) as Record<string, unknown>
        blocks.push({ type: 'tool_use', id: call.id, name: call.function.name, input })
      }
      add('assistant', blocks)
    }
  }
  return { system: system.join('\n'), messages }
}

/**
 * Answers one turn: asks the model, runs the tools it asks for, asks again with their results,
 * until it answers in text. `stream` makes every call a streamed one (`messages.stream`).
 */
export function anthropicAgent(options: { stream: (turn: number) => boolean }): AgentFunction {
  return async (conversation, context) => {
    const turn: ChatMessage[] = []
    for (let round = 0; round < 4; round++) {
      const { system, messages } = toAnthropic([...conversation, ...turn])
      const params = {
        model: 'claude-test',
        max_tokens: 512,
        messages,
        tools,
        ...(system === '' ? {} : { system }),
      }
      const message = options.stream(context.turn)
        ? await client.messages.stream(params, { signal: context.signal }).finalMessage()
        : await client.messages.create(params, { signal: context.signal })
      let text = ''
      const uses: Anthropic.ToolUseBlock[] = []
      for (const block of message.content) {
        if (block.type === 'text') text += block.text
        if (block.type === 'tool_use') uses.push(block)
      }
      if (uses.length === 0) {
        turn.push({ role: 'assistant', content: text })
        return { content: text, messages: turn }
      }
      turn.push({
        role: 'assistant',
        content: text === '' ? null : text,
        tool_calls: uses.map((use) => ({
          id: use.id,
          type: 'function' as const,
          function: { name: use.name, arguments: JSON.stringify(use.input) },
        })),
      })
      for (const use of uses) {
        const result = runTool(use.name, use.input)
        turn.push({ role: 'tool', tool_call_id: use.id, content: JSON.stringify(result) })
      }
    }
    throw new Error('the model kept calling tools for 4 rounds')
  }
}
