import { z } from 'zod'
import type { ChatMessage } from '../state/types.js'

const text = (role: string) => z.string(`a string (the ${role} message's text)`)

const toolCallSchema = z.strictObject(
  {
    id: z.string('a string (the id its tool result names in `tool_call_id`)'),
    type: z.literal('function', { error: "'function'" }),
    function: z.strictObject(
      {
        name: z.string('a string (the tool name)'),
        arguments: z.string('a string (the arguments as JSON text)'),
      },
      { error: 'an object { name, arguments } (arguments as JSON text)' },
    ),
  },
  { error: "a tool call { id, type: 'function', function: { name, arguments } }" },
)

const MESSAGE =
  "a chat message { role: 'system' | 'user' | 'assistant' | 'tool', … } in the Chat Completions shape"

/** One chat message in the `openai` Chat Completions shape, as a seed holds it. */
const messageSchema = z.discriminatedUnion(
  'role',
  [
    z.strictObject({ role: z.literal('system'), content: text('system') }),
    z.strictObject({ role: z.literal('user'), content: text('user') }),
    z.strictObject({
      role: z.literal('assistant'),
      content: z.string('a string, or null when the message only calls tools').nullable(),
      tool_calls: z
        .array(toolCallSchema, {
          error: "an array of tool calls { id, type: 'function', function: { name, arguments } }",
        })
        .optional(),
    }),
    z.strictObject({
      role: z.literal('tool'),
      tool_call_id: z.string('a string (the id of the assistant tool call it answers)'),
      content: text('tool'),
    }),
  ],
  { error: MESSAGE },
)

/**
 * A seed: chat messages placed after the system message and before the first question, seen by
 * the answering side (and by whatever reads the run's conversation). Checked as the Chat
 * Completions API would take it: an assistant message without text calls tools, and every tool
 * call of an assistant message is answered by `tool` messages right after it, each naming its
 * call by `tool_call_id`.
 */
export const seedSchema = z
  .array(messageSchema, { error: `an array of chat messages (${MESSAGE})` })
  .superRefine((messages, context) => {
    for (const problem of seedProblems(messages)) {
      context.addIssue({ code: 'custom', path: [problem.index], message: problem.message })
    }
  })

/** What is wrong with a seed's order of messages: each problem at the message it concerns. */
function seedProblems(messages: readonly ChatMessage[]): { index: number; message: string }[] {
  const problems: { index: number; message: string }[] = []
  // The tool calls of the latest assistant message still waiting for their results.
  let open = new Set<string>()
  let openAt = -1
  const unanswered = () => {
    if (open.size === 0) return
    problems.push({
      index: openAt,
      message: `tool call${open.size === 1 ? '' : 's'} ${[...open].map((id) => `'${id}'`).join(', ')} of this assistant message ha${open.size === 1 ? 's' : 've'} no \`tool\` result right after it (the API refuses such a conversation); add { role: 'tool', tool_call_id, content } messages`,
    })
    open = new Set()
  }
  messages.forEach((message, index) => {
    if (message.role === 'tool') {
      if (!open.delete(message.tool_call_id)) {
        problems.push({
          index,
          message: `a \`tool\` message answering '${message.tool_call_id}', which is not a tool call of the assistant message right before it`,
        })
      }
      return
    }
    unanswered()
    if (message.role !== 'assistant') return
    const calls = message.tool_calls ?? []
    if (message.content === null && calls.length === 0) {
      problems.push({
        index,
        message:
          'an assistant message with `content: null` and no `tool_calls`; give it a text or tool calls',
      })
    }
    open = new Set(calls.map((call) => call.id))
    openAt = index
  })
  unanswered()
  return problems
}
