import type { ServerResponse } from 'node:http'
import { cutStream, startEventStream, waitOpen, writeFlushed } from '../scripted-http/send.js'

/** Headers sent with every answer, for realism (`x-request-id` becomes the SDK's `requestID`). */
export function baseHeaders(requestIndex: number): Record<string, string> {
  return {
    'x-request-id': `req_scripted_${requestIndex}`,
    'openai-version': '2020-10-01',
    'openai-processing-ms': '1',
  }
}

/** How to pace and break a stream. */
export interface StreamPacing {
  /** Pause between events. */
  readonly chunkDelayMs: number
  /** Destroy the connection after this many `data:` events (`undefined`: never). */
  readonly cutAfterEvents: number | undefined
}

/**
 * How events are framed: Chat Completions sends bare `data:` lines ending with `data: [DONE]`;
 * the Responses API names each event (`event: <type>`) and sends no `[DONE]`.
 */
export type EventFraming = 'chat' | 'responses'

/** The SSE text of one event. */
function frame(event: unknown, framing: EventFraming): string {
  const type: unknown =
    typeof event === 'object' && event !== null ? Reflect.get(event, 'type') : undefined
  const name = framing === 'responses' && typeof type === 'string' ? `event: ${type}\n` : ''
  return `${name}data: ${JSON.stringify(event)}\n\n`
}

/**
 * Sends each object as an SSE event (framed as `framing` says, default Chat Completions: bare
 * `data:` events, then `data: [DONE]`). Stops if the client goes away; resets the connection
 * after `cutAfterEvents` events. Returns how the stream ended.
 */
export async function sendEventStream(
  response: ServerResponse,
  events: readonly unknown[],
  headers: Readonly<Record<string, string>>,
  pacing: StreamPacing,
  closed: AbortSignal,
  framing: EventFraming = 'chat',
): Promise<'complete' | 'cut' | 'aborted'> {
  startEventStream(response, headers)
  const lines = events.map((event) => frame(event, framing))
  if (framing === 'chat') lines.push('data: [DONE]\n\n')
  for (const [position, line] of lines.entries()) {
    if (pacing.cutAfterEvents !== undefined && position >= pacing.cutAfterEvents) {
      cutStream(response)
      return 'cut'
    }
    if (position > 0 && !(await waitOpen(pacing.chunkDelayMs, closed))) return 'aborted'
    if (closed.aborted) return 'aborted'
    await writeFlushed(response, line, closed)
  }
  response.end()
  return 'complete'
}
