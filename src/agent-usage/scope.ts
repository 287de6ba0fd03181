import { observingCalls } from '../recordings/call-observer.js'
import type { AgentCalls } from './agent-calls.js'

// Which turn a call belongs to is carried by the async context the agent runs in (the recordings'
// call observer): two runs in parallel (two concurrent tests) each see their own tally, and
// nothing is passed through the user's code.
//
// Entering an `AsyncLocalStorage` scope turns on Node's promise hooks for the whole process
// (Node 20 and 22): from then on every promise of the process pays for them. An agent that is the
// user's function may call a `wrap()`ped client or a recording `fetch` whether or not the run has
// a recording session (`wrap(client, session)` names its own), so its turns run in the scope. An
// agent the library made that makes no calls (`scriptedModel` with a list of replies) is marked
// so (`src/internal/makes-no-calls.ts`) and the runner calls it outside any scope.

/** Calls `agent(conversation, context)` with `calls` as the tally of every call made inside it. */
export function inAgentScope<A, B, R>(calls: AgentCalls, agent: (a: A, b: B) => R, a: A, b: B): R {
  return observingCalls(calls, agent, a, b)
}
