import type { ChatMessage } from '../state/types.js'

// The conversation an agent gets on a turn is the system prompt in effect, the transcript so far
// and the turn's question. Copying the transcript into a new array on every turn made a run's
// cost grow with the square of its length (20,000 messages copied on turn 10,000), so the agent
// gets a snapshot instead: a Proxy over an empty array that answers `length` and index reads
// from the transcript as it was when the turn began. The transcript only grows, so the first
// `length` messages never change and the snapshot stays what it was after later turns (an agent
// or a spy that keeps it sees the turn's conversation, not the run's).
//
// Reads that need only `length` and indices (`at(-1)`, `for … of`, spread, `map`, `slice`,
// `JSON.stringify`) cost nothing up front. Anything else — a write (`push`, `splice`, an index
// assignment), `Object.keys`, a property descriptor, freezing — first copies the messages into
// the array behind the Proxy, once, and from then on every operation goes to that real array:
// an agent that changes its conversation changes its own copy, never the run's transcript.

/**
 * The array behind a snapshot's Proxy. Node's `console.log` and `util.inspect` print a Proxy's
 * target without asking the Proxy, so the target's prototype carries Node's inspect hook, which
 * Node calls on the Proxy itself: the snapshot prints as the messages it holds, not as the empty
 * array behind it. `constructor` stays `Array`, so `map`, `slice` and `toStrictEqual` see a
 * plain array.
 */
class SnapshotTarget extends Array<ChatMessage> {
  [Symbol.for('nodejs.util.inspect.custom')](this: ChatMessage[]): ChatMessage[] {
    return Array.prototype.slice.call(this)
  }
}
Object.defineProperty(SnapshotTarget.prototype, 'constructor', {
  value: Array,
  enumerable: false,
  configurable: true,
  writable: true,
})

/**
 * The index an array property key names (`'0'`, `'17'`), or -1 for any other key (`'length'`,
 * `'01'`, symbols). Canonical decimal integers only, as arrays read them.
 */
function indexOf(key: string | symbol): number {
  if (typeof key !== 'string') return -1
  const n = key.length
  if (n === 0 || n > 15) return -1
  const first = key.charCodeAt(0)
  if (first < 48 || first > 57 || (first === 48 && n > 1)) return -1
  let index = first - 48
  for (let i = 1; i < n; i++) {
    const c = key.charCodeAt(i)
    if (c < 48 || c > 57) return -1
    index = index * 10 + (c - 48)
  }
  return index
}

/** One snapshot's handler: where its messages are, and whether they were copied out yet. */
class SnapshotHandler implements ProxyHandler<ChatMessage[]> {
  readonly #system: ChatMessage | undefined
  readonly #transcript: readonly ChatMessage[]
  readonly #transcriptLength: number
  readonly #question: ChatMessage | undefined
  readonly #length: number
  #copied = false

  constructor(
    system: string | undefined,
    transcript: readonly ChatMessage[],
    question: string | null,
  ) {
    this.#system = system === undefined ? undefined : { role: 'system', content: system }
    this.#transcript = transcript
    this.#transcriptLength = transcript.length
    this.#question = question === null ? undefined : { role: 'user', content: question }
    this.#length =
      this.#transcriptLength + (this.#system === undefined ? 0 : 1) + (this.#question ? 1 : 0)
  }

  /** The message at `index` of the snapshot (`index` < its length). */
  #at(index: number): ChatMessage | undefined {
    let i = index
    if (this.#system !== undefined) {
      if (i === 0) return this.#system
      i -= 1
    }
    if (i < this.#transcriptLength) return this.#transcript[i]
    return i === this.#transcriptLength ? this.#question : undefined
  }

  /** Copies the messages into the array behind the Proxy (once) and returns it. */
  #copy(target: ChatMessage[]): ChatMessage[] {
    if (this.#copied) return target
    this.#copied = true
    const length = this.#length
    for (let i = 0; i < length; i++) target.push(this.#at(i) as ChatMessage)
    return target
  }

  get(target: ChatMessage[], key: string | symbol, receiver: unknown): unknown {
    if (!this.#copied) {
      if (key === 'length') return this.#length
      const index = indexOf(key)
      if (index >= 0) return index < this.#length ? this.#at(index) : undefined
    }
    return Reflect.get(target, key, receiver)
  }

  has(target: ChatMessage[], key: string | symbol): boolean {
    if (!this.#copied) {
      const index = indexOf(key)
      if (index >= 0) return index < this.#length
    }
    return Reflect.has(target, key)
  }

  set(target: ChatMessage[], key: string | symbol, value: unknown, receiver: unknown): boolean {
    return Reflect.set(this.#copy(target), key, value, receiver)
  }

  defineProperty(target: ChatMessage[], key: string | symbol, desc: PropertyDescriptor): boolean {
    return Reflect.defineProperty(this.#copy(target), key, desc)
  }

  deleteProperty(target: ChatMessage[], key: string | symbol): boolean {
    return Reflect.deleteProperty(this.#copy(target), key)
  }

  ownKeys(target: ChatMessage[]): ArrayLike<string | symbol> {
    return Reflect.ownKeys(this.#copy(target))
  }

  getOwnPropertyDescriptor(
    target: ChatMessage[],
    key: string | symbol,
  ): PropertyDescriptor | undefined {
    return Reflect.getOwnPropertyDescriptor(this.#copy(target), key)
  }

  preventExtensions(target: ChatMessage[]): boolean {
    return Reflect.preventExtensions(this.#copy(target))
  }
}

/**
 * The conversation an agent gets on a turn — one system message when `system` is given, the
 * transcript's messages so far, then the question when there is one — without copying the
 * transcript: a real array (`Array.isArray` holds) whose reads come from the transcript as it
 * is now, and whose first write makes it the agent's own copy. `transcript` must only grow.
 */
export function conversationSnapshot(
  system: string | undefined,
  transcript: readonly ChatMessage[],
  question: string | null,
): ChatMessage[] {
  return new Proxy(new SnapshotTarget(), new SnapshotHandler(system, transcript, question))
}
