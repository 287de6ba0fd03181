import { setOwn } from './own-keys.js'

const maxFastDepth = 64

class TooDeep extends Error {}

/**
 * Copies a structured-cloneable value. Plain objects, arrays and scalars — what state almost
 * always holds — are copied directly, which is several times faster than `structuredClone` on
 * the small objects of a turn; anything else (Date, Map, typed arrays, cycles, very deep values)
 * goes through `structuredClone`. Throws, as `structuredClone` does, for values that cannot be
 * cloned (functions, symbols).
 */
export function cloneState<T>(value: T): T {
  try {
    return fastClone(value, 0)
  } catch (error) {
    if (error instanceof TooDeep) return structuredClone(value)
    throw error
  }
}

function fastClone<T>(value: T, depth: number): T {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'function' || typeof value === 'symbol') {
      throw new DOMException(`${String(value)} could not be cloned.`, 'DataCloneError')
    }
    return value
  }
  if (depth > maxFastDepth) throw new TooDeep()
  if (Array.isArray(value)) {
    const copy = new Array(value.length)
    for (let i = 0; i < value.length; i++) copy[i] = fastClone(value[i], depth + 1)
    return copy as T
  }
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return structuredClone(value)
  const copy: Record<string, unknown> = {}
  for (const key in value)
    setOwn(copy, key, fastClone((value as Record<string, unknown>)[key], depth + 1))
  return copy as T
}
