/// <reference types="vitest" preserve="true" />
// Adds the scenario matchers to Vitest's `expect` types; `import … from 'vitest-scenario'` loads
// this file. The reference keeps Vitest's types in the program (an augmentation alone does not
// load the module it augments).
import type { ScenarioMatchers } from './scenario-matchers.js'

export type { MatcherReturn, ScenarioMatchers } from './scenario-matchers.js'

declare module 'vitest' {
  // Vitest 4 declares `Matchers<T = any>` and Vitest 5 `Matchers<R, T>`; all declarations of an
  // interface must have the same type parameters (TS2428). This is the Vitest 4 form, and the
  // matchers take their return type from `this` rather than from `R`, so under Vitest 5 the
  // mismatch costs nothing but the TS2428 report: silenced below in this source, and skipped in
  // the published `.d.ts` by `skipLibCheck` (the default).
  // biome-ignore lint/suspicious/noTsIgnore: @ts-expect-error would fail under Vitest 4.
  // @ts-ignore TS2428 under Vitest 5
  // biome-ignore lint/suspicious/noExplicitAny: the parameter must match Vitest 4's exactly.
  interface Matchers<T = any> extends ScenarioMatchers {}
}
