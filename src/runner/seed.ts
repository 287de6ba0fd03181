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

/**
 * One chat message in the `openai` Chat Completions shape, as a seed holds it. A wrong `role` is
 * reported at `role`, with the role it got.
 */
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
  {
    error: (issue) =>
      issue.code === 'invalid_union' && issue.path?.at(-1) === 'role'
        ? "one of 'system', 'user', 'assistant', 'tool'"
        : MESSAGE,
  },
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
    for (const problem of seedProblems(messages)) context.addIssue({ code: 'custom', ...problem })
  })

/** A problem of a seed's order: where, what was expected there, and what it holds. */
interface SeedProblem {
  path: (string | number)[]
  message: string
  input: unknown
}

/** What is wrong with a seed's order of messages, each problem at the field it concerns. */
function seedProblems(messages: readonly ChatMessage[]): SeedProblem[] {
  const problems: SeedProblem[] = []
  // The tool calls of the latest assistant message still waiting for their results.
  let open = new Map<string, (string | number)[]>()
  const unanswered = () => {
    for (const [id, path] of open) {
      problems.push({
        path,
        message:
          'a tool call whose `tool` result follows its assistant message right after it (the API refuses a call without its result)',
        input: id,
      })
    }
    open = new Map()
  }
  messages.forEach((message, index) => {
    if (message.role === 'tool') {
      if (!open.delete(message.tool_call_id)) {
        problems.push({
          path: [index, 'tool_call_id'],
          message: 'the id of a tool call of the assistant message right before it',
          input: message.tool_call_id,
        })
      }
      return
    }
    unanswered()
    if (message.role !== 'assistant') return
    const calls = message.tool_calls ?? []
    if (message.content === null && calls.length === 0) {
      problems.push({
        path: [index, 'content'],
        message: 'a string (`null` only on a message that calls tools)',
        input: null,
      })
    }
    calls.forEach((call, i) => {
      open.set(call.id, [index, 'tool_calls', i, 'id'])
    })
  })
  unanswered()
  return problems
}
