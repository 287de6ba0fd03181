import { onAbort } from './on-abort.js'

/** Resolves after `ms`; rejects with the signal's reason if `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal === undefined) {
      setTimeout(resolve, ms)
      return
    }
    if (signal.aborted) {
      reject(signal.reason)
      return
    }
    const unsubscribe = onAbort(signal, () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
    const timer = setTimeout(() => {
      unsubscribe()
      resolve()
    }, ms)
  })
}
