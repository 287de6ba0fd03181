import { observingCalls } from '../recordings/call-observer.js'
import type { AgentCalls } from './agent-calls.js'

// Which turn a call belongs to is carried by the async context the agent runs in (the recordings'
// call observer): two runs in parallel (two concurrent tests) each see their own tally, and
// nothing is passed through the user's code.

/**
 * Whether a run enters the scope around its agent calls, decided from what the run has: a
 * recording session. Entering an `AsyncLocalStorage` scope turns on Node's promise hooks for the
 * whole process (Node 20/22), which costs a scripted run more than its own work; a run with a
 * session has an async context for its recordings anyway (the host's), and an agent that calls a
 * model through a `wrap()`ped client or `recordedFetch` is recorded through it.
 */
export function countsAgentCalls(calls: { readonly recording?: object | undefined }): boolean {
  return calls.recording !== undefined
}

/**
 * Formerly switched counting on for the whole process; a run now decides from its own options
 * (see `countsAgentCalls`), so this does nothing.
 *
 * @deprecated Does nothing; remove the call.
 */
export function countAgentCalls(): void {
  // Kept so that callers compile until they drop the call.
}

/** Calls `agent(conversation, context)` with `calls` as the tally of every call made inside it. */
export function inAgentScope<A, B, R>(calls: AgentCalls, agent: (a: A, b: B) => R, a: A, b: B): R {
  return observingCalls(calls, agent, a, b)
}
