// A streamed answer reaches a recording in pieces: a key sent as `sk-canary-RE`, `L3-0123…`,
// `9abc…` is in no single event, so the scan of each string finds nothing. These are the texts a
// stream sends in pieces, put back together per choice, output item or content block, for the
// scan to check as a whole (see secrets.ts). One pass over the events; each text is joined once.
import type { RecordedEvent } from './sse.js'
import type { Json } from './stable-json.js'

/** One text a stream sent in pieces, assembled, and where it sits. */
export interface StreamText {
  /**
   * The stream part it is, as the scan's path shows it after `stream`: `[choice 0].content`,
   * `[choice 0].tool_calls[1].arguments` (Chat Completions), `[output 1].output_text`,
   * `[output 2].function_call_arguments` (Responses API), `[content block 0].text`,
   * `[content block 1].partial_json` (Anthropic Messages), `[candidate 0].text` (Gemini).
   */
  part: string
  /** The pieces joined, in the order the events sent them. */
  text: string
}

type JsonObject = { [key: string]: Json }

/**
 * The texts of a recorded stream that arrive as deltas, assembled per stream part, in the order
 * each part first appeared: Chat Completions (each string field of `choices[i].delta` — content,
 * refusal, reasoning — and each tool call's `function.arguments`), the Responses API (every
 * `response.….delta` event's `delta`, per output item and event type), Anthropic Messages (each
 * string field of a `content_block_delta`'s delta, per content block) and Gemini
 * (`candidates[i].content.parts[].text`). Events of no such shape are skipped.
 *
 * @example
 * streamTexts(events) // [{ part: '[choice 0].content', text: 'Your key is sk-…' }]
 */
export function streamTexts(events: readonly RecordedEvent[]): StreamText[] {
  const pieces = new Map<string, string[]>()
  const add = (part: string, piece: Json | undefined) => {
    if (typeof piece !== 'string' || piece === '') return
    const list = pieces.get(part)
    if (list === undefined) pieces.set(part, [piece])
    else list.push(piece)
  }
  for (const { data } of events) {
    if (!isObject(data)) continue
    if (Array.isArray(data.choices)) chatPieces(data.choices, add)
    else if (Array.isArray(data.candidates)) geminiPieces(data.candidates, add)
    else if (typeof data.type === 'string') typedPieces(data, data.type, add)
  }
  return [...pieces].map(([part, list]) => ({ part, text: list.join('') }))
}

type Add = (part: string, piece: Json | undefined) => void

/** Chat Completions: `choices[i].delta`'s string fields and tool-call arguments. */
function chatPieces(choices: Json[], add: Add): void {
  for (const [position, choice] of choices.entries()) {
    if (!isObject(choice) || !isObject(choice.delta)) continue
    const at = `[choice ${indexOf(choice.index, position)}]`
    for (const [field, value] of Object.entries(choice.delta)) {
      // The role is no text; it is never split.
      if (field !== 'role') add(`${at}.${field}`, value)
    }
    const calls = choice.delta.tool_calls
    if (Array.isArray(calls)) {
      for (const [i, call] of calls.entries()) {
        if (isObject(call) && isObject(call.function)) {
          add(`${at}.tool_calls[${indexOf(call.index, i)}].arguments`, call.function.arguments)
        }
      }
    }
    // The legacy single function call (`functions` instead of `tools`).
    const legacy = choice.delta.function_call
    if (isObject(legacy)) add(`${at}.function_call.arguments`, legacy.arguments)
  }
}

/** Gemini (`streamGenerateContent`): each candidate's parts' text. */
function geminiPieces(candidates: Json[], add: Add): void {
  for (const [position, candidate] of candidates.entries()) {
    if (!isObject(candidate) || !isObject(candidate.content)) continue
    const parts = candidate.content.parts
    if (!Array.isArray(parts)) continue
    const at = `[candidate ${indexOf(candidate.index, position)}].text`
    for (const part of parts) if (isObject(part)) add(at, part.text)
  }
}

/** Events with a `type`: the Responses API's `response.….delta` and Anthropic's block deltas. */
function typedPieces(data: JsonObject, type: string, add: Add): void {
  if (type === 'content_block_delta' && isObject(data.delta)) {
    // text_delta → text, input_json_delta → partial_json, thinking_delta → thinking, …
    const at = `[content block ${indexOf(data.index, 0)}]`
    for (const [field, value] of Object.entries(data.delta)) {
      if (field !== 'type') add(`${at}.${field}`, value)
    }
  } else if (type.startsWith('response.') && type.endsWith('.delta')) {
    // response.output_text.delta → output_text, response.function_call_arguments.delta → …
    const kind = type.slice('response.'.length, -'.delta'.length)
    add(`[output ${indexOf(data.output_index, 0)}].${kind}`, data.delta)
  }
}

/** The index an event names, else its position (a server that leaves `index` out). */
function indexOf(index: Json | undefined, fallback: number): number {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : fallback
}

function isObject(value: Json | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
