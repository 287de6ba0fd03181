// Which test an async context belongs to. A host runs each test (its hooks and body) in
// `runInTest` (Vitest's `aroundEach`, Jest's scenario body, node:test's test function), so a
// model call finds its session through the async context it is made in, also under
// `test.concurrent`. `AsyncLocalStorage.run` scopes it to the test: nothing leaks into the next.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { RecordingSession } from '../../recordings/session.js'

/**
 * What an async context of a test holds: its session, or how to make it, until the test ends,
 * then nothing. A runner may keep a test's promises (each with the async context it was made in)
 * until its file ends; a session held there directly would keep its parsed recording and request
 * caches alive, and a worker's memory would grow with every test.
 */
export interface SessionRef {
  /** A sample's session, set for the async context of one sample. */
  session: RecordingSession | undefined
  /** Makes (or returns) the test's own session; `undefined` once the test ended. */
  open: (() => RecordingSession | undefined) | undefined
}

/** The session reference of the test (or sample) running in this async context. */
const context = new AsyncLocalStorage<SessionRef>()

/** Runs `fn` with `ref` as the test of its async context (and every context it creates). */
export function runWithRef<T>(ref: SessionRef, fn: () => T): T {
  return context.run(ref, fn)
}

/**
 * The unfinished recording session of the test (or sample) running in this async context, or
 * `undefined` outside any test, after the test ended, or with recordings off.
 */
export function sessionInContext(): RecordingSession | undefined {
  const ref = context.getStore()
  const session = ref?.session ?? ref?.open?.()
  // A context left behind by a finished test (async work it did not await) is no test.
  return session !== undefined && !session.finished ? session : undefined
}
