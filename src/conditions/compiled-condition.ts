// The internal form `compileWhen` produces: validated once at `addEdge`, cheap to evaluate.
import type { Normalizer } from '../primitives/index.js'
import type { CompiledPath } from '../state/resolve-path.js'
import type { ScenarioStateView } from '../state/types.js'

/**
 * What one test says about a value: `true`/`false`, or why it cannot match (`missing`: the value
 * is `undefined` or a `null` that counts as missing; `wrongType`: the primitive does not take it).
 * Constant strings, so a test allocates nothing to report a reason.
 */
export type Verdict = boolean | 'missing' | 'wrongType'

/** One test of the value at a path: a value form, one operator, or a `stateCheck`. */
export interface ValueTest {
  /** How diagnostics name the test, e.g. `{ gte: 3 }` (rendered once, at compile time). */
  readonly text: string
  /** Tests the resolved value; never throws for any value. */
  readonly run: (value: unknown) => Verdict
  /**
   * For a string value form (`{ path: 'text' }`): the expected text normalized, and the
   * normalizers. A string value matches exactly when its normalized form is `normalized`, so
   * routing can look a wide fan-out of such edges up instead of trying each one.
   */
  readonly equalsString?: { readonly normalized: string; readonly normalize: readonly Normalizer[] }
  /** For a range operator (`{ path: { gte: 3 } }`): the operator and its bound, for the same. */
  readonly range?: { readonly op: RangeOp; readonly bound: number }
}

/** The range operators of a when-object. */
export type RangeOp = 'gt' | 'gte' | 'lt' | 'lte'

/** The tests of one dot path, ANDed; the path is resolved once for all of them. */
export interface PathCheck {
  readonly kind: 'path'
  readonly path: CompiledPath
  readonly tests: readonly ValueTest[]
}

/** A function condition. */
export interface FunctionCheck {
  readonly kind: 'function'
  readonly fn: (state: ScenarioStateView) => unknown
}

/** One check of a compiled condition. */
export type CompiledCheck = PathCheck | FunctionCheck

/** A validated edge condition: all checks must hold (an empty list always holds). */
export interface CompiledCondition {
  readonly checks: readonly CompiledCheck[]
}
