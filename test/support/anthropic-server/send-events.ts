import type { ServerResponse } from 'node:http'
import { cutStream, startEventStream, waitOpen, writeFlushed } from '../scripted-http/send.js'
import type { MessageEvent } from './message-events.js'

/** How to pace and break a stream. */
export interface StreamPacing {
  /** Pause between events. */
  readonly chunkDelayMs: number
  /** Destroy the connection after this many events (`undefined`: never). */
  readonly cutAfterEvents: number | undefined
  /** Send this error event after `afterEvents` events, then end the stream. */
  readonly error: { readonly afterEvents: number; readonly event: MessageEvent } | undefined
}

/** One event as the API writes it: an `event:` line (the SDK skips events without) and `data:`. */
function render({ event, data }: MessageEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/**
 * Sends the events as SSE (no `[DONE]`: an Anthropic stream ends after `message_stop`). Stops if
 * the client goes away; resets the connection after `cutAfterEvents`; sends the scripted error
 * event in place of the rest. Returns how the stream ended.
 */
export async function sendMessageEvents(
  response: ServerResponse,
  events: readonly MessageEvent[],
  headers: Readonly<Record<string, string>>,
  pacing: StreamPacing,
  closed: AbortSignal,
): Promise<'complete' | 'cut' | 'error' | 'aborted'> {
  startEventStream(response, headers)
  for (const [position, event] of events.entries()) {
    if (pacing.cutAfterEvents !== undefined && position >= pacing.cutAfterEvents) {
      cutStream(response)
      return 'cut'
    }
    if (pacing.error !== undefined && position >= pacing.error.afterEvents) {
      await writeFlushed(response, render(pacing.error.event), closed)
      response.end()
      return 'error'
    }
    if (position > 0 && !(await waitOpen(pacing.chunkDelayMs, closed))) return 'aborted'
    if (closed.aborted) return 'aborted'
    await writeFlushed(response, render(event), closed)
  }
  if (pacing.error !== undefined) {
    await writeFlushed(response, render(pacing.error.event), closed)
    response.end()
    return 'error'
  }
  response.end()
  return 'complete'
}
