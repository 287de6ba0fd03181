// The one rule by which options given at several scopes (the host's, a scenario's, one run's)
// combine: the nearer scope wins, key by key at the top level, and a nested option object such as
// `budget` or `recordings` comes whole from the scope that sets it, never merged key by key.

/** Options at one scope: any of `T`'s keys, where `undefined` means unset. */
export type Scope<T> = { readonly [K in keyof T]?: T[K] | undefined }

/**
 * Merges option scopes given farthest first (host, then scenario, then run): each top-level key
 * takes its value from the nearest scope that sets it; a key set to `undefined` counts as unset. A
 * nested object is taken whole from that scope, so `{ budget: { tokens } }` in a run drops the
 * host's `budget.cost`. The scopes are not changed.
 *
 * @example
 * mergeScopes<RunOptions>({ turnTimeoutMs: 5000, budget: { tokens: 10, cost: 1 } }, { budget: { tokens: 20 } })
 * // { turnTimeoutMs: 5000, budget: { tokens: 20 } }
 */
export function mergeScopes<T extends object>(
  ...scopes: readonly (Scope<T> | undefined)[]
): Partial<T> {
  const merged: Record<string, unknown> = {}
  for (const scope of scopes) {
    if (scope === undefined) continue
    for (const key of Object.keys(scope)) {
      const value = (scope as Record<string, unknown>)[key]
      if (value === undefined) continue
      // Defined, not assigned: a `__proto__` key stays a key and never becomes the prototype.
      Object.defineProperty(merged, key, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      })
    }
  }
  return merged as Partial<T>
}

/**
 * The part of a scope a merge takes: its own `keys` (a host's options hold more than a run takes,
 * a scenario's options some that shape the test rather than the run).
 *
 * @example
 * pickScope({ model: { model: 'gpt-4.1-mini' }, maxConcurrentCalls: 8 }, ['model']) // { model: { model: 'gpt-4.1-mini' } }
 */
export function pickScope<T extends object, K extends keyof T & string>(
  scope: T | undefined,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {}
  if (scope === undefined) return picked
  for (const key of keys) {
    if (Object.hasOwn(scope, key)) picked[key] = scope[key]
  }
  return picked
}

/**
 * The top-level keys two object schemas share, in the first one's order: which options of one
 * scope are options of another (a scenario's that are run options, say).
 *
 * @example
 * sharedKeys(scenarioOptionsSchema.shape, runOptionsSchema.shape) // ['model', 'parsingModel', …]
 */
export function sharedKeys<A extends object, B extends object>(
  a: A,
  b: B,
): (keyof A & keyof B & string)[] {
  return Object.keys(a).filter((key): key is keyof A & keyof B & string => Object.hasOwn(b, key))
}
