import { describeValue } from '../internal/describe-value.js'
import { withDetails } from '../internal/usage-details.js'
import type { ChatToolCall, Usage } from '../state/types.js'

/** The parts of a Chat Completions body the library reads, once checked. */
export interface CheckedCompletion {
  content: string | null
  toolCalls: ChatToolCall[]
  usage: Usage
}

/** A completion body, checked: what it holds, or what is wrong with it (for a `bad_response`). */
export type CompletionCheck =
  | { ok: true; completion: CheckedCompletion }
  | { ok: false; problem: string }

/**
 * Checks that a 2xx body is a usable Chat Completions answer. A proxy's HTML page, JSON sent as
 * `text/plain` (the SDK then hands over a string), an `{ "error": … }` body, no choices, content
 * that is neither a string nor `null`, or no content (`null`) and no tool calls is not an answer,
 * however it was sent: taking it as an empty answer would hide a wrong base URL, and recording it
 * would replay the fault forever.
 */
export function checkCompletion(data: unknown, contentType: string | undefined): CompletionCheck {
  const object = answerObject(data, contentType, 'completion')
  if (!object.ok) return object
  const { body } = object
  const { choices } = body
  if (!Array.isArray(choices)) return bad('the body has no `choices` array')
  if (choices.length === 0) return bad('the body has an empty `choices` array')
  const message = (choices[0] as { message?: unknown } | null)?.message
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return bad('`choices[0].message` is not an object')
  }
  const { content, tool_calls: toolCalls } = message as Record<string, unknown>
  if (toolCalls !== undefined && toolCalls !== null && !validToolCalls(toolCalls)) {
    return bad(
      '`choices[0].message.tool_calls` is not a list of { id, function: { name, arguments } }',
    )
  }
  const calls = (toolCalls ?? []) as ChatToolCall[]
  // A message with tool calls may leave `content` out or null; an answer without them must carry
  // text: `null` alone is no answer (taken as "", it would pass for a model that said nothing).
  if (calls.length === 0 && (content === null || content === undefined)) {
    const refusal = (message as { refusal?: unknown }).refusal
    return bad(
      typeof refusal === 'string' && refusal !== ''
        ? `\`choices[0].message.content\` is null and there are no tool calls: the model refused: ${snippet(refusal)}`
        : `\`choices[0].message.content\` is ${describe(content)} and there are no tool calls`,
    )
  }
  const contentOk = typeof content === 'string' || content === null || content === undefined
  if (!contentOk) {
    return bad(`\`choices[0].message.content\` is ${describe(content)}, not a string or null`)
  }
  return {
    ok: true,
    completion: {
      content: (content as string | null | undefined) ?? null,
      toolCalls: calls,
      usage: usageOf(body.usage, body.model),
    },
  }
}

/**
 * The first checks of any 2xx body, whatever the API: a JSON object (not text — a proxy's HTML
 * page, or JSON sent as `text/plain`, which the SDK hands over as a string — not empty, not
 * another JSON value) without an `error`. `what` names the answer expected (`completion`,
 * `response`).
 */
export function answerObject(
  data: unknown,
  contentType: string | undefined,
  what: string,
): { ok: true; body: Record<string, unknown> } | { ok: false; problem: string } {
  const sent = contentType === undefined ? '' : ` (content-type: ${contentType})`
  if (typeof data === 'string') {
    return bad(`the server answered with text, not a JSON ${what}${sent}: ${snippet(data)}`)
  }
  if (data === null || data === undefined) {
    return bad(`the server answered with an empty body${sent}`)
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    return bad(
      `the server answered with a JSON ${Array.isArray(data) ? 'array' : typeof data}, not a ${what} object`,
    )
  }
  const body = data as Record<string, unknown>
  if (body.error !== undefined && body.error !== null) {
    return bad(`the server answered 2xx with an error body: ${errorText(body.error)}`)
  }
  return { ok: true, body }
}

/**
 * Checks what a model driver (an adapter's) answered: text or `null`, tool calls in Chat
 * Completions shape, token counts ≥ 0. An adapter bug shows as a `bad_response` naming the driver,
 * never as a TypeError further on.
 */
export function checkDriverAnswer(answer: unknown, driver: string): CompletionCheck {
  if (typeof answer !== 'object' || answer === null) {
    return bad(
      `the model driver '${driver}' answered ${describe(answer)}, not { content, toolCalls, usage }`,
    )
  }
  const { content, toolCalls, usage } = answer as Record<string, unknown>
  if (typeof content !== 'string' && content !== null) {
    return bad(
      `the model driver '${driver}' answered a content that is ${describe(content)}, not a string or null`,
    )
  }
  if (!validToolCalls(toolCalls)) {
    return bad(
      `the model driver '${driver}' answered tool calls that are not [{ id, function: { name, arguments } }]`,
    )
  }
  const u = (typeof usage === 'object' && usage !== null ? usage : {}) as Record<string, unknown>
  return {
    ok: true,
    completion: {
      content,
      toolCalls: toolCalls as ChatToolCall[],
      usage: withDetails(
        {
          input: count(u.input),
          output: count(u.output),
          cached: count(u.cached),
          cacheWrite: count(u.cacheWrite),
        },
        u.reasoning,
        u.model,
      ),
    },
  }
}

/** A failed check naming the problem. */
export function bad(problem: string): { ok: false; problem: string } {
  return { ok: false, problem }
}

function validToolCalls(value: unknown): boolean {
  if (!Array.isArray(value)) return false
  return value.every((call) => {
    const fn = (call as { function?: unknown } | null)?.function as
      | { name?: unknown; arguments?: unknown }
      | null
      | undefined
    return (
      typeof (call as { id?: unknown } | null)?.id === 'string' &&
      typeof fn?.name === 'string' &&
      typeof fn.arguments === 'string'
    )
  })
}

/**
 * Token counts, where the server gave numbers (anything else counts as 0), with the reasoning
 * tokens (`completion_tokens_details.reasoning_tokens`) and the model that answered (the body's
 * `model`) when stated.
 */
function usageOf(usage: unknown, model: unknown): CheckedCompletion['usage'] {
  const u = (typeof usage === 'object' && usage !== null ? usage : {}) as Record<string, unknown>
  const details = u.prompt_tokens_details as Record<string, unknown> | null | undefined
  const output = u.completion_tokens_details as Record<string, unknown> | null | undefined
  const counts = {
    input: count(u.prompt_tokens),
    output: count(u.completion_tokens),
    cached: count(typeof details === 'object' && details !== null ? details.cached_tokens : 0),
    // Chat Completions reports no cache writes (OpenAI caches without charging for them).
    cacheWrite: 0,
  }
  const reasoning =
    typeof output === 'object' && output !== null ? output.reasoning_tokens : undefined
  return withDetails(counts, reasoning, model)
}

/** A token count the server gave, when it is a number ≥ 0; anything else counts as 0. */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0
}

/** An error body's message (or the body itself), short, on one line. */
export function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  if (typeof message === 'string') return snippet(message)
  return snippet(typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)))
}

/** The start of a body, on one line: enough to recognise a login page or a gateway's notice. */
export function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat === '') return '(empty)'
  return JSON.stringify(flat.length <= 120 ? flat : `${flat.slice(0, 119)}…`)
}

/** A value as messages show it; `missing` for `undefined`. */
export function describe(value: unknown): string {
  if (value === undefined) return 'missing'
  return describeValue(value)
}
