import { applyNormalizers, deepEqual, isPlainObject } from '../primitives/index.js'
import type { Normalizer } from '../primitives/types.js'
import type { CrossTurnComparison } from './types.js'

/** Whether `comparison` orders its operands (then only two numbers or two strings compare). */
export function isOrdering(comparison: CrossTurnComparison): boolean {
  return comparison === 'gt' || comparison === 'gte' || comparison === 'lt' || comparison === 'lte'
}

/** Whether two values can be ordered: both numbers or both strings. */
export function canOrder(a: unknown, b: unknown): boolean {
  const type = typeof a
  return (type === 'number' || type === 'string') && typeof b === type
}

/**
 * Applies normalizers to a string, or to every string leaf of an array or plain object;
 * other values are returned as they are. Copies only what it changes the shape of.
 */
export function normalizeLeaves(value: unknown, normalize: readonly Normalizer[]): unknown {
  if (normalize.length === 0) return value
  if (typeof value === 'string') return applyNormalizers(value, normalize)
  if (Array.isArray(value)) return value.map((item) => normalizeLeaves(item, normalize))
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value)) {
      // defineProperty keeps a key such as '__proto__' an ordinary key.
      Object.defineProperty(out, key, {
        value: normalizeLeaves(value[key], normalize),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }
  return value
}

/**
 * Compares `target <comparison> source` for two present (non-nullish, already normalized)
 * values: `eq`/`neq` by deep equality; ordering between two numbers or two strings only;
 * `contains` as a substring of a string target, or as a deep-equal element of an array target.
 */
export function compareValues(
  target: unknown,
  comparison: CrossTurnComparison,
  source: unknown,
): boolean {
  switch (comparison) {
    case 'eq':
      return deepEqual(target, source)
    case 'neq':
      return !deepEqual(target, source)
    case 'contains':
      if (typeof target === 'string') return typeof source === 'string' && target.includes(source)
      return Array.isArray(target) && target.some((item) => deepEqual(item, source))
  }
  if (!canOrder(target, source)) return false
  const t = target as number | string
  const s = source as number | string
  switch (comparison) {
    case 'gt':
      return t > s
    case 'gte':
      return t >= s
    case 'lt':
      return t < s
    default:
      return t <= s
  }
}
