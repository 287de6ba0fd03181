import { hydratePrimitive, isPrimitive } from '../primitives/index.js'

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * Copies the plain data in `value` (objects, arrays, `Date`s and scalars) so later mutation of
 * the caller's objects has no effect. Opaque values — functions, `RegExp`, zod schemas, class
 * instances — are kept by reference: cloning a zod schema silently breaks it (SPEC section 2).
 * Comparison primitives are copied as data and get their behaviour back.
 */
export function copyPlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(copyPlain) as T
  if (value instanceof Date) return new Date(value.getTime()) as T
  if (!isPlainObject(value)) return value
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) copy[key] = copyPlain(value[key])
  return (isPrimitive(value) ? hydratePrimitive(copy, 'a copied primitive') : copy) as T
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
