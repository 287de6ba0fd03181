import type { Usage } from '../state/types.js'

/**
 * Token counts one response body (or one stream event) states; a count it does not state is left
 * out, so the events of one stream can be merged (an Anthropic stream states its input in
 * `message_start` and its output in `message_delta`).
 */
export type StatedUsage = Partial<Usage>

/**
 * The usage a provider's response states, in the library's terms (`input` includes the cached
 * input tokens; `cached` is the part of `input` read from the provider's cache), or `undefined`
 * when the value carries none. One reader for the shapes agents meet:
 * - Chat Completions (a JSON body, or the last chunk of a stream that asked for
 *   `stream_options.include_usage`): `usage.prompt_tokens`, `completion_tokens`,
 *   `prompt_tokens_details.cached_tokens`, `completion_tokens_details.reasoning_tokens`;
 * - the Responses API (a JSON body, or the `response.completed` event): `usage.input_tokens`,
 *   `output_tokens`, `input_tokens_details.cached_tokens`,
 *   `output_tokens_details.reasoning_tokens` (under `response` in stream events);
 * - Anthropic Messages (a JSON body, or the `message_start` and `message_delta` events):
 *   `usage.input_tokens`, `output_tokens`, `cache_read_input_tokens` (`cached`) and
 *   `cache_creation_input_tokens` (`cacheWrite`). Anthropic's `input_tokens` leaves out the tokens
 *   read from and written to the cache, so `input` adds them back.
 * The model that answered is the body's (or the event's response's or message's) `model`.
 */
export function statedUsage(value: unknown): StatedUsage | undefined {
  if (!isObject(value)) return undefined
  const usage = usageObject(value)
  if (usage === undefined) return undefined
  const stated = statedCounts(usage)
  if (stated === undefined) return undefined
  const model = modelOf(value)
  if (model !== undefined) stated.model = model
  return stated
}

function statedCounts(usage: Record<string, unknown>): StatedUsage | undefined {
  if ('prompt_tokens' in usage || 'completion_tokens' in usage) {
    return withReasoning(
      counts(
        usage.prompt_tokens,
        usage.completion_tokens,
        detail(usage.prompt_tokens_details, 'cached_tokens') ?? 0,
      ),
      detail(usage.completion_tokens_details, 'reasoning_tokens'),
    )
  }
  if (
    'input_tokens_details' in usage ||
    'output_tokens_details' in usage ||
    'total_tokens' in usage
  ) {
    return withReasoning(
      counts(
        usage.input_tokens,
        usage.output_tokens,
        detail(usage.input_tokens_details, 'cached_tokens') ?? 0,
      ),
      detail(usage.output_tokens_details, 'reasoning_tokens'),
    )
  }
  // Anthropic: the cache reads and writes are beside `input_tokens`, not in it.
  const read = count(usage.cache_read_input_tokens)
  const written = count(usage.cache_creation_input_tokens)
  const input = count(usage.input_tokens)
  const stated = counts(
    input === undefined ? undefined : input + (read ?? 0) + (written ?? 0),
    usage.output_tokens,
    read ?? (input === undefined ? undefined : 0),
  )
  if (stated !== undefined && (written !== undefined || input !== undefined)) {
    stated.cacheWrite = written ?? 0
  }
  return stated
}

/** The counts with the reasoning tokens the response states, if any. */
function withReasoning(
  stated: StatedUsage | undefined,
  reasoning: number | undefined,
): StatedUsage | undefined {
  if (stated !== undefined && reasoning !== undefined) stated.reasoning = reasoning
  return stated
}

/**
 * The model that answered: the body's `model` (Chat Completions, Responses, Anthropic), or a
 * stream event's `response.model` / `message.model`.
 */
function modelOf(value: Record<string, unknown>): string | undefined {
  if (typeof value.model === 'string' && value.model !== '') return value.model
  for (const key of ['response', 'message'] as const) {
    const inner = value[key]
    if (isObject(inner) && typeof inner.model === 'string' && inner.model !== '') return inner.model
  }
  return undefined
}

/** The object holding the counts: `usage`, or a stream event's `response.usage` / `message.usage`. */
function usageObject(value: Record<string, unknown>): Record<string, unknown> | undefined {
  if (isObject(value.usage)) return value.usage
  for (const key of ['response', 'message'] as const) {
    const inner = value[key]
    if (isObject(inner) && isObject(inner.usage)) return inner.usage
  }
  return undefined
}

function counts(input: unknown, output: unknown, cached: unknown): StatedUsage | undefined {
  const stated: StatedUsage = {}
  const i = count(input)
  const o = count(output)
  const c = count(cached)
  if (i !== undefined) stated.input = i
  if (o !== undefined) stated.output = o
  if (c !== undefined && (i !== undefined || c > 0)) stated.cached = c
  return i === undefined && o === undefined ? undefined : stated
}

function detail(details: unknown, key: string): number | undefined {
  return isObject(details) ? count(details[key]) : undefined
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
