import { quotedMessage } from '../errors/quoted-message.js'
import type { ChatMessage, ChatToolCall, ToolCallRecord, Usage } from '../state/types.js'
import type { ContentPartLike, StepLike, UsageLike } from './ai-module.js'

/**
 * The token counts of an AI SDK usage in the library's terms, or `undefined` when the provider
 * stated none (the turn then counts the calls made through `recordedFetch` instead). `input`
 * includes the cached and cache-write tokens (as the AI SDK's `inputTokens` does); `cached` is
 * `inputTokenDetails.cacheReadTokens` (`ai` 6's `cachedInputTokens` when that is missing) and
 * `cacheWrite` `inputTokenDetails.cacheWriteTokens`. Nothing else is passed on.
 */
export function usageOf(usage: UsageLike | undefined): Usage | undefined {
  if (usage === undefined || usage === null) return undefined
  const input = count(usage.inputTokens)
  const output = count(usage.outputTokens)
  if (input === undefined && output === undefined) return undefined
  const details = usage.inputTokenDetails
  return {
    input: input ?? 0,
    output: output ?? 0,
    cached: count(details?.cacheReadTokens) ?? count(usage.cachedInputTokens) ?? 0,
    cacheWrite: count(details?.cacheWriteTokens) ?? 0,
  }
}

/**
 * The tool calls of a `generateText` call's steps, in the order the model made them: the input
 * as the tool got it, the output of a `tool-result`, the message of a `tool-error`. The calls of
 * one AI SDK step (one model response) share a `step`, counted over the steps that made calls.
 */
export function toolCallRecords(steps: readonly StepLike[]): ToolCallRecord[] {
  const records: ToolCallRecord[] = []
  const byId = new Map<string, ToolCallRecord>()
  let index = 0
  const recordOf = (part: ContentPartLike): ToolCallRecord => {
    const id = String(part.toolCallId ?? '')
    let record = byId.get(id)
    if (record === undefined) {
      record = { id, name: String(part.toolName ?? ''), arguments: part.input, step: index }
      byId.set(id, record)
      records.push(record)
    }
    return record
  }
  for (const step of steps) {
    const before = records.length
    for (const part of step.content) {
      if (part.type === 'tool-call') recordOf(part)
      else if (part.type === 'tool-result') recordOf(part).result = part.output
      else if (part.type === 'tool-error') recordOf(part).error = errorMessage(part.error)
    }
    if (records.length > before) index++
  }
  return records
}

/** Tool calls in Chat Completions shape (the arguments as JSON text). */
export function chatToolCalls(parts: readonly ContentPartLike[]): ChatToolCall[] {
  return parts.map((part) => ({
    id: String(part.toolCallId ?? ''),
    type: 'function',
    function: { name: String(part.toolName ?? ''), arguments: argumentsText(part.input) },
  }))
}

/**
 * The messages a `generateText` call produced (`response.messages`), in Chat Completions shape:
 * assistant text and tool calls, then one `tool` message per tool result (its output as text).
 * Reasoning, files and tool-approval parts have no Chat Completions form and are left out, as
 * are tools the provider ran itself (their calls are in the turn's `toolCalls`).
 */
export function chatMessages(responseMessages: readonly unknown[]): ChatMessage[] {
  const out: ChatMessage[] = []
  for (const message of responseMessages) {
    const { role, content } = message as { role?: unknown; content?: unknown }
    if (role === 'assistant') {
      if (typeof content === 'string') {
        out.push({ role: 'assistant', content })
        continue
      }
      const parts = (Array.isArray(content) ? content : []) as (ContentPartLike & {
        text?: unknown
        providerExecuted?: unknown
      })[]
      const text = parts
        .filter((part) => part.type === 'text' && typeof part.text === 'string')
        .map((part) => part.text as string)
        .join('')
      const calls = chatToolCalls(
        parts.filter((part) => part.type === 'tool-call' && part.providerExecuted !== true),
      )
      out.push(
        calls.length === 0
          ? { role: 'assistant', content: text }
          : { role: 'assistant', content: text === '' ? null : text, tool_calls: calls },
      )
    } else if (role === 'tool' && Array.isArray(content)) {
      for (const part of content as ContentPartLike[]) {
        if (part.type !== 'tool-result') continue
        out.push({
          role: 'tool',
          tool_call_id: String(part.toolCallId ?? ''),
          content: outputText(part.output),
        })
      }
    }
  }
  return out
}

/** A tool result's output (`{ type, value }`) as the text a Chat Completions `tool` message holds. */
function outputText(output: unknown): string {
  const { type, value, reason } = (output ?? {}) as {
    type?: unknown
    value?: unknown
    reason?: unknown
  }
  switch (type) {
    case 'text':
    case 'error-text':
      return typeof value === 'string' ? value : JSON.stringify(value ?? null)
    case 'execution-denied':
      return typeof reason === 'string' ? `execution denied: ${reason}` : 'execution denied'
    case 'content':
      if (Array.isArray(value)) {
        return value
          .map((item: { type?: unknown; text?: unknown }) =>
            item.type === 'text' && typeof item.text === 'string' ? item.text : '',
          )
          .join('')
      }
      return JSON.stringify(value ?? null)
    default:
      // 'json', 'error-json': the value as JSON text.
      return JSON.stringify(value ?? null)
  }
}

function argumentsText(input: unknown): string {
  // An input the SDK could not parse (an invalid call) is the model's own text.
  if (typeof input === 'string') return input
  return JSON.stringify(input ?? {})
}

function errorMessage(error: unknown): string {
  // A tool's error as the turn records it, like the library's own tool loop does: a library
  // error's docs line is about the library, not the tool.
  if (error instanceof Error) return quotedMessage(error) ?? ''
  return typeof error === 'string' ? error : JSON.stringify(error ?? null)
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
}
