// A generated argument is a recipe, not the value itself: fast-check prints the label (printing a
// hostile Proxy or a throwing getter would throw inside fast-check), and `make()` builds a fresh
// value for every call, so a call that mutates its argument cannot change the next one.
import fc from 'fast-check'

/** How to build one argument, and how a counter-example names it. */
export interface Recipe {
  readonly label: string
  make(): unknown
}

class LabelledRecipe implements Recipe {
  readonly label: string
  readonly make: () => unknown

  constructor(label: string, make: () => unknown) {
    this.label = label
    this.make = make
  }

  [fc.toStringMethod](): string {
    return this.label
  }
}

/** A recipe from a label and a factory. */
export function recipe(label: string, make: () => unknown): Recipe {
  return new LabelledRecipe(label, make)
}

/** A recipe that always gives `value` (for values that are immutable or fine to share). */
export function constant(value: unknown, label: string = fc.stringify(value)): Recipe {
  return recipe(label, () => value)
}

/** The values of a list of recipes, built now. */
export function makeAll(recipes: readonly Recipe[]): unknown[] {
  return recipes.map((r) => r.make())
}
