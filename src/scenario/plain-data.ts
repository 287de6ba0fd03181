import { InvalidArgumentError } from '../errors/index.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { hydratePrimitive, isPrimitive } from '../primitives/index.js'

/**
 * Copies the plain data in `value` (objects, arrays, `Date`s and scalars) so later mutation of
 * the caller's objects has no effect. Opaque values — functions, `RegExp`, zod schemas, class
 * instances — are kept by reference: cloning a zod schema silently breaks it.
 * Comparison primitives are copied as data and get their behaviour back. Plain data must be a
 * tree: a cycle is an error, not a stack overflow.
 */
export function copyPlain<T>(value: T): T {
  return copyValue(value, new Set())
}

function copyValue<T>(value: T, path: Set<object>): T {
  if (typeof value !== 'object' || value === null) return value
  if (value instanceof Date) return new Date(value.getTime()) as T
  const isArray = Array.isArray(value)
  if (!isArray && !isPlainObject(value)) return value
  if (path.has(value)) {
    throw new InvalidArgumentError(
      'The plain data given to the scenario contains a cycle',
      'Plain data (metadata, ground truth, conditions, …) must be a tree of objects and arrays.',
    )
  }
  path.add(value)
  let copy: unknown
  if (isArray) {
    copy = value.map((item) => copyValue(item, path))
  } else {
    const record: Record<string, unknown> = {}
    for (const key of Object.keys(value)) {
      // defineProperty, not assignment: a '__proto__' key must stay a key, not set a prototype.
      Object.defineProperty(record, key, {
        value: copyValue(value[key], path),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    copy = isPrimitive(value) ? hydratePrimitive(record, 'a copied primitive') : record
  }
  path.delete(value)
  return copy as T
}

/** Freezes the plain data in `value`, deeply; opaque values are left as they are. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  if (Array.isArray(value)) {
    for (const item of value) deepFreeze(item)
    return Object.freeze(value)
  }
  if (value instanceof Date) return Object.freeze(value)
  if (!isPlainObject(value)) return value
  for (const key of Object.keys(value)) deepFreeze(value[key])
  return Object.freeze(value)
}
