import { parseEvents, type RecordedEvent, renderEvent } from './sse.js'
import type { Json } from './stable-json.js'

/** A response as recordings store it: allow-listed headers and the whole body. */
export interface RecordedResponse {
  status: number
  headers: Record<string, string>
  /** A JSON body, parsed. */
  body?: Json
  /** A body that is neither JSON nor SSE, as text. */
  text?: string
  /** An SSE body, event by event, in order. */
  stream?: RecordedEvent[]
}

/** The only response headers stored; everything else (cookies, org ids, rate limits) is dropped. */
const KEPT_HEADERS = [
  'content-type',
  'x-request-id',
  'x-should-retry',
  'retry-after',
  'retry-after-ms',
]

/** The allow-listed headers of a live response, sorted by name. */
export function keptHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = headers.get(name)
    if (value !== null) kept[name] = value
  }
  return kept
}

/** Whether a response is an event stream, to be recorded event by event. */
export function isEventStream(headers: Headers): boolean {
  return (headers.get('content-type') ?? '').includes('text/event-stream')
}

/** A stored response from a whole body: JSON when it parses as JSON, text otherwise. */
export function recordBody(status: number, headers: Headers, text: string): RecordedResponse {
  const response: RecordedResponse = { status, headers: keptHeaders(headers) }
  if (isEventStream(headers)) response.stream = parseEvents(text)
  else if ((headers.get('content-type') ?? '').includes('json')) {
    try {
      response.body = JSON.parse(text) as Json
    } catch {
      response.text = text
    }
  } else response.text = text
  return response
}

/**
 * A `Response` that replays a stored one. An SSE body is served as a stream, one chunk per event.
 * Retry hints are set to 0, so a replayed error never sleeps in real time.
 */
export function replayResponse(
  recorded: RecordedResponse,
  extraHeaders: Record<string, string>,
): Response {
  const headers = new Headers({ ...recorded.headers, ...extraHeaders })
  if (headers.has('retry-after')) headers.set('retry-after', '0')
  if (headers.has('retry-after-ms')) headers.set('retry-after-ms', '0')
  const { stream } = recorded
  if (stream !== undefined) {
    const encoder = new TextEncoder()
    let next = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const event = stream[next++]
        if (event === undefined) controller.close()
        else controller.enqueue(encoder.encode(renderEvent(event)))
      },
    })
    return new Response(body, { status: recorded.status, headers })
  }
  const text = recorded.body !== undefined ? JSON.stringify(recorded.body) : (recorded.text ?? '')
  return new Response(nullBodyStatus(recorded.status) ? null : text, {
    status: recorded.status,
    headers,
  })
}

function nullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304
}
