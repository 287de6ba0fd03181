import { addDetails } from '../internal/usage-details.js'
import type { CallObserver } from '../recordings/call-observer.js'
import type { ReplayTally, Usage } from '../state/types.js'
import { countResponse } from './count-response.js'

/**
 * What the calls an agent made during one turn cost: the tokens their responses stated, summed,
 * and — in the turn's replay tally — how many of them were replayed and their recorded latency.
 * One per agent turn, so a call the agent
 * left running after its turn ended adds to that turn's tally, never to the next one's.
 */
export class AgentCalls implements CallObserver {
  /** The tokens the responses stated so far. */
  readonly usage: Usage = { input: 0, output: 0, cached: 0, cacheWrite: 0 }
  /** The turn's replay tally, shared with the library's own calls of the turn. */
  readonly #replay: ReplayTally

  constructor(replay: ReplayTally) {
    this.#replay = replay
  }

  /** Adds token counts (a stream adds what each event changed) and the model's name. */
  add(counts: Usage): void {
    this.usage.input += counts.input
    this.usage.output += counts.output
    this.usage.cached += counts.cached
    this.usage.cacheWrite += counts.cacheWrite
    addDetails(this.usage, counts)
  }

  /** Counts a call answered from the recording, with the latency it had when recorded. */
  replayed(recordedDurationMs: number): void {
    this.#replay.calls += 1
    this.#replay.recordedDurationMs += recordedDurationMs
  }

  /** Counts one call the agent made through a recording `fetch` (see `countResponse`). */
  observe(response: Response, replayedMs: number | undefined): Response {
    return countResponse(response, this, replayedMs)
  }

  /** A copy of the tokens counted so far: what the turn keeps (later calls change no record). */
  spent(): Usage {
    return { ...this.usage }
  }
}
