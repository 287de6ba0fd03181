import type { Json } from './stable-json.js'

/** One server-sent event as recordings store it: the two fields the SDK reads. */
export interface RecordedEvent {
  event: string | null
  /** The data parsed as JSON, or the raw text when it is not JSON (e.g. `[DONE]`). */
  data: Json
}

/** Parses an SSE body into its events; comments and `id:`/`retry:` fields are dropped. */
export function parseEvents(text: string): RecordedEvent[] {
  const events: RecordedEvent[] = []
  for (const block of text.replace(/\r\n?/g, '\n').split('\n\n')) {
    let event: string | null = null
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
    if (event === null && data.length === 0) continue
    events.push({ event, data: parseData(data.join('\n')) })
  }
  return events
}

/** The SSE text of one event, as a server would send it. */
export function renderEvent({ event, data }: RecordedEvent): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data)
  const lines = event === null ? [] : [`event: ${event}`]
  for (const line of text.split('\n')) lines.push(`data: ${line}`)
  return `${lines.join('\n')}\n\n`
}

/** JSON objects and arrays are stored parsed; anything else as its text, so it replays as sent. */
function parseData(text: string): Json {
  try {
    const value = JSON.parse(text) as Json
    return value !== null && typeof value === 'object' ? value : text
  } catch {
    return text
  }
}
