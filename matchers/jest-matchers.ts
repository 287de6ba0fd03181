// Adds the scenario matchers to Jest's `expect` types; `import … from 'vitest-scenario/jest'`
// loads this file. Jest's `expect` (from `@jest/globals`, and `@jest/expect` behind it) takes its
// `Matchers<R, T>` interface from the `expect` package, so that is the module augmented.
import type { ScenarioMatchers } from './scenario-matchers.js'

/**
 * The scenario matchers `setupFilesAfterEnv: ['vitest-scenario/jest/setup']` registers with Jest's
 * `expect` (the plain `matchers` object), each returning Jest's `R` (`void`, or `Promise<void>`
 * after `.resolves` / `.rejects`). `toMatchConversationSnapshot` and `toSatisfyJudge` are not
 * registered under Jest yet: `expect(result).toMatchSnapshot()` renders the transcript.
 */
export type JestScenarioMatchers<R> = {
  [K in Exclude<keyof ScenarioMatchers, 'toMatchConversationSnapshot' | 'toSatisfyJudge'>]: (
    ...args: Parameters<ScenarioMatchers[K]>
  ) => R
}

declare module 'expect' {
  // The type parameters must be Jest's exactly (all declarations of an interface share them).
  interface Matchers<R extends void | Promise<void>, T = unknown> extends JestScenarioMatchers<R> {}
}
