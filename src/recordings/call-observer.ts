import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What watches the calls a recording `fetch` answers in one async context: an agent's turn counts
 * their tokens (`src/agent-usage/`). The recordings define the port and the engine plugs into it,
 * so the recordings import nothing of the engine.
 */
export interface CallObserver {
  /**
   * Sees one answered call: its response (returned, possibly wrapped to read the body as the
   * caller reads it) and its recorded latency when it was replayed.
   */
  observe(response: Response, replayedMs: number | undefined): Response
}

// Which observer a call belongs to is carried by the async context the calling code runs in: two
// runs in parallel (two concurrent tests) each see their own, and nothing passes through the
// user's code.
const scope = new AsyncLocalStorage<CallObserver>()

/** Calls `fn(a, b)` with `observer` seeing every call answered inside it. */
export function observingCalls<A, B, R>(
  observer: CallObserver,
  fn: (a: A, b: B) => R,
  a: A,
  b: B,
): R {
  return scope.run(observer, fn, a, b)
}

/** The observer of this async context, or `undefined` outside any. */
export function currentCallObserver(): CallObserver | undefined {
  return scope.getStore()
}
