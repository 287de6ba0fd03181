import { attachBehaviour, type Behaviour, type DataOf } from './behaviour.js'
import type { Primitive } from './types.js'

/** Reads a boolean: `true`/`false`, or the strings `'true'`/`'false'` in any case, trimmed. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (typeof value !== 'string') return undefined
  const t = value.trim()
  // Length gate first, so arbitrary text is never lowercased.
  if (t.length === 4 && t.toLowerCase() === 'true') return true
  if (t.length === 5 && t.toLowerCase() === 'false') return false
  return undefined
}

/** The registry entry of `booleanMatch`. */
export const booleanMatchBehaviour: Behaviour<DataOf<'BooleanMatch'>> = {
  keys: [],
  build: () => ({ type: 'BooleanMatch' }),
  check: (_data, value, expected) => {
    if (value == null || expected == null) return value == null && expected == null
    const v = toBoolean(value)
    return v !== undefined && v === toBoolean(expected)
  },
  accepts: (_data, value) => value == null || toBoolean(value) !== undefined,
}

/**
 * Compares booleans; the strings `'true'`/`'false'` (any case, trimmed) count as booleans, both
 * nullish match, anything else fails (no truthiness: `'false'` is false, `0` never matches).
 *
 * @example
 * booleanMatch().check(' TRUE ', true) // true
 */
export function booleanMatch(): Primitive<DataOf<'BooleanMatch'>> {
  return attachBehaviour({ type: 'BooleanMatch' }, booleanMatchBehaviour)
}
