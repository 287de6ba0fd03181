// The parts of Jest's `test` that `scenario()` declares with (the same in every Jest 30 release),
// and how the modifiers of `scenario()` map onto them. Jest has no `skipIf`/`runIf`, and chains
// only some modifiers (`test.concurrent.only`, not `test.only.concurrent`), so a declaration is
// described by flags and the matching Jest function is picked when the scenario is declared.

/** A Jest test body (Jest also passes a `done` callback to functions that declare one: ours do not). */
type JestTestFn<Args extends unknown[]> = (...args: Args) => Promise<void>

/** One of Jest's declaring functions: `test`, `test.only`, `test.concurrent.skip`, … */
export interface JestDeclare {
  (name: string, fn: JestTestFn<[]>, timeout?: number): void
  each<Row>(table: readonly Row[]): (name: string, fn: JestTestFn<[Row]>, timeout?: number) => void
}

/** Jest's `test`, as far as `scenario()` uses it. */
export interface JestTest extends JestDeclare {
  readonly skip: JestDeclare
  readonly only: JestDeclare
  readonly concurrent: JestDeclare & { readonly skip: JestDeclare; readonly only: JestDeclare }
  todo(name: string): void
}

/** How a scenario is declared: skipped, focused or neither, and whether it runs concurrently. */
export interface Flags {
  mode: 'run' | 'skip' | 'only'
  concurrent: boolean
}

/** Jest's declaring function for these flags (`skip` wins over `only`, as in Jest). */
export function declarer(test: JestTest, flags: Flags): JestDeclare {
  const base = flags.concurrent ? test.concurrent : test
  if (flags.mode === 'skip') return base.skip
  if (flags.mode === 'only') return base.only
  return base
}
