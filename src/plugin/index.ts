// `scenarioPlugin(options)` for `vitest.config.ts` (later issue).
export {}
