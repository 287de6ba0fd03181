import { onAbort } from './on-abort.js'

/**
 * Runs `call` with an `AbortSignal` of its own that aborts when `outer` does. The SDK adds an
 * abort listener to the signal it is given and never removes it: given the run's signal, those
 * listeners would pile up, one per call, for as long as the signal lives.
 */
export async function withLinkedSignal<T>(
  outer: AbortSignal,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const own = new AbortController()
  if (outer.aborted) {
    own.abort(outer.reason)
    return call(own.signal)
  }
  const unsubscribe = onAbort(outer, () => own.abort(outer.reason))
  try {
    return await call(own.signal)
  } finally {
    unsubscribe()
  }
}
