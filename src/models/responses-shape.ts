import { withDetails } from '../internal/usage-details.js'
import type { ChatToolCall, Usage } from '../state/types.js'
import {
  answerObject,
  bad,
  type CompletionCheck,
  count,
  describe,
  errorText,
  snippet,
} from './completion-shape.js'

/** A record's fields, or none when the value is not an object. */
function fields(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

/**
 * Token counts of a Responses API answer: `input_tokens` (which includes the cached ones, as
 * `Usage.input` does), `output_tokens`, `input_tokens_details.cached_tokens`, and the cache-write
 * tokens where the provider reports them (`input_tokens_details.cache_write_tokens`), else 0;
 * the reasoning tokens (`output_tokens_details.reasoning_tokens`) and the answering `model` (the
 * response's) when stated.
 */
export function responsesUsage(usage: unknown, model?: unknown): Usage {
  const u = fields(usage)
  const details = fields(u.input_tokens_details)
  const counts = {
    input: count(u.input_tokens),
    output: count(u.output_tokens),
    cached: count(details.cached_tokens),
    cacheWrite: count(details.cache_write_tokens),
  }
  return withDetails(counts, fields(u.output_tokens_details).reasoning_tokens, model)
}

/** Why a response that is not `completed` gives no answer, from its status and details. */
function unfinished(body: Record<string, unknown>): string | undefined {
  const { status } = body
  if (status === undefined || status === null || status === 'completed') return undefined
  if (status === 'failed') {
    const error = body.error
    return `the response failed (status 'failed')${error === undefined || error === null ? '' : `: ${errorText(error)}`}`
  }
  if (status === 'incomplete') {
    const reason = fields(body.incomplete_details).reason
    return `the response is incomplete (status 'incomplete'${typeof reason === 'string' ? `, reason '${reason}'` : ''}): the answer was cut off`
  }
  return `the response is not completed (status ${describe(status)})`
}

/**
 * The text of a message item: its `output_text` parts joined, or `undefined` when it has none (and
 * its refusal, if it refused).
 */
function messageText(
  item: Record<string, unknown>,
): { text: string | undefined; refusal: string | undefined } | string {
  const { content } = item
  if (!Array.isArray(content)) return '`content` of a message item is not a list'
  let text: string | undefined
  let refusal: string | undefined
  for (const part of content) {
    const p = fields(part)
    if (p.type === 'output_text') {
      if (typeof p.text !== 'string') {
        return `an output_text part's \`text\` is ${describe(p.text)}, not a string`
      }
      text = (text ?? '') + p.text
    } else if (p.type === 'refusal' && typeof p.refusal === 'string') {
      refusal = p.refusal
    }
  }
  return { text, refusal }
}

/** A `function_call` item as a Chat Completions tool call (the id the tool result answers). */
function functionCall(item: Record<string, unknown>): ChatToolCall | string {
  const { call_id: callId, name, arguments: args } = item
  if (typeof callId !== 'string' || typeof name !== 'string' || typeof args !== 'string') {
    return 'a `function_call` item is not { call_id, name, arguments } with string values'
  }
  return { id: callId, type: 'function', function: { name, arguments: args } }
}

/**
 * Checks that a 2xx body is a usable Responses API answer and reads it as a completion's parts:
 * the text of the assistant message items, the `function_call` items as tool calls, the usage.
 * Not an answer, however it was sent: text (an HTML page), an empty body, an `error` body, a
 * response whose status is `failed`, `incomplete` or not yet `completed`, no `output` list, an
 * output with neither text nor function calls (a refusal is named). Other item kinds (reasoning,
 * built-in tools) are not the library's to read and are skipped.
 */
export function checkResponse(data: unknown, contentType: string | undefined): CompletionCheck {
  const status = fields(data).status
  const early = status === 'failed' ? unfinished(fields(data)) : undefined
  if (early !== undefined) return bad(early)
  const object = answerObject(data, contentType, 'response')
  if (!object.ok) return object
  const { body } = object
  const stopped = unfinished(body)
  if (stopped !== undefined) return bad(stopped)
  const { output } = body
  if (!Array.isArray(output)) return bad('the body has no `output` list')
  let content: string | null = null
  let refusal: string | undefined
  const toolCalls: ChatToolCall[] = []
  for (const entry of output) {
    const item = fields(entry)
    if (item.type === 'message') {
      const read = messageText(item)
      if (typeof read === 'string') return bad(read)
      if (read.text !== undefined) content = (content ?? '') + read.text
      refusal ??= read.refusal
    } else if (item.type === 'function_call') {
      const call = functionCall(item)
      if (typeof call === 'string') return bad(call)
      toolCalls.push(call)
    }
  }
  if (content === null && toolCalls.length === 0) {
    return bad(
      refusal === undefined
        ? 'the response has no output text and no function calls'
        : `the response has no output text and no function calls: the model refused: ${snippet(refusal)}`,
    )
  }
  const usage = responsesUsage(body.usage, body.model)
  return { ok: true, completion: { content, toolCalls, usage } }
}
