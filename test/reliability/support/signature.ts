// One entry of the fuzz table: how to generate the arguments of a public function or method, and
// how to call it.
import fc from 'fast-check'
import { hostileValue } from './hostile-values.js'
import type { Recipe } from './recipe.js'

/** A public function or method as the fuzz calls it. */
export interface Signature {
  /** The arguments of one call, as recipes (built fresh for each call). */
  readonly args: fc.Arbitrary<readonly Recipe[]>
  /** Makes the call with the built arguments; may return a promise. */
  readonly call: (args: unknown[]) => unknown
  /** How many calls per run, relative to the others (1 = the default share). */
  readonly weight?: number
}

/**
 * The arguments of a signature: usually exactly one per parameter; sometimes the trailing ones
 * left out, sometimes one extra (hostile) argument appended.
 */
export function params(...each: fc.Arbitrary<Recipe>[]): fc.Arbitrary<readonly Recipe[]> {
  const full = fc.tuple(...each) as fc.Arbitrary<Recipe[]>
  return fc.oneof(
    { weight: 8, arbitrary: full },
    {
      weight: 1,
      arbitrary: fc
        .tuple(full, fc.nat({ max: each.length }))
        .map(([args, keep]) => args.slice(0, keep)),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(full, hostileValue).map(([args, extra]) => [...args, extra]),
    },
  )
}

/** A signature that calls `fn(...args)`. */
export function fn(
  target: (...args: never[]) => unknown,
  ...each: fc.Arbitrary<Recipe>[]
): Signature {
  return {
    args: params(...each),
    call: (args) => (target as (...a: unknown[]) => unknown)(...args),
  }
}

/** A signature that calls `new C(...args)`. */
export function ctor(
  target: abstract new (...args: never[]) => unknown,
  ...each: fc.Arbitrary<Recipe>[]
): Signature {
  const C = target as unknown as new (...a: unknown[]) => unknown
  return { args: params(...each), call: (args) => new C(...args) }
}

/** A signature that calls `make()[name](...args)` on a fresh receiver. */
export function method(
  make: () => object,
  name: string,
  ...each: fc.Arbitrary<Recipe>[]
): Signature {
  return {
    args: params(...each),
    call: (args) => {
      const receiver = make() as Record<string, (...a: unknown[]) => unknown>
      const target = receiver[name]
      if (typeof target !== 'function') throw new Error(`fuzz table: ${name} is not a method`)
      return target.apply(receiver, args)
    },
  }
}

/** Gives a signature a larger or smaller share of the calls. */
export function weighted(signature: Signature, weight: number): Signature {
  return { ...signature, weight }
}
