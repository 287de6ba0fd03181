import type { Usage } from '../state/types.js'
import { type StatedUsage, statedUsage } from './read-usage.js'

/** What counting adds to: a turn's `AgentCalls`. */
export interface CallTally {
  /** Adds token counts. */
  add(counts: Usage): void
  /** Counts a replayed call with its recorded latency. */
  replayed(recordedDurationMs: number): void
}

/**
 * The response an agent's call gets, with its tokens added to `calls` as the agent reads it: the
 * body passes through unchanged, and the usage is read on the way (a JSON body when it ends, an
 * event stream event by event), so it is counted by the time the SDK hands the answer to the
 * agent — no extra read of the body, nothing left to await after the agent returns. A body the
 * agent never reads is not counted. Error statuses and bodies without a usage count nothing.
 * `replayedMs` is the recorded latency of a replayed call (counted as replayed).
 */
export function countResponse(
  response: Response,
  calls: CallTally,
  replayedMs: number | undefined,
): Response {
  if (replayedMs !== undefined) calls.replayed(replayedMs)
  if (!response.ok || response.body === null) return response
  const type = response.headers.get('content-type') ?? ''
  const stream = type.includes('text/event-stream')
  if (!stream && !type.includes('json')) return response
  const body = response.body.pipeThrough(stream ? eventReader(calls) : jsonReader(calls))
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}

/** Passes a JSON body through; when it ends, adds the usage it states. */
function jsonReader(calls: CallTally): TransformStream<Uint8Array, Uint8Array> {
  const chunks: Uint8Array[] = []
  return new TransformStream({
    transform(chunk, controller) {
      chunks.push(chunk)
      controller.enqueue(chunk)
    },
    flush() {
      let parsed: unknown
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        // Not JSON after all: the SDK reports it; there is nothing to count.
        return
      }
      const stated = statedUsage(parsed)
      if (stated !== undefined) {
        const counts: Usage = {
          input: stated.input ?? 0,
          output: stated.output ?? 0,
          cached: stated.cached ?? 0,
          cacheWrite: stated.cacheWrite ?? 0,
        }
        if (stated.reasoning !== undefined) counts.reasoning = stated.reasoning
        if (stated.model !== undefined) counts.model = stated.model
        calls.add(counts)
      }
    },
  })
}

/**
 * Passes an event stream through and reads each event's data as it goes: the counts the events
 * state are merged (a later count replaces an earlier one — usage in streams is cumulative), and
 * what each event changes is added to `calls` at once, so a stream the agent stops reading early
 * has counted what it read.
 */
function eventReader(calls: CallTally): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder()
  let pending = ''
  let data: string[] = []
  const merged: Usage = { input: 0, output: 0, cached: 0, cacheWrite: 0 }
  const event = () => {
    const text = data.join('\n')
    data = []
    // Most events are content deltas: only those that mention usage are parsed.
    if (!text.includes('_tokens')) return
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return
    }
    const stated = statedUsage(parsed)
    if (stated !== undefined) mergeInto(merged, stated, calls)
  }
  const lines = (text: string) => {
    pending += text
    let end = pending.indexOf('\n')
    while (end !== -1) {
      const line = pending.slice(0, end).replace(/\r$/, '')
      pending = pending.slice(end + 1)
      if (line === '') event()
      else if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5))
      end = pending.indexOf('\n')
    }
  }
  return new TransformStream({
    transform(chunk, controller) {
      lines(decoder.decode(chunk, { stream: true }))
      controller.enqueue(chunk)
    },
    flush() {
      lines(`${decoder.decode()}\n`)
      if (data.length > 0) event()
    },
  })
}

/** Replaces the stream's counts with those stated, adding the difference to the tally. */
function mergeInto(merged: Usage, stated: StatedUsage, calls: CallTally): void {
  const input = stated.input ?? merged.input
  const output = stated.output ?? merged.output
  const cached = stated.cached ?? merged.cached
  const cacheWrite = stated.cacheWrite ?? merged.cacheWrite
  const added: Usage = {
    input: input - merged.input,
    output: output - merged.output,
    cached: cached - merged.cached,
    cacheWrite: cacheWrite - merged.cacheWrite,
  }
  if (stated.reasoning !== undefined) {
    added.reasoning = stated.reasoning - (merged.reasoning ?? 0)
    merged.reasoning = stated.reasoning
  }
  // The name is added once per stream: the tally merges names, it does not count them.
  if (stated.model !== undefined && merged.model === undefined) {
    added.model = stated.model
    merged.model = stated.model
  }
  calls.add(added)
  merged.input = input
  merged.output = output
  merged.cached = cached
  merged.cacheWrite = cacheWrite
}
