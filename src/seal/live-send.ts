import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Marks the requests a recording session sends live to record them: the seal lets them out (they
 * are recorded), and flags only what bypassed a recording. An async context, not a flag on the
 * request: the mark must reach the interception wherever the SDK's `fetch` sends it (the patched
 * global, or a `fetch` the SDK captured before the seal was installed).
 */
const liveSend = new AsyncLocalStorage<true>()

/**
 * Runs `send` (a recording session's live call) marked as the library's own live send.
 *
 * @example
 * const response = await sendLive(() => live(url, init))
 */
export function sendLive<T>(send: () => T): T {
  return liveSend.run(true, send)
}

/** Whether the code running now is a recording session's live send. */
export function isLiveSend(): boolean {
  return liveSend.getStore() === true
}
