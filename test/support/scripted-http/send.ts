import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'

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

/** Starts an SSE answer: status 200 and the event-stream headers, then `headers`. */
export function startEventStream(
  response: ServerResponse,
  headers: Readonly<Record<string, string>>,
): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...headers,
  })
}

/**
 * Writes text and waits until it is flushed to the socket, or until the connection closes: a
 * stream's pacing and its cut then apply to what the client really received.
 */
export function writeFlushed(
  response: ServerResponse,
  text: string,
  closed: AbortSignal,
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      closed.removeEventListener('abort', done)
      resolve()
    }
    closed.addEventListener('abort', done, { once: true })
    response.write(text, done)
  })
}

/** Closes mid-body (after what was written is flushed): the chunked body never ends. */
export function cutStream(response: ServerResponse): void {
  response.socket?.destroy()
}

/** Sends a TCP reset instead of an answer: the client sees a connection error. */
export function resetConnection(response: ServerResponse): void {
  const socket = response.socket
  if (socket === null) return
  socket.resetAndDestroy()
}
