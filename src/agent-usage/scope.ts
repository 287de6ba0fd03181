import { observingCalls } from '../recordings/call-observer.js'
import type { AgentCalls } from './agent-calls.js'

// Which turn a call belongs to is carried by the async context the agent runs in (the recordings'
// call observer): two runs in parallel (two concurrent tests) each see their own tally, and
// nothing is passed through the user's code.

// Every agent call runs in the scope. Entering an `AsyncLocalStorage` scope turns on Node's
// promise hooks for the whole process (Node 20 and 22), which a plain scripted run pays for: about
// 2 µs per turn, measured in a process with no other async context (the engine benchmark, whose
// process keeps one anyway, shows no change). A run under a host, or next to a library that keeps
// an async context, pays nothing more. Deciding it from the run's options instead would miss an
// agent that calls a `wrap()`ped client while the run has no recording session.

/** Calls `agent(conversation, context)` with `calls` as the tally of every call made inside it. */
export function inAgentScope<A, B, R>(calls: AgentCalls, agent: (a: A, b: B) => R, a: A, b: B): R {
  return observingCalls(calls, agent, a, b)
}
