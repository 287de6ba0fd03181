import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'

/** Headers sent with every answer, for realism (`x-request-id` becomes the SDK's `requestID`). */
export function baseHeaders(requestIndex: number): Record<string, string> {
  return {
    'x-request-id': `req_scripted_${requestIndex}`,
    'openai-version': '2020-10-01',
    'openai-processing-ms': '1',
  }
}

/**
 * Waits `ms` unless the connection closes first. Returns whether the connection is still open.
 */
export async function waitOpen(ms: number, closed: AbortSignal): Promise<boolean> {
  if (closed.aborted) return false
  if (ms <= 0) return true
  try {
    await sleep(ms, undefined, { signal: closed })
    return true
  } catch {
    return false
  }
}

/** Sends a JSON body (a string as is, `undefined` as an empty body) with a status and headers. */
export function sendBody(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>>,
): void {
  const isText = typeof body === 'string'
  const text = isText ? body : body === undefined ? '' : JSON.stringify(body)
  response.writeHead(status, {
    ...(isText ? {} : { 'content-type': 'application/json' }),
    ...headers,
    'content-length': String(Buffer.byteLength(text)),
  })
  response.end(text)
}

/** Writes text and waits until it is flushed to the socket, or until the connection closes. */
function writeFlushed(response: ServerResponse, text: string, closed: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      closed.removeEventListener('abort', done)
      resolve()
    }
    closed.addEventListener('abort', done, { once: true })
    response.write(text, done)
  })
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
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...headers,
  })
  const lines = events.map((event) => frame(event, framing))
  if (framing === 'chat') lines.push('data: [DONE]\n\n')
  for (const [position, line] of lines.entries()) {
    if (pacing.cutAfterEvents !== undefined && position >= pacing.cutAfterEvents) {
      // Close mid-body (after what was written is flushed): the chunked body never ends.
      response.socket?.destroy()
      return 'cut'
    }
    if (position > 0 && !(await waitOpen(pacing.chunkDelayMs, closed))) return 'aborted'
    if (closed.aborted) return 'aborted'
    await writeFlushed(response, line, closed)
  }
  response.end()
  return 'complete'
}

/** Sends a TCP reset instead of an answer: the client sees a connection error. */
export function resetConnection(response: ServerResponse): void {
  const socket = response.socket
  if (socket === null) return
  socket.resetAndDestroy()
}
