/** The callbacks waiting on each signal, behind its one abort listener. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>()

/**
 * Calls `callback` once when `signal` aborts; the returned function unsubscribes.
 *
 * Each signal gets a single real listener that fans out to the callbacks subscribed at that
 * moment, removed when the last one unsubscribes. One listener per subscriber would not do: many
 * concurrent model calls share a signal (runs started without one share the same never-aborting
 * signal; a user may pass one signal to many runs), and Node warns from the eleventh listener.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = waiting.get(signal)
  if (callbacks === undefined) {
    callbacks = new Set()
    waiting.set(signal, callbacks)
    signal.addEventListener('abort', fanOut, { once: true })
  }
  const group = callbacks
  // A wrapper, so one callback subscribed twice is two subscriptions.
  const entry = () => callback()
  group.add(entry)
  return () => {
    group.delete(entry)
    if (group.size === 0 && waiting.get(signal) === group) {
      waiting.delete(signal)
      signal.removeEventListener('abort', fanOut)
    }
  }
}

function fanOut(this: AbortSignal): void {
  const callbacks = waiting.get(this)
  waiting.delete(this)
  for (const callback of callbacks ?? []) callback()
}
