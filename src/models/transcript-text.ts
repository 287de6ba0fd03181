// The conversation as a conversation judge reads it, as text: the one rendering the judge's
// request, the judged transcript's hash (labels key on it) and the labeller's view share. No
// zod and no model client here: the worker renders it for every judged run's meta.
import { withoutDocsLine } from '../errors/index.js'
import type {
  ChatMessage,
  ScenarioExecutionResult,
  ToolCallRecord,
  TurnRecord,
} from '../state/types.js'

/**
 * The whole conversation as the judge reads it: the seed, then each turn (numbered from 0, as
 * the matchers and `turnAt(i)` count) with its question (none when `questionText` is `null`), the
 * assistant's tool calls and their results, and its answer.
 */
export function renderTranscript(result: ScenarioExecutionResult): string {
  const lines: string[] = []
  if (result.seed.length > 0) {
    lines.push('Before the first turn:')
    renderMessages(result.seed, lines)
  }
  result.history.forEach((turn, i) => {
    lines.push(`Turn ${i} (node ${turn.nodeId}):`)
    renderTurn(turn, lines)
  })
  if (lines.length === 0) lines.push('(no turns)')
  return lines.join('\n')
}

function renderTurn(turn: TurnRecord, lines: string[]): void {
  const questionText: string | null = turn.questionText
  if (questionText !== null) line(lines, 'user', questionText)
  const showsTools = turn.messages.some(
    (m) => m.role === 'tool' || (m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0),
  )
  // An agent may report its tool calls without the messages that carried them.
  if (!showsTools) for (const call of turn.toolCalls) renderToolRecord(call, lines)
  if (turn.messages.length > 0) renderMessages(turn.messages, lines)
  else if (turn.rawResponse !== null) line(lines, 'assistant', turn.rawResponse)
  if (turn.error !== undefined && turn.rawResponse === null) {
    // The judge reads the conversation, not the library's docs: a docs line would be noise to it
    // (and would change the request, so its recording).
    lines.push(
      `  (no answer: the turn failed, ${turn.error.category}: ${withoutDocsLine(turn.error.message)})`,
    )
  }
}

function renderMessages(messages: readonly ChatMessage[], lines: string[]): void {
  const names = new Map<string, string>()
  for (const message of messages) {
    if (message.role === 'tool') {
      const name = names.get(message.tool_call_id)
      line(lines, name === undefined ? 'tool result' : `tool result (${name})`, message.content)
      continue
    }
    if (message.role === 'assistant') {
      for (const call of message.tool_calls ?? []) {
        names.set(call.id, call.function.name)
        lines.push(`  assistant calls tool ${call.function.name} with ${call.function.arguments}`)
      }
      if (message.content !== null && message.content !== '') {
        line(lines, 'assistant', message.content)
      }
      continue
    }
    line(lines, message.role, message.content)
  }
}

function renderToolRecord(call: ToolCallRecord, lines: string[]): void {
  lines.push(`  assistant calls tool ${call.name} with ${json(call.arguments)}`)
  if (call.error !== undefined) line(lines, `tool error (${call.name})`, call.error)
  else if (call.result !== undefined) line(lines, `tool result (${call.name})`, json(call.result))
}

/** One speaker's message; continuation lines indented under it. */
function line(lines: string[], who: string, text: string): void {
  lines.push(`  ${who}: ${text.replace(/\n/g, '\n    ')}`)
}

function json(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
