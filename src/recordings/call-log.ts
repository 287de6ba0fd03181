import type { RecordedInteraction } from './recording-file.js'

/** A call as this test made it: replayed, or recorded live (possibly still streaming). */
export interface Call {
  /** The exchange the recording keeps; `undefined` while a live call is out, or when none is kept. */
  interaction: RecordedInteraction | undefined
  live: boolean
  pending?: Promise<void>
  /** Why its live answer was left out of the recording (no usable answer), kept for the test. */
  refused?: { error: Error; id: string } | undefined
}

/**
 * The calls one session answered, and the one counter matching reads: how many answers with each
 * request key the test was given. It advances when a replayed answer is handed out and when a live
 * answer is kept, and never goes back (see docs/design.md, Recordings, "One counter").
 */
export class CallLog {
  /** Every call handed an answer (replayed) or sent live, in order. */
  readonly calls: Call[] = []
  readonly #answered = new Map<string, number>()
  /** The recorded interactions handed out so far. */
  readonly #used = new Set<RecordedInteraction>()
  /** Exchanges left out of the recording because they were not usable answers. */
  #discarded = 0

  /** How many answers with `key` the test was given: the occurrence of the next such call. */
  occurrence(key: string): number {
    return this.#answered.get(key) ?? 0
  }

  /** Hands out a recorded answer: the counter advances, the interaction counts as used. */
  replayed(key: string, interaction: RecordedInteraction): Call {
    this.#advance(key)
    this.#used.add(interaction)
    const call: Call = { interaction, live: false }
    this.calls.push(call)
    return call
  }

  /** A live call going out: it holds no exchange until its answer is kept. */
  live(): Call {
    const call: Call = { interaction: undefined, live: true }
    this.calls.push(call)
    return call
  }

  /** Keeps a live answer: the counter advances for it now, when it belongs to the conversation. */
  kept(call: Call, key: string, interaction: RecordedInteraction): void {
    this.#advance(key)
    call.interaction = interaction
  }

  /** Takes a call's exchange out of the recording (the call was made, so it is partial). */
  leaveOut(call: Call): void {
    if (call.interaction !== undefined && !call.live) this.#used.delete(call.interaction)
    call.interaction = undefined
    this.#discarded += 1
  }

  /** How many exchanges were left out. */
  get discarded(): number {
    return this.#discarded
  }

  /** The interactions of `recorded` no call was handed (for a miss report's closest request). */
  unused(recorded: readonly RecordedInteraction[]): RecordedInteraction[] {
    return recorded.filter((i) => !this.#used.has(i))
  }

  /** The exchanges the recording keeps, in call order. */
  interactions(): RecordedInteraction[] {
    return this.calls.flatMap((c) => (c.interaction === undefined ? [] : [c.interaction]))
  }

  /** How many kept exchanges were replayed and how many recorded live. */
  counts(): { replayed: number; recorded: number } {
    let replayed = 0
    let recorded = 0
    for (const c of this.calls) {
      if (c.interaction === undefined) continue
      if (c.live) recorded += 1
      else replayed += 1
    }
    return { replayed, recorded }
  }

  #advance(key: string): void {
    this.#answered.set(key, (this.#answered.get(key) ?? 0) + 1)
  }
}
