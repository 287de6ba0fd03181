// Adds the scenario matchers to Jest's `expect` types; `import … from 'vitest-scenario/jest'`
// loads this file. Jest's `expect` (from `@jest/globals`, and `@jest/expect` behind it) takes its
// `Matchers<R, T>` interface from the `expect` package, so that module is augmented; the global
// `expect` of `@types/jest` has its own `jest.Matchers<R, T>`, augmented too.
import type { ScenarioMatchers } from './scenario-matchers.js'

/**
 * The scenario matchers the Jest host registers with Jest's `expect`, each returning Jest's `R`
 * (`void`, or `Promise<void>` after `.resolves` / `.rejects`); `toSatisfyJudge` calls a model, so
 * it always returns a promise (`await expect(result).toSatisfyJudge([...])`), and so does
 * `toAgreeWithLabels`, which reads files.
 */
export type JestScenarioMatchers<R> = {
  [K in Exclude<keyof ScenarioMatchers, 'toSatisfyJudge' | 'toAgreeWithLabels'>]: (
    ...args: Parameters<ScenarioMatchers[K]>
  ) => R
} & Pick<ScenarioMatchers, 'toSatisfyJudge' | 'toAgreeWithLabels'>

declare module 'expect' {
  // The type parameters must be Jest's exactly (all declarations of an interface share them).
  interface Matchers<R extends void | Promise<void>, T = unknown> extends JestScenarioMatchers<R> {}
}

declare global {
  namespace jest {
    // The type parameters must be those of @types/jest exactly.
    // biome-ignore lint/complexity/noBannedTypes: @types/jest declares `T = {}`.
    interface Matchers<R, T = {}> extends JestScenarioMatchers<R> {}
  }
}
