// The runner-agnostic engine (builder, conditions, state, runner, outcomes, errors); never imports `vitest`.
export {}
