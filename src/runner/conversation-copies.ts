import type { ChatMessage } from '../state/types.js'

// What user code gets as the conversation — an agent function, `scriptedModel`, a question
// function's `context.conversation` — is a plain array (prototype `Array.prototype`, no Proxy),
// so `structuredClone`, `JSON.stringify`, spies and assertions see an ordinary array. Changing it
// must never change the run's transcript, and a turn must not cost more as the run grows:
//
// - The array is new on every turn (or read), built with one `concat` of the copies so far: a
//   memory copy of references, a few microseconds at 20,000 messages, never a walk of messages.
// - Its messages are deep copies of the transcript's, each made once, when the transcript first
//   holds it, and reused on later turns. Copying every message on every turn made a long run's
//   cost grow with its square; freezing the shared messages instead would make ordinary agent
//   code throw (`messages.at(-1).content = …`, a cache marker added to the last message). An
//   agent that changes a message object therefore changes its own copy, which it sees again on
//   later turns, as an app that keeps its own message list does; the transcript, the reports,
//   the judges and the other consumers (each has copies of its own) never see it.

/** One consumer's copies of a run's transcript, and the plain arrays made of them. */
export class ConversationCopies {
  readonly #transcript: readonly ChatMessage[]
  readonly #copies: ChatMessage[] = []

  /** `transcript` is the run's, which only grows. */
  constructor(transcript: readonly ChatMessage[]) {
    this.#transcript = transcript
  }

  /**
   * A new plain array: one system message when `system` is given, copies of the transcript's
   * messages so far, then the question when there is one.
   */
  conversation(system: string | undefined, question: string | null): ChatMessage[] {
    const copies = this.#copies
    const transcript = this.#transcript
    for (let i = copies.length; i < transcript.length; i++) {
      copies.push(copyData(transcript[i], 0) as ChatMessage)
    }
    // Up to a few dozen messages, pushing them is several times faster than `concat` (a call into
    // the runtime, with two more arrays made for it); past that, `concat`'s copy of references wins.
    if (copies.length > SHORT) {
      const head: ChatMessage[] = system === undefined ? [] : [{ role: 'system', content: system }]
      return question === null
        ? head.concat(copies)
        : head.concat(copies, [{ role: 'user', content: question }])
    }
    const conversation: ChatMessage[] = []
    if (system !== undefined) conversation.push({ role: 'system', content: system })
    for (let i = 0; i < copies.length; i++) conversation.push(copies[i] as ChatMessage)
    if (question !== null) conversation.push({ role: 'user', content: question })
    return conversation
  }
}

/** Conversations up to this many messages are built by pushing them (see `conversation`). */
const SHORT = 64

/** Deeper than this, a value is shared rather than copied (JSON that deep is refused anyway). */
const MAX_DEPTH = 1000

/**
 * A deep copy of JSON-shaped data: arrays and plain objects are copied, every other value (text,
 * numbers, a `Date`, a class instance) is kept. An own `__proto__` key is copied as the key it
 * is, never as a prototype.
 */
function copyData(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length)
    for (let i = 0; i < value.length; i++) out[i] = copyData(value[i], depth + 1)
    return out
  }
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return value
  // A spread copies the own enumerable keys as data properties (an own `__proto__` stays a key)
  // in one step, faster than writing them one by one; then only the values that are objects are
  // replaced by their copies. A symbol key (no JSON has one) keeps its value as it is.
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  const keys = Object.keys(out)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    const field = out[key]
    if (typeof field !== 'object' || field === null) continue
    const copied = copyData(field, depth + 1)
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: copied,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    } else {
      out[key] = copied
    }
  }
  return out
}
