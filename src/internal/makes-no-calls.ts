// Whether the runner counts an agent's own model calls (`src/agent-usage/`) is decided from the
// agent function itself: counting runs the agent in an `AsyncLocalStorage` scope, which turns on
// Node's promise hooks for the whole process, so an agent the library made and knows to make no
// calls (`scriptedModel` with a list of replies) carries this mark and runs outside any scope.
// The mark lives on the function, not in a registry, so nothing outside the agent records it.

/** The mark, on an agent function, of an agent that makes no model calls of its own. */
const MAKES_NO_CALLS: unique symbol = Symbol('vitest-scenario.makes-no-calls')

/**
 * Marks `agent` as one that makes no model calls (it runs no user code): the runner neither
 * counts its calls nor gives it an async context. Returns `agent`.
 */
export function markMakesNoCalls<F extends object>(agent: F): F {
  Object.defineProperty(agent, MAKES_NO_CALLS, { value: true })
  return agent
}

/** Whether `agent` was marked by `markMakesNoCalls`. */
export function makesNoCalls(agent: object): boolean {
  return (agent as { [MAKES_NO_CALLS]?: unknown })[MAKES_NO_CALLS] === true
}
