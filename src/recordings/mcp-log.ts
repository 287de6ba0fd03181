import type { McpInteraction } from './mcp-interaction.js'

/** One MCP request this test made: replayed, or sent live (its interaction once answered). */
export interface McpEntry {
  interaction: McpInteraction | undefined
  live: boolean
}

/**
 * The MCP requests one session answered, and their counter: how many answers with each key the
 * test was given (the occurrence of the next such request). It advances when a recorded answer
 * is handed out and when a live answer is kept, never goes back, and is apart from the model
 * calls' counter (the two kinds never share a key).
 */
export class McpLog {
  readonly #entries: McpEntry[] = []
  readonly #answered = new Map<string, number>()
  readonly #used = new Set<McpInteraction>()

  /** How many answers with `key` the test was given. */
  occurrence(key: string): number {
    return this.#answered.get(key) ?? 0
  }

  /** How many requests were answered so far (a miss report numbers the next one). */
  get count(): number {
    return this.#entries.length
  }

  /** Hands out a recorded answer. */
  replayed(key: string, interaction: McpInteraction): void {
    this.#advance(key)
    this.#used.add(interaction)
    this.#entries.push({ interaction, live: false })
  }

  /**
   * A live request going out: its place in the file is where it started (requests a model sent
   * in parallel keep their order, whichever is answered first). It holds no interaction until
   * `kept`, and none at all when no answer came.
   */
  live(): McpEntry {
    const entry: McpEntry = { interaction: undefined, live: true }
    this.#entries.push(entry)
    return entry
  }

  /** Keeps the answer of a live request. */
  kept(entry: McpEntry, key: string, interaction: McpInteraction): void {
    this.#advance(key)
    entry.interaction = interaction
  }

  /** The recorded interactions no request was handed (a miss report compares with them). */
  unused(recorded: readonly McpInteraction[]): McpInteraction[] {
    return recorded.filter((i) => !this.#used.has(i))
  }

  /** The interactions the recording keeps, in request order. */
  interactions(): McpInteraction[] {
    return this.#entries.flatMap((e) => (e.interaction === undefined ? [] : [e.interaction]))
  }

  /** How many requests were replayed and how many recorded live. */
  counts(): { replayed: number; recorded: number } {
    let replayed = 0
    let recorded = 0
    for (const e of this.#entries) {
      if (e.interaction === undefined) continue
      if (e.live) recorded += 1
      else replayed += 1
    }
    return { replayed, recorded }
  }

  #advance(key: string): void {
    this.#answered.set(key, (this.#answered.get(key) ?? 0) + 1)
  }
}
