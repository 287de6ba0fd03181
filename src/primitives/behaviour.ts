// The shape of one registry entry, and how a factory turns data into a usable primitive.
import { assertReadable } from '../internal/assert-readable.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/option-keys.js'
import type { DataOf, Primitive, PrimitiveData } from './types.js'

/** Re-exported for the primitives that import it from here. */
export type { DataOf }

/** The behaviour of one primitive type, given its data explicitly (the registry entry). */
export interface Behaviour<D extends PrimitiveData> {
  /** The keys the data holds besides `type`, for unknown-key errors. */
  keys: readonly string[]
  /**
   * Validates the fields (a factory's options plus its positional arguments, or JSON data without
   * `type`; unknown keys were already rejected), applies defaults and returns new data.
   */
  build(fields: Record<string, unknown>, where: string): D
  /** Whether `value` passes against `expected`. */
  check(data: D, value: unknown, expected: unknown): boolean
  /** Partial credit in [0, 1]; absent means 1/0 from `check`. */
  score?: ((data: D, value: unknown, expected: unknown) => number) | undefined
  /** Whether `value` is of a type this primitive takes (else a "wrong type" diagnostic). */
  accepts(data: D, value: unknown, expected: unknown): boolean
}

/**
 * Attaches `check` and `score` as non-enumerable methods and freezes the data, so the primitive
 * serializes, clones and compares as its data alone (and cached compiled state stays valid).
 */
export function attachBehaviour<D extends PrimitiveData>(data: D, b: Behaviour<D>): Primitive<D> {
  const score = b.score
  Object.defineProperties(data, {
    // Closures over `data`, so a destructured `check` still works.
    check: { value: (value: unknown, expected?: unknown) => b.check(data, value, expected) },
    score: {
      value:
        score === undefined
          ? (value: unknown, expected?: unknown) => (b.check(data, value, expected) ? 1 : 0)
          : (value: unknown, expected?: unknown) => score(data, value, expected),
    },
  })
  return Object.freeze(data) as Primitive<D>
}

/** State compiled from a primitive's data, cached per data object; `prime` stores it up front. */
export interface CompiledCache<D extends object, C> {
  (data: D): C
  /** Stores state already compiled (e.g. while validating at the factory call). */
  prime(data: D, compiled: C): void
}

/**
 * Caches state compiled from a primitive's data (a RegExp, parsed bounds) per data object, so
 * checks never recompile; sound because primitives are frozen (immutable by contract).
 */
export function compiledCache<D extends object, C>(compile: (data: D) => C): CompiledCache<D, C> {
  const cache = new WeakMap<D, C>()
  const get = (data: D): C => {
    let compiled = cache.get(data)
    if (compiled === undefined) {
      compiled = compile(data)
      cache.set(data, compiled)
    }
    return compiled
  }
  return Object.assign(get, {
    prime: (data: D, compiled: C) => {
      cache.set(data, compiled)
    },
  })
}

/**
 * Builds a primitive from a factory's options and positional arguments: the options must be a
 * plain object with known keys; errors name `where` (e.g. `'exactMatch()'`).
 */
export function fromFactory<D extends PrimitiveData>(
  b: Behaviour<D>,
  options: unknown,
  where: string,
  positional?: Record<string, unknown>,
): Primitive<D> {
  const optionKeys = positional === undefined ? b.keys : b.keys.filter((k) => !(k in positional))
  const fields = parseOptionKeys(options, optionKeys, { where, fix: OPTIONS_FIX })
  // The positional arguments (substrings, a pattern, a mode) are read like the options.
  assertReadable(positional, where)
  return attachBehaviour(b.build({ ...fields, ...positional }, where), b)
}
