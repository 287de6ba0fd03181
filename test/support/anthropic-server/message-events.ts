import { splitText } from '../scripted-http/split-text.js'
import type { ResolvedMessage } from './message.js'

/** One server-sent event: its `event:` name and its `data:` object. */
export interface MessageEvent {
  readonly event: string
  readonly data: Readonly<Record<string, unknown>>
}

function event(data: Readonly<Record<string, unknown>> & { type: string }): MessageEvent {
  return { event: data.type, data }
}

/**
 * The events of a streamed message, in the order the API sends them: `message_start` (the input
 * and cache counts, `output_tokens` 1, empty content), a `ping`, then per content block
 * `content_block_start`, its deltas (`text_delta` pieces; for a tool use `input_json_delta`
 * pieces of the input's JSON, starting with an empty one) and `content_block_stop`, then
 * `message_delta` (stop reason and the cumulative `output_tokens`) and `message_stop`.
 */
export function messageEvents(message: ResolvedMessage, chunkSize: number): MessageEvent[] {
  const events: MessageEvent[] = [
    event({
      type: 'message_start',
      message: {
        id: message.id,
        type: 'message',
        role: 'assistant',
        model: message.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...message.usage, output_tokens: 1 },
      },
    }),
    event({ type: 'ping' }),
  ]
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push(
        event({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }),
      )
      for (const text of splitText(block.text, chunkSize)) {
        events.push(
          event({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }),
        )
      }
    } else {
      events.push(
        event({
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        }),
      )
      for (const partial_json of ['', ...splitText(JSON.stringify(block.input), chunkSize)]) {
        events.push(
          event({
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json },
          }),
        )
      }
    }
    events.push(event({ type: 'content_block_stop', index }))
  })
  events.push(
    event({
      type: 'message_delta',
      delta: { stop_reason: message.stopReason, stop_sequence: message.stopSequence },
      usage: { output_tokens: message.usage.output_tokens },
    }),
    event({ type: 'message_stop' }),
  )
  return events
}
