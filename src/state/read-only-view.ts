import { ReadOnlyStateError } from '../errors/index.js'
import type { DeepReadonly } from './types.js'

// A view is a Proxy over the live state rather than a frozen copy: building it costs nothing
// until a callable reads a field, and a copy of `history` on every turn would grow with the run.
// Each proxy wraps an empty "shadow" target of the same kind (array or object) and forwards to
// the real object, so the Proxy invariants never tie the view to the real object's
// configurability (a frozen part of the state can still be wrapped) and `Array.isArray` holds.

// Each view tree keeps its own cache (nested object → its view), dropped with the tree, rather
// than module-level WeakMaps: a run makes one view of a fresh state object, and one short-lived
// key per run in shared weak tables made garbage collection the largest cost of a short run.

/** Answers `true` through any view's `get` trap: how a view is recognised without a registry. */
const viewBrand = Symbol('vitest-scenario.readOnlyView')

function refuse(action: string, key: PropertyKey | undefined): never {
  throw new ReadOnlyStateError(action, key)
}

/** Objects whose methods need internal slots a Proxy does not have: given as a fresh copy. */
function copyOfBuiltIn(value: object): object | undefined {
  if (value instanceof Date) return new Date(value.getTime())
  if (
    value instanceof Map ||
    value instanceof Set ||
    value instanceof RegExp ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value)
  ) {
    return structuredClone(value)
  }
  return undefined
}

function wrap(value: unknown, cache: Map<object, object>): unknown {
  if (typeof value !== 'object' || value === null) return value
  if ((value as { [viewBrand]?: unknown })[viewBrand] === true) return value
  const cached = cache.get(value)
  if (cached !== undefined) return cached
  const copy = copyOfBuiltIn(value)
  if (copy !== undefined) return copy
  const real = value
  const shadow: object = Array.isArray(real) ? [] : Object.create(null)
  const view = new Proxy(shadow, {
    get: (_, key) => (key === viewBrand ? true : wrap(Reflect.get(real, key, real), cache)),
    has: (_, key) => Reflect.has(real, key),
    ownKeys: () => Reflect.ownKeys(real),
    getPrototypeOf: () => Reflect.getPrototypeOf(real),
    getOwnPropertyDescriptor: (_, key) => {
      const desc = Reflect.getOwnPropertyDescriptor(real, key)
      if (desc === undefined) return undefined
      // An array's `length` is non-configurable on the shadow too; the invariants require it
      // be reported as non-configurable and writable (writes still go through `set` and fail).
      if (Array.isArray(real) && key === 'length') {
        return { value: real.length, writable: true, enumerable: false, configurable: false }
      }
      const enumerable = desc.enumerable ?? false
      return {
        value: wrap(Reflect.get(real, key, real), cache),
        writable: false,
        enumerable,
        configurable: true,
      }
    },
    set: (_, key) => refuse('set', key),
    deleteProperty: (_, key) => refuse('delete', key),
    defineProperty: (_, key) => refuse('define', key),
    setPrototypeOf: () => refuse('change the prototype of an object', undefined),
    preventExtensions: () => refuse('freeze or seal an object', undefined),
  })
  cache.set(real, view)
  return view
}

/**
 * A deeply read-only view of `value` (the state given to function conditions, questions and
 * agents): reads see the live data, any write throws a `ReadOnlyStateError` and changes nothing. `Date`,
 * `Map`, `Set` and other built-ins inside are handed out as fresh copies.
 *
 * @example
 * const view = readOnlyView(state)
 * view.parsed.confidence // reads the live value
 * view.accumulated.tries = 3 // throws ReadOnlyStateError: the state is read-only here
 */
export function readOnlyView<T>(value: T): DeepReadonly<T> {
  return wrap(value, new Map()) as DeepReadonly<T>
}
