import { AsyncLocalStorage } from 'node:async_hooks'
import type { AgentCalls } from './agent-calls.js'

// Which turn a call belongs to is carried by the async context the agent runs in: two runs in
// parallel (two concurrent tests) each see their own tally, and nothing is passed through the
// user's code.

/** The tally of the agent call running in this async context. */
const scope = new AsyncLocalStorage<AgentCalls>()

/**
 * Whether a run enters the scope around its agent calls. Entering an `AsyncLocalStorage` scope
 * turns on Node's promise hooks for the whole process (Node 20/22), which costs a scripted run
 * more than its own work; so the scope is entered only once something can count: a `fetch` that
 * counts was made (`wrap()`, `recordingFetch`), or the run is a Vitest host's (whose recordings
 * keep an async context anyway, and whose agents may wrap a client on their first call).
 */
let counting = false

/** Turns counting on for this process (it stays on). */
export function countAgentCalls(): void {
  counting = true
}

/** Whether runs count their agents' calls. */
export function countsAgentCalls(): boolean {
  return counting
}

/** Calls `agent(conversation, context)` with `calls` as the tally of every call made inside it. */
export function inAgentScope<A, B, R>(calls: AgentCalls, agent: (a: A, b: B) => R, a: A, b: B): R {
  return scope.run(calls, agent, a, b)
}

/** The tally of the agent running in this async context, or `undefined` outside any agent call. */
export function currentAgentCalls(): AgentCalls | undefined {
  return scope.getStore()
}
