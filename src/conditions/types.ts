// The public shapes of an edge condition (`addEdge(source, target, { when })`).
import type { Primitive } from '../primitives/types.js'
import type { ScenarioStateView } from '../state/types.js'

/** A scalar in a when-object: booleans, strings and numbers pick a primitive; `null` = missing. */
export type WhenScalar = boolean | string | number | null

/**
 * JSON data, as `eq`, `neq` and `in` operands may hold it (deep equality for arrays and objects).
 * `undefined` is read as `null`.
 */
export type WhenJson =
  | WhenScalar
  | undefined
  | readonly WhenJson[]
  | { readonly [key: string]: WhenJson }

/** The operator form of a when-object value; several operators are ANDed. */
export interface WhenOperators {
  /** Equal: the value form for scalars, deep equality for arrays and objects. */
  readonly eq?: WhenJson
  /** Not equal; a missing or wrong-typed value does not match. */
  readonly neq?: WhenJson
  /** Greater than (a number, or a numeric string in the state). */
  readonly gt?: number
  /** Greater than or equal. */
  readonly gte?: number
  /** Less than. */
  readonly lt?: number
  /** Less than or equal. */
  readonly lte?: number
  /** One of a list (an element matches as `eq` would); never matches a missing value. */
  readonly in?: readonly WhenJson[]
  /** A regular-expression pattern, searched for in the value (no flags; see `regexMatch`). */
  readonly matches?: string
  /**
   * The value is an array that holds the operand (deep equality), or, when the operand is a
   * list, every element of it: `{ contains: 'search' }`, `{ contains: ['search', 'book'] }`. To
   * look for an element that is itself an array, wrap it: `{ contains: [['a', 'b']] }`.
   */
  readonly contains?: WhenJson
}

/** The names of the operators, in the order messages list them. */
export type WhenOperator = keyof WhenOperators

/**
 * The value checked at one dot path: a scalar or an array (value form) or an operator object.
 * A plain object is always the operator form.
 */
export type WhenValue = WhenScalar | undefined | readonly (WhenScalar | undefined)[] | WhenOperators

/**
 * A when-object: dot path → value; all paths must hold (AND).
 *
 * @example
 * const when: WhenObject = { verifyResult: false, 'parsed.confidence': { gte: 0.8 } }
 */
export interface WhenObject {
  readonly [path: string]: WhenValue
}

/** An explicit check of one dot path with any primitive. */
export interface StateCheck {
  readonly type: 'StateCheck'
  /** The dot path read from the state. */
  readonly field: string
  /** The primitive that compares the value with `expected`. */
  readonly verifyWith: Primitive
  /** What the value is compared with; primitives such as `regexMatch` ignore it. */
  readonly expected?: unknown
}

/** A function condition: given a read-only view of the state, truthy means the edge fires. */
export type WhenFunction = (state: ScenarioStateView) => unknown

/** One element of a `[…]` condition list. */
export type WhenCheck = WhenObject | StateCheck | WhenFunction

/**
 * An edge condition: absent, `undefined` or `null` (unconditional), a when-object, a list of
 * checks (AND; `[]` always holds), a `stateCheck(…)`, or a function of the state.
 */
export type When = WhenObject | StateCheck | readonly WhenCheck[] | WhenFunction | null | undefined
