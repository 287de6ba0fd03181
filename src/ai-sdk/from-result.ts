import { quotedMessage } from '../errors/quoted-message.js'
import { addDetails, withDetails, withModel } from '../internal/usage-details.js'
import type { ChatMessage, ChatToolCall, ToolCallRecord, Usage } from '../state/types.js'
import type { ContentPartLike, ResponseMetaLike, StepLike, UsageLike } from './ai-module.js'

/**
 * The token counts of an AI SDK usage in the library's terms, or `undefined` when the provider
 * stated none (the turn then counts the calls made through `recordedFetch` instead). `input`
 * includes the cached and cache-write tokens (as the AI SDK's `inputTokens` does); `cached` is
 * `inputTokenDetails.cacheReadTokens` (`ai` 6's `cachedInputTokens` when that is missing),
 * `cacheWrite` `inputTokenDetails.cacheWriteTokens` and `reasoning`
 * `outputTokenDetails.reasoningTokens` (`ai` 6's `reasoningTokens` when that is missing; absent
 * when neither is stated). `model` is `modelId` when given.
 */
export function usageOf(usage: UsageLike | undefined, modelId?: unknown): Usage | undefined {
  if (usage === undefined || usage === null) return undefined
  const input = count(usage.inputTokens)
  const output = count(usage.outputTokens)
  if (input === undefined && output === undefined) return undefined
  const details = usage.inputTokenDetails
  const counts: Usage = {
    input: input ?? 0,
    output: output ?? 0,
    cached: count(details?.cacheReadTokens) ?? count(usage.cachedInputTokens) ?? 0,
    cacheWrite: count(details?.cacheWriteTokens) ?? 0,
  }
  const reasoning = count(usage.outputTokenDetails?.reasoningTokens) ?? count(usage.reasoningTokens)
  return withDetails(counts, reasoning, modelId)
}

/**
 * A `generateText` result's usage, summed over its steps, with the models that answered them
 * (each step's `response.modelId`, in order). Each step's `usage` means the same in `ai` 6 and 7,
 * while the result's `usage` does not (the last step's in 6, the sum in 7) and `totalUsage` is
 * deprecated in 7: summing the steps counts every call once in both. A result without steps is
 * read from `totalUsage`, else `usage`. `undefined` when no step states any tokens.
 */
export function resultUsage(result: {
  readonly steps?: readonly StepLike[] | undefined
  readonly totalUsage?: UsageLike | undefined
  readonly usage?: UsageLike | undefined
  readonly response?: ResponseMetaLike | undefined
}): Usage | undefined {
  const steps = Array.isArray(result.steps) ? result.steps : []
  if (steps.length === 0) {
    return usageOf(result.totalUsage ?? result.usage, result.response?.modelId)
  }
  let total: Usage | undefined
  let models: string | undefined
  for (const step of steps) {
    models = withModel(models, step.response?.modelId)
    const usage = usageOf(step.usage)
    if (usage === undefined) continue
    total ??= { input: 0, output: 0, cached: 0, cacheWrite: 0 }
    total.input += usage.input
    total.output += usage.output
    total.cached += usage.cached
    total.cacheWrite += usage.cacheWrite
    addDetails(total, usage)
  }
  if (total !== undefined && models !== undefined) total.model = models
  return total
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
